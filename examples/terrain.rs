//! A destructible landscape: the mouse carves craters and piles up earth in a terrain mask, and a
//! turned, stretched plus-shaped block falls under gravity and comes to rest on whatever is left,
//! with every contact decided by the collision library.
//!
//! `cargo run --release --example terrain`
//!
//! Left mouse button: carve a crater; right button: add earth; wheel: brush size; Left / Right arrows:
//! push the block; Space: drop it again above the pointer; Backspace: new landscape; Esc: quit.

#[path = "support/draw.rs"]
mod draw;
#[path = "support/quiet_audio.rs"]
mod quiet_audio;

use std::time::Instant;

use glam::{Affine2, Vec2};
use image::{Rgba, RgbaImage};
use macroquad::prelude::{
    clear_background, draw_circle_lines, draw_text, draw_texture, get_frame_time, is_key_down,
    is_key_pressed, is_mouse_button_down, mouse_position, mouse_wheel, next_frame, Color, Conf,
    FilterMode, Image, KeyCode, MouseButton, Texture2D,
};
use spinfall::collision::{overlaps, sprite_transform, Mask, Sprite};

const WIDTH: u32 = 1200;
const HEIGHT: u32 = 720;
/// The terrain covers the lower part of the window, one texel to a pixel.
const TERRAIN_HEIGHT: u32 = 400;
const TERRAIN_TOP: f32 = (HEIGHT - TERRAIN_HEIGHT) as f32;
/// Earth and block colours; the CI check looks for exactly these in a screenshot.
const EARTH: [u8; 4] = [139, 94, 52, 255];
const BLOCK: [u8; 4] = [230, 180, 40, 255];
const SKY: Color = Color::new(0.55, 0.75, 0.95, 1.0);

/// The block: a 16 x 16 plus, drawn stretched and turned so that the test is not axis-aligned.
const BLOCK_SIZE: u32 = 16;
const BLOCK_SCALE: Vec2 = Vec2::new(3.5, 2.75);
const BLOCK_TILT: f32 = 0.35;
/// Pixels per second squared, and the most the block falls per collision test: small enough that it
/// cannot pass through a thin ledge between two tests.
const GRAVITY: f32 = 900.0;
const MAX_STEP: f32 = 3.0;
/// How high the block climbs to get over a bump when pushed sideways, and how far it is lifted out
/// of earth piled onto it.
const CLIMB: f32 = 6.0;
const LIFT: f32 = 48.0;

fn plus(x: u32, y: u32) -> bool {
    let bar = |v: u32| (5..11).contains(&v);
    bar(x) || bar(y)
}

/// Rolling hills with a few caves, from the seed; deterministic so the smoke test sees a steady picture.
fn landscape(seed: f32) -> Mask {
    let caves = [
        (250.0, 300.0, 45.0),
        (760.0, 280.0, 60.0),
        (1010.0, 340.0, 35.0),
    ];
    Mask::from_fn(WIDTH, TERRAIN_HEIGHT, |x, y| {
        let (fx, fy) = (x as f32, y as f32);
        let surface = 150.0
            + 60.0 * (fx / 140.0 + seed).sin()
            + 25.0 * (fx / 47.0 + 2.0 * seed).sin()
            + 8.0 * (fx / 13.0).sin();
        let in_cave = caves
            .iter()
            .any(|&(cx, cy, r)| (fx - cx).powi(2) + ((fy - cy) * 1.6).powi(2) < r * r);
        fy >= surface && !in_cave
    })
    .expect("the hills leave solid ground")
}

/// The terrain's picture, kept in step with its mask one edited rectangle at a time.
struct Ground {
    mask: Mask,
    pixels: RgbaImage,
    texture: Texture2D,
}

impl Ground {
    fn new(mask: Mask) -> Self {
        let pixels = RgbaImage::from_fn(WIDTH, TERRAIN_HEIGHT, |x, y| texel_colour(&mask, x, y));
        let texture = Texture2D::from_rgba8(WIDTH as u16, TERRAIN_HEIGHT as u16, pixels.as_raw());
        texture.set_filter(FilterMode::Nearest);
        Ground {
            mask,
            pixels,
            texture,
        }
    }

    fn placement() -> Affine2 {
        Affine2::from_translation(Vec2::new(0.0, TERRAIN_TOP))
    }

