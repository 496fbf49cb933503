//! The collision lab: two sprites, F and R, that you move, turn, scale, flip and re-pivot, with the
//! collision pipeline drawn as it works.
//!
//! `cargo run --release --example lab [-- --f FILE.png --r FILE.png --rule alpha:20|key:ff00ff]`
//!
//! Keyboard and mouse, after the tutorial's test application: hold the left / right mouse button to
//! select F / R and move it with the mouse; Left/Right arrows or the wheel rotate; Up/Down or Ctrl +
//! wheel scale (with Shift: the y axis only; Shift + Left/Right: the x axis only); Alt + left / right
//! button puts F's / R's origin under the mouse; H / V flip; B bounds, T the visited boxes, O the
//! shared region (F's texels that overlap R, and the area); P brush mode (left button paints R, right
//! erases); X probes under the pointer (point, circle, segment, ray with its normal; Q / E turn the
//! segment and ray); Backspace resets; Esc quits. Gamepad: hold the left / right trigger to select, left
//! stick moves, right stick turns (x) and scales (y), left / right shoulder + left stick moves F's / R's
//! origin.

#[path = "support/draw.rs"]
mod draw;
#[path = "support/quiet_audio.rs"]
mod quiet_audio;

#[path = "../crates/pixel-collide/tests/support/reference.rs"]
mod reference;

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

use clap::Parser;
use glam::{Affine2, Vec2};
use image::{Rgba, RgbaImage};
use macroquad::prelude::{
    clear_background, draw_circle, draw_circle_lines, draw_line, draw_rectangle_lines, draw_text,
    draw_triangle, is_key_down, is_key_pressed, is_mouse_button_down, mouse_position, mouse_wheel,
    next_frame, screen_height, screen_width, Color, Conf, FilterMode, Image, KeyCode, MouseButton,
    Texture2D,
};
use reference::{intersect_pixels, RefImage};
use spinfall::collision::{
    collide_traced, overlap_area, overlap_mask, overlaps, sprite_transform, Mask, MaskRule, RayHit,
    Rect, Sprite, TracedPair,
};

/// The lab's command line.
#[derive(Parser, Debug)]
#[command(name = "lab", about = "The Spinfall collision lab.")]
struct Args {
    /// A PNG to use instead of the letter F.
    #[arg(long, value_name = "FILE")]
    f: Option<PathBuf>,
    /// A PNG to use instead of the letter R.
    #[arg(long, value_name = "FILE")]
    r: Option<PathBuf>,
    /// How a texel counts as solid: `alpha[:T]` (alpha > T, default 0) or `key[:RRGGBB]` (not the key
    /// colour, default ff00ff).
    #[arg(long, default_value = "alpha", value_parser = parse_rule)]
    rule: MaskRule,
}

fn parse_rule(s: &str) -> Result<MaskRule, String> {
    let (kind, value) = s.split_once(':').map_or((s, None), |(k, v)| (k, Some(v)));
    match (kind, value) {
        ("alpha", None) => Ok(MaskRule::default()),
        ("alpha", Some(t)) => t
            .parse::<u8>()
            .map(MaskRule::alpha)
            .map_err(|_| format!("alpha threshold {t:?} is not a number from 0 to 255")),
        ("key", None) => Ok(MaskRule::magenta_key()),
        ("key", Some(hex)) => parse_hex(hex)
            .map(|key| MaskRule::ColorKey { key })
            .ok_or_else(|| format!("key colour {hex:?} is not six hex digits like ff00ff")),
        _ => Err(format!("{s:?} is neither alpha[:T] nor key[:RRGGBB]")),
    }
}

