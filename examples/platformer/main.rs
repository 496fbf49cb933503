//! A small platformer on pixel shapes: the game's figure walks, jumps and lands on a bumpy hill, a
//! tilted plank, a turned plus and a rocking plank, each a per-pixel mask placed turned and scaled,
//! with every contact resolved by the collision library's mover (`Mover::move_and_slide`).
//!
//! `cargo run --release --example platformer`
//!
//! Left / Right or A / D: walk; Space, Up or W: jump (hold for a higher jump); R: start again; F3: the
//! debug view (the last move as an arrow, the last contact's normal and point); Esc: quit. Gamepad: left
//! stick or D-pad to walk, South (A / cross) to jump.

// The brush helper in there serves the painting examples.
#[allow(dead_code)]
#[path = "../support/draw.rs"]
mod draw;
mod physics;
#[path = "../support/quiet_audio.rs"]
mod quiet_audio;

use std::time::Instant;

use glam::Vec2;
use image::{Rgba, RgbaImage};
use macroquad::prelude::{
    clear_background, draw_circle, draw_line, draw_mesh, draw_rectangle, draw_rectangle_lines,
    draw_text, draw_triangle, get_frame_time, is_key_down, is_key_pressed, measure_text,
    next_frame, Color, Conf, FilterMode, KeyCode, Mesh, Texture2D, Vertex,
};
use physics::{Input, Look, World, STEP};
use spinfall::collision::{ContactKind, Mask};

const WIDTH: f32 = 1200.0;
const HEIGHT: f32 = 720.0;

/// Earth and the figure's shirt: the CI check looks for exactly these two colours in a screenshot.
const EARTH: [u8; 4] = [139, 94, 52, 255];
const EARTH_DARK: [u8; 4] = [118, 78, 44, 255];
const GRASS: [u8; 4] = [104, 178, 72, 255];
const GRASS_DARK: [u8; 4] = [76, 146, 58, 255];
const WOOD: [u8; 4] = [172, 116, 64, 255];
const WOOD_LIGHT: [u8; 4] = [201, 146, 88, 255];
const WOOD_DARK: [u8; 4] = [122, 78, 42, 255];
/// The terrain example's block colour, with a lit and a shaded rim.
const GOLD: [u8; 4] = [230, 180, 40, 255];
const GOLD_LIGHT: [u8; 4] = [250, 214, 96, 255];
const GOLD_DARK: [u8; 4] = [184, 132, 28, 255];

const SKY_TOP: Color = Color::new(0.45, 0.68, 0.93, 1.0);
const SKY_LOW: Color = Color::new(0.78, 0.89, 0.98, 1.0);
const FAR_HILLS: Color = Color::new(0.62, 0.78, 0.74, 1.0);
const NEAR_HILLS: Color = Color::new(0.5, 0.7, 0.58, 1.0);
const CLOUD: Color = Color::new(1.0, 1.0, 1.0, 0.85);
const HUD_PANEL: Color = Color::new(0.05, 0.08, 0.16, 0.55);
const HUD_TEXT: Color = Color::new(1.0, 1.0, 1.0, 0.95);
/// Debug view: the figure's last move (arrow), the last contact's normal and point.
const PUSH_ARROW: Color = Color::new(1.0, 0.45, 0.05, 1.0);
const NORMAL_LINE: Color = Color::new(0.1, 0.95, 1.0, 1.0);
const BOUNDS_LINE: Color = Color::new(1.0, 1.0, 1.0, 0.5);
/// A step's move is a pixel or a few; the arrow shows it this many times longer.
const ARROW_ZOOM: f32 = 8.0;