    fn sprite(&self) -> Sprite<'_> {
        Sprite::new(&self.mask, Self::placement())
    }

    /// Carves (or fills) a circle at world point `at` and uploads only the rectangle it covers, so a
    /// stroke costs the crater's size rather than the whole landscape's.
    fn edit(&mut self, at: Vec2, radius: f32, solid: bool) {
        let centre = at - Vec2::new(0.0, TERRAIN_TOP);
        self.mask.fill_circle(centre, radius, solid);
        let Some([x0, y0, x1, y1]) = draw::brush_rect(centre, radius, WIDTH, TERRAIN_HEIGHT) else {
            return;
        };
        let mut bytes = Vec::with_capacity(((x1 - x0) * (y1 - y0) * 4) as usize);
        for y in y0..y1 {
            for x in x0..x1 {
                let c = texel_colour(&self.mask, x, y);
                self.pixels.put_pixel(x, y, c);
                bytes.extend_from_slice(&c.0);
            }
        }
        let (w, h) = ((x1 - x0) as u16, (y1 - y0) as u16);
        self.texture.update_part(
            &Image {
                bytes,
                width: w,
                height: h,
            },
            x0 as i32,
            y0 as i32,
            i32::from(w),
            i32::from(h),
        );
    }
}

fn texel_colour(mask: &Mask, x: u32, y: u32) -> Rgba<u8> {
    Rgba(if mask.is_solid(x, y) {
        EARTH
    } else {
        [0, 0, 0, 0]
    })
}

/// The falling block: where it is, how it is turned, and how fast it falls.
struct Block {
    mask: Mask,
    texture: Texture2D,
    position: Vec2,
    rotation: f32,
    fall_speed: f32,
    resting: bool,
}

impl Block {
    fn transform_at(&self, position: Vec2, rotation: f32) -> Affine2 {
        let origin = Vec2::splat(BLOCK_SIZE as f32 / 2.0);
        sprite_transform(position, rotation, BLOCK_SCALE, origin)
    }

    fn hits(&self, ground: &Sprite, position: Vec2, rotation: f32) -> bool {
        let me = Sprite::new(&self.mask, self.transform_at(position, rotation));
        me.bounds().intersects(&ground.bounds()) && overlaps(me, *ground)
    }

    fn drop_at(&mut self, x: f32) {
        self.position = Vec2::new(x, 40.0);
        self.rotation = BLOCK_TILT;
        self.fall_speed = 0.0;
        self.resting = false;
    }

    /// Falls for `dt` seconds in steps of at most `MAX_STEP`; on touching the ground, bisects the last
    /// step to come to rest just clear of it.
    fn fall(&mut self, ground: &Sprite, dt: f32) {
        if self.hits(ground, self.position, self.rotation) {
            // Earth was piled onto the block: lift it out if that is a short way, else leave it buried.
            if let Some(up) = (1..=LIFT as u32)
                .map(|d| d as f32)
                .find(|&d| !self.hits(ground, self.position - Vec2::new(0.0, d), self.rotation))
            {
                self.position.y -= up;
            }
            self.fall_speed = 0.0;
            self.resting = true;
            return;
        }
        self.fall_speed += GRAVITY * dt;
        let mut left = self.fall_speed * dt;
        self.resting = false;
        while left > 0.0 {
            let step = left.min(MAX_STEP);
            let next = self.position + Vec2::new(0.0, step);
            if !self.hits(ground, next, self.rotation) {
                self.position = next;
                left -= step;
                continue;
            }
            let (mut free, mut blocked) = (0.0f32, step);
            for _ in 0..8 {
                let mid = (free + blocked) / 2.0;
                if self.hits(ground, self.position + Vec2::new(0.0, mid), self.rotation) {
                    blocked = mid;
                } else {
                    free = mid;
                }
            }
            self.position.y += free;
            self.fall_speed = 0.0;
            self.resting = true;
            break;
        }
        if self.resting {
            self.settle(ground);
        }
    }

    /// Tilts a resting block a little at a time while tilting lets it sink, so that it leans onto the
    /// slope under it instead of balancing on one corner.
    fn settle(&mut self, ground: &Sprite) {
        let sink = Vec2::new(0.0, 1.0);
        for turn in [0.02f32, -0.02] {
            let rotation = self.rotation + turn;
            if !self.hits(ground, self.position, rotation)
                && !self.hits(ground, self.position + sink, rotation)
            {
                self.rotation = rotation;
                self.resting = false;
                return;
            }
        }
    }