fn parse_hex(hex: &str) -> Option<[u8; 3]> {
    if hex.len() != 6 || !hex.is_ascii() {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

/// 5 x 7 glyphs, drawn 8 texels to a dot so that the letters' orientation is plain at any angle.
const GLYPH_F: [&str; 7] = [
    "11111", "10000", "10000", "11110", "10000", "10000", "10000",
];
const GLYPH_R: [&str; 7] = [
    "11110", "10001", "10001", "11110", "10100", "10010", "10001",
];
/// The letters' colours; the CI check looks for exactly these in a screenshot.
const F_COLOUR: [u8; 4] = [30, 64, 200, 255];
const R_COLOUR: [u8; 4] = [20, 130, 70, 255];

/// World bounds: cyan when the prefilter passes, dark navy when it rejects.
const BOUNDS_PASS: Color = Color::new(0.1, 0.95, 1.0, 1.0);
const BOUNDS_REJECT: Color = Color::new(0.05, 0.08, 0.3, 0.9);
/// Visited box pairs: yellow where the pair overlapped (and was refined), faint white where separated.
const TRACE_OVERLAP: Color = Color::new(1.0, 0.85, 0.1, 0.9);
const TRACE_APART: Color = Color::new(1.0, 1.0, 1.0, 0.35);
/// F's texels that share area with R.
const SHARED: Color = Color::new(1.0, 0.15, 0.95, 0.8);
/// The most shared texels drawn as quads in one frame, so a huge custom sprite cannot stall the lab.
const SHARED_TEXEL_LIMIT: u64 = 250_000;
/// Probes: grey when they touch nothing, orange when they touch a sprite.
const PROBE_CLEAR: Color = Color::new(1.0, 1.0, 1.0, 0.6);
const PROBE_TOUCH: Color = Color::new(1.0, 0.55, 0.0, 1.0);
/// The circle probe's radius and the segment probe's length, in screen pixels.
const PROBE_RADIUS: f32 = 18.0;
const PROBE_SEGMENT: f32 = 120.0;
/// How far the ray looks, beyond any corner of a 1200 x 720 window.
const RAY_REACH: f32 = 2000.0;
/// The brush's radius in R's texels: a circle in R's own texel space, so R's scale and shear make it
/// an ellipse on screen, exactly the texels a stroke changes.
const BRUSH_RADIUS: f32 = 3.0;

fn letter(glyph: &[&str; 7], colour: [u8; 4]) -> RgbaImage {
    RgbaImage::from_fn(40, 56, |x, y| {
        let on = glyph[(y / 8) as usize].as_bytes()[(x / 8) as usize] == b'1';
        Rgba(if on { colour } else { [0, 0, 0, 0] })
    })
}

fn load(path: &PathBuf) -> Result<RgbaImage, String> {
    let bytes =
        std::fs::read(path).map_err(|e| format!("{}: cannot read ({e})", path.display()))?;
    let img = image::load_from_memory(&bytes)
        .map_err(|e| format!("{}: not a readable image ({e})", path.display()))?;
    Ok(img.to_rgba8())
}

/// One sprite of the lab with its placement.
struct Body {
    name: &'static str,
    image: RgbaImage,
    rule: MaskRule,
    mask: Mask,
    pixels: RefImage,
    texture: Texture2D,
    position: Vec2,
    rotation: f32,
    scale: Vec2,
    origin: Vec2,
    start: (Vec2, Vec2),
    /// The image and mask before any brush stroke, for Backspace.
    original: (RgbaImage, Mask),
    painted: bool,
}

impl Body {
    fn new(
        name: &'static str,
        image: RgbaImage,
        rule: MaskRule,
        position: Vec2,
    ) -> Result<Self, String> {
        let mask = Mask::from_image(&image, rule).map_err(|e| format!("{name}: {e}"))?;
        let original = image.clone();
        let texture =
            Texture2D::from_rgba8(image.width() as u16, image.height() as u16, image.as_raw());
        texture.set_filter(FilterMode::Nearest);
        let origin = Vec2::new(image.width() as f32, image.height() as f32) / 2.0;
        Ok(Body {
            name,
            pixels: RefImage::from_rgba(&image),
            image,
            rule,
            original: (original, mask.clone()),
            mask,
            texture,
            position,
            rotation: 0.0,
            scale: Vec2::splat(3.0),
            origin,
            start: (position, origin),
            painted: false,
        })
    }

    fn transform(&self) -> Affine2 {
        sprite_transform(self.position, self.rotation, self.scale, self.origin)
    }

    fn sprite(&self) -> Sprite<'_> {
        Sprite::new(&self.mask, self.transform())
    }

    fn size(&self) -> Vec2 {
        Vec2::new(self.image.width() as f32, self.image.height() as f32)
    }

    /// Puts the origin at the local point under `world`, moving the position with it so that the
    /// sprite stays where it is on screen.
    fn pivot_at(&mut self, world: Vec2) {
        let local = self.transform().inverse().transform_point2(world);
        if local.is_finite() {
            self.origin = local;
            self.position = world;
        }
    }

    /// Paints (or erases) a brush stroke at world point `world`: a circle of `BRUSH_RADIUS` texels
    /// in the mask, then the same texels in the image, its texture and the timing reference, so that
    /// what is drawn and what collides stay one picture.
    fn paint(&mut self, world: Vec2, solid: bool, colour: [u8; 4]) {
        let inverse = self.transform().inverse();
        let centre = inverse.transform_point2(world);
        if !centre.is_finite() {
            return;
        }
        self.mask.fill_circle(centre, BRUSH_RADIUS, solid);
        let (w, h) = (self.image.width(), self.image.height());
        let Some([x0, y0, x1, y1]) = draw::brush_rect(centre, BRUSH_RADIUS, w, h) else {
            return;
        };
        let mut bytes = Vec::with_capacity(((x1 - x0) * (y1 - y0) * 4) as usize);
        for y in y0..y1 {
            for x in x0..x1 {
                let px = self.image.get_pixel_mut(x, y);
                let solid_now = self.mask.is_opaque(i64::from(x), i64::from(y));
                // A texel that was solid keeps its own colour; a painted one takes the brush's.
                if !solid_now {
                    *px = Rgba([0, 0, 0, 0]);
                } else if !self.rule.is_solid(px.0) {
                    *px = Rgba(colour);
                }
                bytes.extend_from_slice(&px.0);
            }
        }
        let part = Image {
            bytes,
            width: (x1 - x0) as u16,
            height: (y1 - y0) as u16,
        };
        self.texture.update_part(
            &part,
            x0 as i32,
            y0 as i32,
            (x1 - x0) as i32,
            (y1 - y0) as i32,
        );
        self.pixels = RefImage::from_rgba(&self.image);
        self.painted = true;
    }

    fn reset(&mut self) {
        (self.position, self.origin) = self.start;
        self.rotation = 0.0;
        self.scale = Vec2::splat(3.0);
        if self.painted {
            (self.image, self.mask) = self.original.clone();
            self.texture.update_from_bytes(
                self.image.width(),
                self.image.height(),
                self.image.as_raw(),
            );
            self.pixels = RefImage::from_rgba(&self.image);
            self.painted = false;
        }
    }
}

fn draw_quad_outline(t: Affine2, r: (Vec2, Vec2), thickness: f32, colour: Color) {
    let pts = [
        t.transform_point2(r.0),
        t.transform_point2(Vec2::new(r.1.x, r.0.y)),
        t.transform_point2(r.1),
        t.transform_point2(Vec2::new(r.0.x, r.1.y)),
    ];
    for i in 0..4 {
        let (a, b) = (pts[i], pts[(i + 1) % 4]);
        draw_line(a.x, a.y, b.x, b.y, thickness, colour);
    }
}

fn draw_rect_outline(r: Rect, colour: Color) {
    let s = r.size();
    draw_rectangle_lines(r.min.x, r.min.y, s.x, s.y, 2.0, colour);
}

/// The texels of `a` (placed by `at`) that share area with `b`, from the library's `overlap_mask`;
/// `Err` carries how many there are when drawing each as a quad would stall the lab.
fn shared_texels(a: &Mask, at: Affine2, b: Sprite) -> Result<Vec<(u32, u32)>, u64> {
    let shared = overlap_mask(Sprite::new(a, at), b);
    let count = shared.opaque_count();
    if count > SHARED_TEXEL_LIMIT {
        return Err(count);
    }
    let Some(area) = shared.opaque_bounds() else {
        return Ok(Vec::new());
    };
    let mut texels = Vec::with_capacity(count as usize);
    for y in area.y..area.y + area.h {
        for x in area.x..area.x + area.w {
            if shared.is_opaque(i64::from(x), i64::from(y)) {
                texels.push((x, y));
            }
        }
    }
    Ok(texels)
}

/// Fills texel `(x, y)` of a sprite placed by `t`: the parallelogram the texel covers in the world.
fn fill_texel(t: Affine2, (x, y): (u32, u32), colour: Color) {
    let corner = |dx: f32, dy: f32| t.transform_point2(Vec2::new(x as f32 + dx, y as f32 + dy));
    let (a, b, c, d) = (
        corner(0.0, 0.0),
        corner(1.0, 0.0),
        corner(1.0, 1.0),
        corner(0.0, 1.0),
    );
    draw_triangle(a, b, c, colour);
    draw_triangle(a, c, d, colour);
}

/// Outlines the brush under the pointer: a circle in R's texel space, mapped to the world.
fn draw_brush(t: Affine2, world: Vec2) {
    let centre = t.inverse().transform_point2(world);
    if !centre.is_finite() {
        return;
    }
    const SIDES: usize = 32;
    let rim = |i: usize| {
        let a = i as f32 / SIDES as f32 * std::f32::consts::TAU;
        t.transform_point2(centre + Vec2::from_angle(a) * BRUSH_RADIUS)
    };
    for i in 0..SIDES {
        let (a, b) = (rim(i), rim(i + 1));
        draw_line(a.x, a.y, b.x, b.y, 3.0, macroquad::color::BLACK);
        draw_line(a.x, a.y, b.x, b.y, 1.5, macroquad::color::WHITE);
    }
}

/// Draws the probes at the pointer, each orange when it touches a sprite, and says what they touch:
/// the point (`contains_point`), a circle around it (`touches_circle`), a short segment from it
/// (`touches_segment`), and a ray along the same direction (`raycast`) with its hit and normal.
fn draw_probes(sprites: [(&str, Sprite); 2], at: Vec2, angle: f32) -> String {
    let names = |test: &dyn Fn(&Sprite) -> bool| {
        let hit: Vec<&str> = sprites
            .iter()
            .filter(|(_, s)| test(s))
            .map(|(n, _)| *n)
            .collect();
        if hit.is_empty() {
            "nothing".to_string()
        } else {
            hit.join("+")
        }
    };
    let colour = |named: &str| {
        if named == "nothing" {
            PROBE_CLEAR
        } else {
            PROBE_TOUCH
        }
    };
    let dir = Vec2::from_angle(angle);
    let end = at + dir * PROBE_SEGMENT;
    let point = names(&|s| s.contains_point(at));
    let circle = names(&|s| s.touches_circle(at, PROBE_RADIUS));
    let segment = names(&|s| s.touches_segment(at, end));
    let hit: Option<(&str, RayHit)> = sprites
        .iter()
        .filter_map(|(n, s)| s.raycast(at, dir, RAY_REACH).map(|h| (*n, h)))
        .min_by(|a, b| a.1.distance.total_cmp(&b.1.distance));

    let stop = hit.map_or(at + dir * RAY_REACH, |(_, h)| h.point);
    draw_line(
        at.x,
        at.y,
        stop.x,
        stop.y,
        1.0,
        Color::new(1.0, 1.0, 0.6, 0.9),
    );
    draw_line(at.x, at.y, end.x, end.y, 3.0, colour(&segment));
    draw_circle_lines(at.x, at.y, PROBE_RADIUS, 2.0, colour(&circle));
    draw_circle(at.x, at.y, 4.0, macroquad::color::BLACK);
    draw_circle(at.x, at.y, 3.0, colour(&point));
    let ray = match hit {
        Some((name, h)) => {
            let tip = h.point + h.normal * 30.0;
            draw_circle(h.point.x, h.point.y, 5.0, macroquad::color::BLACK);
            draw_circle(h.point.x, h.point.y, 3.0, macroquad::color::YELLOW);
            draw_line(
                h.point.x,
                h.point.y,
                tip.x,
                tip.y,
                2.5,
                macroquad::color::YELLOW,
            );
            let side = h.normal.perp() * 5.0;
            let back = tip - h.normal * 8.0;
            draw_triangle(tip, back + side, back - side, macroquad::color::YELLOW);
            format!(
                "ray hits {name} at {:.0} px, normal ({:.2}, {:.2})",
                h.distance, h.normal.x, h.normal.y
            )
        }
        None => "ray hits nothing".to_string(),
    };
    format!(
        "probes: point on {point} | circle touches {circle} | segment touches {segment} | {ray}"
    )
}

/// Per-test nanoseconds of `f`, over enough calls to read the clock meaningfully; the clock is read
/// once per batch so that reading it does not count as test time.
fn time_ns(mut f: impl FnMut() -> bool) -> f64 {
    const BATCH: u32 = 32;
    let start = Instant::now();
    let mut calls = 0u32;
    while calls < BATCH * 4 || (start.elapsed().as_micros() < 1500 && calls < 64_000) {
        for _ in 0..BATCH {
            black_box(f());
        }
        calls += BATCH;
    }
    start.elapsed().as_nanos() as f64 / f64::from(calls)
}

#[derive(Default)]
struct Toggles {
    bounds: bool,
    trace: bool,
    area: bool,
    /// The mouse buttons paint and erase R instead of moving the sprites.
    brush: bool,
    /// Point, circle, segment and ray probes follow the pointer.
    probes: bool,
}

fn window_conf() -> Conf {
    Conf {
        window_title: "Spinfall collision lab".to_owned(),
        // Fits a 1280 x 800 screen with the title bar and a panel to spare.
        window_width: 1200,
        window_height: 720,
        high_dpi: true,
        sample_count: 4,
        window_resizable: true,
        ..Default::default()
    }
}

fn main() {
    let args = match Args::try_parse() {
        Ok(a) => a,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return;
        }
        Err(e) => {
            let first = e.to_string();
            let first = first.lines().next().unwrap_or("bad arguments");
            eprintln!("lab: {}", first.trim_start_matches("error: "));
            std::process::exit(2);
        }
    };
    let images = (|| -> Result<(RgbaImage, RgbaImage), String> {
        let f = args
            .f
            .as_ref()
            .map_or_else(|| Ok(letter(&GLYPH_F, F_COLOUR)), load)?;
        let r = args
            .r
            .as_ref()
            .map_or_else(|| Ok(letter(&GLYPH_R, R_COLOUR)), load)?;
        for (img, path) in [(&f, &args.f), (&r, &args.r)] {
            if img.width() == 0
                || img.height() == 0
                || img.width() > u16::MAX as u32
                || img.height() > u16::MAX as u32
            {
                let name = path
                    .as_ref()
                    .map_or("image".into(), |p| p.display().to_string());
                return Err(format!(
                    "{name}: {} x {} is not a drawable sprite size",
                    img.width(),
                    img.height()
                ));
            }
        }
        Ok((f, r))
    })();
    let (f, r) = match images {
        Ok(pair) => pair,
        Err(e) => {
            eprintln!("lab: {e}");
            std::process::exit(2);
        }
    };
    quiet_audio::silence_audio();
    macroquad::Window::from_config(window_conf(), run(f, r, args.rule));
}