/// The colour of solid texel `(x, y)` of a platform's mask: a lit top, a body and a shaded underside
/// in the mask's own texel space, so the shading turns with the platform.
fn texel_colour(mask: &Mask, look: Look, x: u32, y: u32) -> [u8; 4] {
    if !mask.is_solid(x, y) {
        return [0, 0, 0, 0];
    }
    // Neighbours past the mask's edge (a negative coordinate included) are open.
    let open = |dx: i64, dy: i64| {
        let (nx, ny) = (i64::from(x) + dx, i64::from(y) + dy);
        !matches!((u32::try_from(nx), u32::try_from(ny)), (Ok(nx), Ok(ny)) if mask.is_solid(nx, ny))
    };
    let (x, y) = (i64::from(x), i64::from(y));
    // A cheap hash for speckles and board seams that stay put from run to run.
    let noise = (x.wrapping_mul(73_856_093) ^ y.wrapping_mul(19_349_663)).rem_euclid(29);
    match look {
        Look::Earth if open(0, -1) => GRASS,
        Look::Earth if open(0, -2) => GRASS_DARK,
        Look::Earth if noise == 0 => EARTH_DARK,
        Look::Earth => EARTH,
        Look::Wood if open(0, -1) => WOOD_LIGHT,
        Look::Wood if open(0, 1) || x % 13 == 12 => WOOD_DARK,
        Look::Wood => WOOD,
        Look::Gold if open(0, -1) || open(-1, 0) => GOLD_LIGHT,
        Look::Gold if open(0, 1) || open(1, 0) => GOLD_DARK,
        Look::Gold => GOLD,
    }
}

fn texture(image: &RgbaImage) -> Texture2D {
    let t = Texture2D::from_rgba8(image.width() as u16, image.height() as u16, image.as_raw());
    t.set_filter(FilterMode::Nearest);
    t
}

fn platform_texture(mask: &Mask, look: Look) -> Texture2D {
    texture(&RgbaImage::from_fn(mask.width(), mask.height(), |x, y| {
        Rgba(texel_colour(mask, look, x, y))
    }))
}

