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

mod body;
mod overlay;
mod pads;
mod platform;

#[path = "../support/draw.rs"]
mod draw;
#[path = "../support/quiet_audio.rs"]
mod quiet_audio;

#[path = "../../crates/pixel-collide/tests/support/reference.rs"]
mod reference;

use std::hint::black_box;
use std::path::PathBuf;

use clap::Parser;
use glam::{Affine2, Vec2};
use image::RgbaImage;
use macroquad::prelude::{
    clear_background, draw_circle, draw_text, is_key_down, is_key_pressed, is_mouse_button_down,
    mouse_position, mouse_wheel, next_frame, screen_height, screen_width, Color, Conf, KeyCode,
    MouseButton,
};
use reference::intersect_pixels;
use spinfall::collision::debug::{collide_traced, TracedPair};
use spinfall::collision::{overlap_area, overlaps, MaskRule, Rect, Sprite};

use body::{letter, load, Body, F_COLOUR, GLYPH_F, GLYPH_R, R_COLOUR};
use overlay::*;

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

fn time_ns(mut f: impl FnMut() -> bool) -> f64 {
    const BATCH: u32 = 32;
    let start = platform::seconds();
    let mut calls = 0u32;
    while calls < BATCH * 4 || (platform::seconds() - start < 0.0015 && calls < 64_000) {
        for _ in 0..BATCH {
            black_box(f());
        }
        calls += BATCH;
    }
    (platform::seconds() - start) * 1e9 / f64::from(calls)
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
    platform::show_panics();
    // A page has no command line: its lab starts with the letters and the default rule.
    let parsed = if platform::IN_BROWSER {
        Args::try_parse_from(["lab"])
    } else {
        Args::try_parse()
    };
    let args = match parsed {
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
        if is_key_pressed(KeyCode::Escape) && !platform::IN_BROWSER {
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
        platform::show_status(&lines[0]);
        platform::frame_drawn();
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