    /// Pushes the block sideways, climbing small bumps; a wall stops it.
    fn push(&mut self, ground: &Sprite, dx: f32) {
        for climb in 0..=CLIMB as u32 {
            let next = self.position + Vec2::new(dx, -(climb as f32));
            if !self.hits(ground, next, self.rotation) {
                self.position = next;
                self.resting = false;
                return;
            }
        }
    }
}

fn window_conf() -> Conf {
    Conf {
        window_title: "Spinfall terrain".to_owned(),
        // Fits a 1280 x 800 screen with the title bar.
        window_width: WIDTH as i32,
        window_height: HEIGHT as i32,
        sample_count: 4,
        ..Default::default()
    }
}

fn main() {
    quiet_audio::silence_audio();
    macroquad::Window::from_config(window_conf(), run());
}

async fn run() {
    let mut seed = 0.0f32;
    let mut ground = Ground::new(landscape(seed));
    let block_image = RgbaImage::from_fn(BLOCK_SIZE, BLOCK_SIZE, |x, y| {
        Rgba(if plus(x, y) { BLOCK } else { [0, 0, 0, 0] })
    });
    let block_texture =
        Texture2D::from_rgba8(BLOCK_SIZE as u16, BLOCK_SIZE as u16, block_image.as_raw());
    block_texture.set_filter(FilterMode::Nearest);
    let mut block = Block {
        mask: Mask::from_fn(BLOCK_SIZE, BLOCK_SIZE, plus).expect("the plus is solid"),
        texture: block_texture,
        position: Vec2::ZERO,
        rotation: 0.0,
        fall_speed: 0.0,
        resting: false,
    };
    block.drop_at(WIDTH as f32 / 2.0);
    let mut radius = 28.0f32;
    let mut edit_us = 0.0f64;
    loop {
        if is_key_pressed(KeyCode::Escape) {
            break;
        }
        let dt = get_frame_time().min(1.0 / 30.0);
        let mouse = Vec2::from(mouse_position());
        let wheel = mouse_wheel().1;
        if wheel > 0.0 {
            radius = (radius * 1.15).min(120.0);
        } else if wheel < 0.0 {
            radius = (radius / 1.15).max(4.0);
        }
        let (carve, fill) = (
            is_mouse_button_down(MouseButton::Left),
            is_mouse_button_down(MouseButton::Right),
        );
        if carve != fill {
            let start = Instant::now();
            ground.edit(mouse, radius, fill);
            edit_us = start.elapsed().as_secs_f64() * 1e6;
        }
        if is_key_pressed(KeyCode::Backspace) {
            seed += 1.7;
            ground = Ground::new(landscape(seed));
            block.drop_at(block.position.x);
        }
        if is_key_pressed(KeyCode::Space) {
            block.drop_at(mouse.x.clamp(0.0, WIDTH as f32));
        }
        {
            let terrain = ground.sprite();
            let push = 150.0 * dt;
            if is_key_down(KeyCode::Left) {
                block.push(&terrain, -push);
            }
            if is_key_down(KeyCode::Right) {
                block.push(&terrain, push);
            }
            block.fall(&terrain, dt);
        }
        if block.position.y > HEIGHT as f32 + 100.0 {
            block.drop_at(block.position.x.clamp(0.0, WIDTH as f32));
        }

        clear_background(SKY);
        draw_texture(&ground.texture, 0.0, TERRAIN_TOP, macroquad::color::WHITE);
        draw::draw_affine(
            &block.texture,
            Vec2::splat(BLOCK_SIZE as f32),
            block.transform_at(block.position, block.rotation),
            macroquad::color::WHITE,
        );
        draw_circle_lines(
            mouse.x,
            mouse.y,
            radius,
            2.0,
            Color::new(0.0, 0.0, 0.0, 0.6),
        );
        let lines = [
            "left button: carve a crater | right button: add earth | wheel: brush size".to_string(),
            "Left/Right: push the block | Space: drop it above the pointer | Backspace: new landscape | Esc: quit".to_string(),
            format!(
                "block {} at {:.0}, {:.0}, turned {:.0} deg | last edit {:.1} us (mask and texture)",
                if block.resting { "resting" } else { "falling" },
                block.position.x,
                block.position.y,
                block.rotation.to_degrees(),
                edit_us
            ),
        ];
        for (i, l) in lines.iter().enumerate() {
            draw_text(
                l,
                16.0,
                28.0 + 22.0 * i as f32,
                22.0,
                macroquad::color::BLACK,
            );
        }
        next_frame().await;
    }
}