async fn run(f_image: RgbaImage, r_image: RgbaImage, rule: MaskRule) {
    let (mut f, mut r) = match (
        Body::new("F", f_image, rule, Vec2::new(480.0, 350.0)),
        Body::new("R", r_image, rule, Vec2::new(780.0, 350.0)),
    ) {
        (Ok(f), Ok(r)) => (f, r),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("lab: {e}");
            std::process::exit(2);
        }
    };
    let mut pads = pads::Pads::new();
    let mut selected_r = false;
    let mut toggles = Toggles {
        bounds: true,
        ..Default::default()
    };
    let (mut module_ns, mut reference_ns) = (0.0f64, 0.0f64);
    let mut frame = 0u64;
    let mut ray_angle = 0.0f32;
    loop {
        frame += 1;
        let mouse = Vec2::from(mouse_position());
        let alt = is_key_down(KeyCode::LeftAlt) || is_key_down(KeyCode::RightAlt);
        let ctrl = is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl);
        let shift = is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift);
        let (left, right) = (
            is_mouse_button_down(MouseButton::Left),
            is_mouse_button_down(MouseButton::Right),
        );
        let pad = pads.poll();
        if is_key_pressed(KeyCode::Escape) {
            break;
        }
        // In brush mode the mouse buttons belong to the brush; the gamepad still selects and moves.
        let (left, right) = if toggles.brush {
            if left != right {
                r.paint(mouse, left, R_COLOUR);
            }
            (false, false)
        } else {
            (left, right)
        };
        // Selection and dragging.
        if left || pad.select_f {
            selected_r = false;
        } else if right || pad.select_r {
            selected_r = true;
        }
        if pad.origin_f || pad.origin_r {
            let target = if pad.origin_r { &mut r } else { &mut f };
            let p = target.transform().transform_point2(target.origin) + pad.left_stick * 4.0;
            target.pivot_at(p);
        }
        let body = if selected_r { &mut r } else { &mut f };
        if alt && (left || right) {
            body.pivot_at(mouse);
        } else if left || right {
            body.position = mouse;
        }
        if !(pad.origin_f || pad.origin_r) {
            body.position += pad.left_stick * 6.0;
        }
        // Rotation and scale.
        // f32::signum(0.0) is 1.0, so no wheel movement must stay 0 explicitly.
        let wheel = match mouse_wheel().1 {
            w if w > 0.0 => 1.0,
            w if w < 0.0 => -1.0,
            _ => 0.0f32,
        };
        let turn = 0.03;
        if is_key_down(KeyCode::Left) && !shift {
            body.rotation -= turn;
        }
        if is_key_down(KeyCode::Right) && !shift {
            body.rotation += turn;
        }
        body.rotation += pad.right_stick.x * turn * 1.5;
        let mut grow = Vec2::ONE;
        let step = 1.02f32;
        if is_key_down(KeyCode::Up) {
            grow *= if shift {
                Vec2::new(1.0, step)
            } else {
                Vec2::splat(step)
            };
        }
        if is_key_down(KeyCode::Down) {
            grow /= if shift {
                Vec2::new(1.0, step)
            } else {
                Vec2::splat(step)
            };
        }
        if shift && is_key_down(KeyCode::Right) {
            grow *= Vec2::new(step, 1.0);
        }
        if shift && is_key_down(KeyCode::Left) {
            grow /= Vec2::new(step, 1.0);
        }
        if wheel != 0.0 {
            if ctrl {
                grow *= Vec2::splat(step.powf(3.0 * wheel));
            } else {
                body.rotation += wheel * 0.1;
            }
        }
        grow *= Vec2::splat(step.powf(-pad.right_stick.y));
        let scaled = body.scale * grow;
        if scaled.abs().min_element() > 0.05 && scaled.abs().max_element() < 40.0 {
            body.scale = scaled;
        }
        if is_key_pressed(KeyCode::H) {
            body.scale.x = -body.scale.x;
        }
        if is_key_pressed(KeyCode::V) {
            body.scale.y = -body.scale.y;
        }
        if is_key_pressed(KeyCode::B) {
            toggles.bounds = !toggles.bounds;
        }
        if is_key_pressed(KeyCode::T) {
            toggles.trace = !toggles.trace;
        }
        if is_key_pressed(KeyCode::O) {
            toggles.area = !toggles.area;
        }
        if is_key_pressed(KeyCode::P) {
            toggles.brush = !toggles.brush;
        }
        if is_key_pressed(KeyCode::X) {
            toggles.probes = !toggles.probes;
        }
        if is_key_down(KeyCode::Q) {
            ray_angle -= 0.03;
        }
        if is_key_down(KeyCode::E) {
            ray_angle += 0.03;
        }
        if is_key_pressed(KeyCode::Backspace) {
            f.reset();
            r.reset();
        }

        // The pipeline: prefilter, then the exact test, traced.
        let (fs, rs) = (f.sprite(), r.sprite());
        let prefilter = fs.bounds().intersects(&rs.bounds());
        let mut visited: Vec<TracedPair> = Vec::new();
        let contact = if prefilter {
            collide_traced(fs, rs, |p| visited.push(p))
        } else {
            None
        };
        // Live timings, smoothed. Both sides run the whole check a game runs: place the sprites,
        // compare their bounding rectangles, and only then test pixels; the reference walks F as the
        // tutorial walks its first sprite.
        if frame % 4 == 1 {
            let m = time_ns(|| {
                let (a, b) = (black_box(&f).sprite(), black_box(&r).sprite());
                a.bounds().intersects(&b.bounds()) && overlaps(a, b)
            });
            let rf = time_ns(|| {
                let (fb, rb) = (black_box(&f), black_box(&r));
                let (ft, rt) = (fb.transform(), rb.transform());
                Rect::transformed(&ft, fb.size()).intersects(&Rect::transformed(&rt, rb.size()))
                    && intersect_pixels(ft, &fb.pixels, rt, &rb.pixels)
            });
            let k = if module_ns == 0.0 { 1.0 } else { 0.2 };
            module_ns += (m - module_ns) * k;
            reference_ns += (rf - reference_ns) * k;
        }

        // Drawing.
        let calm = Color::from_rgba(100, 149, 237, 255);
        clear_background(if contact.is_some() {
            Color::from_rgba(220, 40, 40, 255)
        } else {
            calm
        });
        // The local space of F, top left, faded: F never moves there, R shows the relative transform.
        let local_anchor = Affine2::from_translation(Vec2::new(150.0, 170.0))
            * Affine2::from_scale(Vec2::splat(1.5));
        let to_local = f.transform().inverse();
        let faded = Color::new(1.0, 1.0, 1.0, 0.35);
        draw::draw_affine(&f.texture, f.size(), local_anchor, faded);
        let rel = local_anchor * to_local * r.transform();
        if rel.is_finite() {
            draw::draw_affine(&r.texture, r.size(), rel, faded);
            let o = local_anchor.transform_point2(to_local.transform_point2(r.position));
            draw_circle(o.x, o.y, 3.0, Color::new(0.0, 0.0, 0.0, 0.5));
        }
        let fo = local_anchor.transform_point2(f.origin);
        draw_circle(fo.x, fo.y, 3.0, Color::new(0.0, 0.0, 0.0, 0.5));
        draw_text(
            "local space of F",
            20.0,
            40.0,
            22.0,
            Color::new(1.0, 1.0, 1.0, 0.7),
        );

        for b in [&f, &r] {
            draw::draw_affine(&b.texture, b.size(), b.transform(), macroquad::color::WHITE);
        }
        if toggles.trace {
            for p in &visited {
                let colour = if p.separated {
                    TRACE_APART
                } else {
                    TRACE_OVERLAP
                };
                for (rect, t) in [(p.a, f.transform()), (p.b, r.transform())] {
                    let lo = Vec2::new(rect.x as f32, rect.y as f32);
                    draw_quad_outline(
                        t,
                        (lo, lo + Vec2::new(rect.w as f32, rect.h as f32)),
                        1.0,
                        colour,
                    );
                }
            }
        }
        if toggles.bounds {
            let colour = if prefilter {
                BOUNDS_PASS
            } else {
                BOUNDS_REJECT
            };
            draw_rect_outline(fs.bounds(), colour);
            draw_rect_outline(rs.bounds(), colour);
        }
        let shared = if toggles.area && prefilter {
            shared_texels(&f.mask, f.transform(), rs)
        } else {
            Ok(Vec::new())
        };
        for &texel in shared.as_deref().unwrap_or_default() {
            fill_texel(f.transform(), texel, SHARED);
        }
        for (b, selected) in [(&f, !selected_r), (&r, selected_r)] {
            let radius = if selected { 6.0 } else { 4.0 };
            draw_circle(b.position.x, b.position.y, radius, macroquad::color::BLACK);
            draw_circle(
                b.position.x,
                b.position.y,
                radius - 2.0,
                if selected {
                    macroquad::color::YELLOW
                } else {
                    macroquad::color::WHITE
                },
            );
        }
        if let Some(c) = contact {
            draw_circle(c.point.x, c.point.y, 7.0, macroquad::color::WHITE);
            draw_circle(c.point.x, c.point.y, 4.0, macroquad::color::BLACK);
        }
        if toggles.brush {
            draw_brush(r.transform(), mouse);
        }
        let probe_report = toggles
            .probes
            .then(|| draw_probes([("F", fs), ("R", rs)], mouse, ray_angle));

        // Status and help.
        let sel = if selected_r { &r } else { &f };
        let mut lines = vec![
            format!(
                "selected {}  rotation {:.0} deg  scale {:.2} x {:.2}  prefilter {}  boxes tested {}  {}",
                sel.name,
                sel.rotation.to_degrees().rem_euclid(360.0),
                sel.scale.x,
                sel.scale.y,
                if prefilter { "pass" } else { "reject" },
                visited.len(),
                if contact.is_some() { "HIT" } else { "no contact" },
            ),
            format!(
                "per check (rectangles, then pixels): module {:.0} ns, tutorial loop {:.0} ns ({:.1}x)",
                module_ns,
                reference_ns,
                reference_ns / module_ns.max(1e-9)
            ),
            "bounds: cyan pass, navy reject | boxes: yellow overlap, white apart | O: shared texels magenta"
                .to_string(),
        ];
        if let Some(report) = probe_report {
            lines.push(report);
        }
        if toggles.brush {
            lines.push(
                "brush on R: left button paints, right button erases (P: back to moving)"
                    .to_string(),
            );
        }
        if toggles.area {
            // The world area also in texels of each sprite, since a scaled texel covers |det| px^2.
            let area = overlap_area(fs, rs);
            let texels = |s: &Sprite| area / s.transform.matrix2.determinant().abs();
            let drawn = match &shared {
                Ok(t) => format!("{} texels of F drawn in magenta", t.len()),
                Err(n) => format!("{n} texels of F under R: too many to draw"),
            };
            lines.push(format!(
                "overlap area: {:.1} px^2 = {:.1} texels of F = {:.1} texels of R; {drawn}",
                area,
                texels(&fs),
                texels(&rs)
            ));
        }
        for (i, l) in lines.iter().enumerate() {
            draw_text(
                l,
                20.0,
                screen_height() - 200.0 + 24.0 * i as f32,
                22.0,
                macroquad::color::WHITE,
            );
        }
        let help = [
            "mouse: hold LMB/RMB select+move F/R | wheel turn, Ctrl+wheel scale | Alt+LMB/RMB origin",
            "keys: arrows turn/scale (Shift: one axis) | H/V flip | B bounds  T boxes  O shared region | Backspace reset | Esc quit",
            "P brush: LMB paints R, RMB erases | X probes under the pointer: point, circle, segment, ray (Q/E turn it)",
            "gamepad: LT/RT select | left stick move | right stick turn/scale | LB/RB + left stick origin",
        ];
        let widest = help.iter().map(|l| l.len()).max().unwrap_or(1) as f32;
        let help_size = (screen_width() / widest * 1.9).clamp(12.0, 18.0);
        for (i, l) in help.iter().enumerate() {
            draw_text(
                l,
                20.0,
                screen_height() - 14.0 - help_size * (help.len() - 1 - i) as f32,
                help_size,
                Color::new(1.0, 1.0, 1.0, 0.85),
            );
        }
        next_frame().await;
    }
}