fn window_conf() -> Conf {
    Conf {
        window_title: "Spinfall platformer".to_owned(),
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
    let mut world = World::level();
    let platform_textures: Vec<Texture2D> = world
        .platforms
        .iter()
        .map(|p| platform_texture(&p.mask, p.look))
        .collect();
    let figure_texture = texture(&physics::figure_image());
    let mut pads = pads::Pads::new();
    let mut debug = false;
    let mut lag = 0.0f32;
    let mut step_us = 0.0f64;
    loop {
        if is_key_pressed(KeyCode::Escape) {
            break;
        }
        if is_key_pressed(KeyCode::F3) {
            debug = !debug;
        }
        if is_key_pressed(KeyCode::R) {
            world.reset();
        }
        let pad = pads.poll();
        let key = |keys: &[KeyCode]| keys.iter().any(|&k| is_key_down(k) || is_key_pressed(k));
        let keys_x = f32::from(u8::from(key(&[KeyCode::Right, KeyCode::D])))
            - f32::from(u8::from(key(&[KeyCode::Left, KeyCode::A])));
        let input = Input {
            move_x: (keys_x + pad.move_x).clamp(-1.0, 1.0),
            jump: key(&[KeyCode::Space, KeyCode::Up, KeyCode::W]) || pad.jump,
        };

        // A fixed step keeps jumps the same height at any frame rate; a long stall (a dragged window)
        // is dropped rather than replayed.
        lag = (lag + get_frame_time()).min(0.25);
        while lag >= STEP {
            let start = Instant::now();
            world.step(input);
            step_us = start.elapsed().as_secs_f64() * 1e6;
            lag -= STEP;
        }

        draw_backdrop(world.time);
        for (i, t) in platform_textures.iter().enumerate() {
            let p = &world.platforms[i];
            let size = Vec2::new(p.mask.width() as f32, p.mask.height() as f32);
            draw::draw_affine(t, size, p.transform_at(world.time), macroquad::color::WHITE);
        }
        let fig_size = Vec2::new(
            world.figure_mask.width() as f32,
            world.figure_mask.height() as f32,
        );
        draw::draw_affine(
            &figure_texture,
            fig_size,
            world.figure_transform_at(world.figure.position),
            macroquad::color::WHITE,
        );
        if debug {
            draw_debug(&world, step_us);
        }
        draw_hud(&pads);
        next_frame().await;
    }
}

/// Sky, distant hills and drifting clouds: scenery that nothing collides with.
fn draw_backdrop(time: f32) {
    clear_background(SKY_LOW);
    let v = |x: f32, y: f32, c: Color| Vertex::new(x, y, 0.0, 0.0, 0.0, c);
    draw_mesh(&Mesh {
        vertices: vec![
            v(0.0, 0.0, SKY_TOP),
            v(WIDTH, 0.0, SKY_TOP),
            v(WIDTH, HEIGHT * 0.8, SKY_LOW),
            v(0.0, HEIGHT * 0.8, SKY_LOW),
        ],
        indices: vec![0, 1, 2, 0, 2, 3],
        texture: None,
    });
    for (i, &(x, y)) in [
        (90.0, 150.0),
        (430.0, 90.0),
        (760.0, 175.0),
        (1080.0, 110.0),
    ]
    .iter()
    .enumerate()
    {
        let x = (x + time * (6.0 + 2.0 * i as f32)) % (WIDTH + 200.0) - 100.0;
        for (dx, dy, r) in [
            (0.0, 0.0, 26.0),
            (30.0, -12.0, 32.0),
            (64.0, 0.0, 24.0),
            (32.0, 8.0, 22.0),
        ] {
            draw_circle(x + dx, y + dy, r, CLOUD);
        }
    }
    for (x, r) in [(180.0, 260.0), (620.0, 320.0), (1060.0, 280.0)] {
        draw_circle(x, 700.0 + r * 0.35, r, FAR_HILLS);
    }
    for (x, r) in [(420.0, 170.0), (880.0, 200.0), (1200.0, 150.0)] {
        draw_circle(x, 690.0 + r * 0.45, r, NEAR_HILLS);
    }
}

fn draw_hud(pads: &pads::Pads) {
    let lines = [
        "Left/Right or A/D: walk | Space/Up/W: jump (hold: higher) | R: start again | F3: debug | Esc: quit",
        if pads.active() {
            "gamepad: left stick or D-pad: walk | South button: jump"
        } else {
            "gamepad: none found (left stick or D-pad walks, South jumps when one is plugged in)"
        },
    ];
    let size = 20.0;
    let width = lines
        .iter()
        .map(|l| measure_text(l, None, size as u16, 1.0).width)
        .fold(0.0, f32::max);
    draw_rectangle(
        8.0,
        8.0,
        width + 20.0,
        14.0 + 22.0 * lines.len() as f32,
        HUD_PANEL,
    );
    for (i, l) in lines.iter().enumerate() {
        draw_text(l, 18.0, 30.0 + 22.0 * i as f32, size, HUD_TEXT);
    }
}

/// Bounds, the last move (arrow, magnified), the last contact's normal at its point, and the numbers.
fn draw_debug(world: &World, step_us: f64) {
    for i in 0..world.platforms.len() {
        let b = world.platform_sprite(i).bounds();
        draw_rectangle_lines(b.min.x, b.min.y, b.size().x, b.size().y, 1.0, BOUNDS_LINE);
    }
    let me = world.figure_sprite().bounds();
    draw_rectangle_lines(
        me.min.x,
        me.min.y,
        me.size().x,
        me.size().y,
        1.0,
        BOUNDS_LINE,
    );
    let mut lines = vec![format!(
        "feet {:.2}, {:.2} | velocity {:.0}, {:.0} px/s | {} | step {:.0} us | {} contacts this step{}",
        world.figure.position.x,
        world.figure.position.y,
        world.figure.velocity.x,
        world.figure.velocity.y,
        if world.figure.grounded { "standing" } else { "in the air" },
        step_us,
        world.contacts.len(),
        // The mover's promise, shown where it would be broken.
        if world.blocked_at(world.figure.position) { " | INSIDE A PLATFORM" } else { "" }
    )];
    let from = me.center();
    arrow(from, from + world.last_offset * ARROW_ZOOM, PUSH_ARROW);
    if let Some(c) = world.last_contact {
        draw_line(
            c.point.x,
            c.point.y,
            c.point.x + c.normal.x * 40.0,
            c.point.y + c.normal.y * 40.0,
            2.0,
            NORMAL_LINE,
        );
        let (x, y) = (c.point.x, c.point.y);
        draw_line(x - 5.0, y - 5.0, x + 5.0, y + 5.0, 2.0, NORMAL_LINE);
        draw_line(x - 5.0, y + 5.0, x + 5.0, y - 5.0, 2.0, NORMAL_LINE);
        let kind = match c.kind {
            ContactKind::Floor => "floor",
            ContactKind::Step => "step",
            ContactKind::Wall => "wall",
            ContactKind::Ceiling => "ceiling",
        };
        lines.push(format!(
            "last contact: {kind} on platform {} | move {:.3}, {:.3} (arrow x{ARROW_ZOOM:.0}) | normal {:.2}, {:.2}",
            c.obstacle, world.last_offset.x, world.last_offset.y, c.normal.x, c.normal.y
        ));
    }
    for (i, l) in lines.iter().enumerate() {
        draw_text(
            l,
            18.0,
            88.0 + 22.0 * i as f32,
            20.0,
            macroquad::color::BLACK,
        );
    }
}

fn arrow(from: Vec2, to: Vec2, colour: Color) {
    let d = to - from;
    if d.length() < 1.0 {
        draw_circle(from.x, from.y, 3.0, colour);
        return;
    }
    let u = d.normalize();
    let side = u.perp() * 5.0;
    let base = to - u * 9.0;
    draw_line(from.x, from.y, base.x, base.y, 2.5, colour);
    draw_triangle(
        macroquad::math::vec2(to.x, to.y),
        macroquad::math::vec2(base.x + side.x, base.y + side.y),
        macroquad::math::vec2(base.x - side.x, base.y - side.y),
        colour,
    );
}

/// Gamepad input (inert without the `gamepad` feature or a working gilrs).
mod pads {
    /// What the platformer reads from the gamepads.
    #[derive(Default)]
    pub struct PadState {
        pub move_x: f32,
        pub jump: bool,
    }

    /// A stick must lean this far before the figure walks, so a worn stick at rest does not drift.
    #[cfg(feature = "gamepad")]
    const DEAD_ZONE: f32 = 0.25;

    #[cfg(feature = "gamepad")]
    pub struct Pads(Option<gilrs::Gilrs>);

    #[cfg(feature = "gamepad")]
    impl Pads {
        pub fn new() -> Self {
            match gilrs::Gilrs::new() {
                Ok(g) => Pads(Some(g)),
                Err(e) => {
                    eprintln!(
                        "platformer: warning: gamepads unavailable ({e}); the keyboard still works"
                    );
                    Pads(None)
                }
            }
        }

        pub fn active(&self) -> bool {
            self.0
                .as_ref()
                .is_some_and(|g| g.gamepads().next().is_some())
        }

        pub fn poll(&mut self) -> PadState {
            use gilrs::{Axis, Button};
            let mut state = PadState::default();
            let Some(g) = self.0.as_mut() else {
                return state;
            };
            while g.next_event().is_some() {}
            for (_, pad) in g.gamepads() {
                let stick = pad.value(Axis::LeftStickX);
                if stick.abs() > DEAD_ZONE {
                    state.move_x += stick;
                }
                if pad.is_pressed(Button::DPadLeft) {
                    state.move_x -= 1.0;
                }
                if pad.is_pressed(Button::DPadRight) {
                    state.move_x += 1.0;
                }
                state.jump |= pad.is_pressed(Button::South);
            }
            state.move_x = state.move_x.clamp(-1.0, 1.0);
            state
        }
    }

    #[cfg(not(feature = "gamepad"))]
    pub struct Pads;

    #[cfg(not(feature = "gamepad"))]
    impl Pads {
        pub fn new() -> Self {
            Pads
        }

        pub fn active(&self) -> bool {
            false
        }

        pub fn poll(&mut self) -> PadState {
            PadState::default()
        }
    }
}