/// Gamepad input for the lab (inert without the `gamepad` feature or a working gilrs).
mod pads {
    use glam::Vec2;

    /// What the lab reads from a gamepad this frame.
    #[derive(Default)]
    pub struct PadState {
        pub select_f: bool,
        pub select_r: bool,
        pub origin_f: bool,
        pub origin_r: bool,
        pub left_stick: Vec2,
        pub right_stick: Vec2,
    }

    #[cfg(feature = "gamepad")]
    pub struct Pads(Option<gilrs::Gilrs>);

    #[cfg(feature = "gamepad")]
    impl Pads {
        pub fn new() -> Self {
            match gilrs::Gilrs::new() {
                Ok(g) => Pads(Some(g)),
                Err(e) => {
                    eprintln!(
                        "lab: warning: gamepads unavailable ({e}); keyboard and mouse still work"
                    );
                    Pads(None)
                }
            }
        }

        pub fn poll(&mut self) -> PadState {
            use gilrs::{Axis, Button};
            let mut state = PadState::default();
            let Some(g) = self.0.as_mut() else {
                return state;
            };
            while g.next_event().is_some() {}
            for (_, pad) in g.gamepads() {
                let trigger = |b: Button| pad.button_data(b).is_some_and(|d| d.value() > 0.3);
                state.select_f |= trigger(Button::LeftTrigger2);
                state.select_r |= trigger(Button::RightTrigger2);
                state.origin_f |= pad.is_pressed(Button::LeftTrigger);
                state.origin_r |= pad.is_pressed(Button::RightTrigger);
                // gilrs' sticks point y up; the screen's y points down.
                state.left_stick +=
                    Vec2::new(pad.value(Axis::LeftStickX), -pad.value(Axis::LeftStickY));
                state.right_stick +=
                    Vec2::new(pad.value(Axis::RightStickX), pad.value(Axis::RightStickY));
            }
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

        pub fn poll(&mut self) -> PadState {
            PadState::default()
        }
    }
}
