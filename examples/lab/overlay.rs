//! What the lab draws over the sprites: outlines, the shared texels, the brush and the probes.

use ::glam::{Affine2, Vec2};
use macroquad::prelude::*;
use spinfall::collision::{overlap_mask, Mask, RayHit, Rect, Sprite};
use spinfall::mq_math::ToMq;

/// World bounds: cyan when the prefilter passes, dark navy when it rejects.
pub const BOUNDS_PASS: Color = Color::new(0.1, 0.95, 1.0, 1.0);
pub const BOUNDS_REJECT: Color = Color::new(0.05, 0.08, 0.3, 0.9);
/// Visited box pairs: yellow where the pair overlapped (and was refined), faint white where separated.
pub const TRACE_OVERLAP: Color = Color::new(1.0, 0.85, 0.1, 0.9);
pub const TRACE_APART: Color = Color::new(1.0, 1.0, 1.0, 0.35);
/// F's texels that share area with R.
pub const SHARED: Color = Color::new(1.0, 0.15, 0.95, 0.8);
/// The most shared texels drawn as quads in one frame, so a huge custom sprite cannot stall the lab.
pub const SHARED_TEXEL_LIMIT: u64 = 250_000;
/// Probes: grey when they touch nothing, orange when they touch a sprite.
pub const PROBE_CLEAR: Color = Color::new(1.0, 1.0, 1.0, 0.6);
pub const PROBE_TOUCH: Color = Color::new(1.0, 0.55, 0.0, 1.0);
/// The circle probe's radius and the segment probe's length, in screen pixels.
pub const PROBE_RADIUS: f32 = 18.0;
pub const PROBE_SEGMENT: f32 = 120.0;
/// How far the ray looks, beyond any corner of a 1200 x 720 window.
pub const RAY_REACH: f32 = 2000.0;
/// The brush's radius in R's texels: a circle in R's own texel space, so R's scale and shear make it
/// an ellipse on screen, exactly the texels a stroke changes.
pub const BRUSH_RADIUS: f32 = 3.0;

pub fn draw_quad_outline(t: Affine2, r: (Vec2, Vec2), thickness: f32, colour: Color) {
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

pub fn draw_rect_outline(r: Rect, colour: Color) {
    let s = r.size();
    draw_rectangle_lines(r.min.x, r.min.y, s.x, s.y, 2.0, colour);
}

/// The texels of `a` (placed by `at`) that share area with `b`, from the library's `overlap_mask`;
/// `Err` carries how many there are when drawing each as a quad would stall the lab.
pub fn shared_texels(a: &Mask, at: Affine2, b: Sprite) -> Result<Vec<(u32, u32)>, u64> {
    let shared = overlap_mask(Sprite::new(a, at), b);
    let count = shared.solid_count();
    if count > SHARED_TEXEL_LIMIT {
        return Err(count);
    }
    let Some(area) = shared.solid_bounds() else {
        return Ok(Vec::new());
    };
    let mut texels = Vec::with_capacity(count as usize);
    for y in area.y..area.y + area.h {
        for x in area.x..area.x + area.w {
            if shared.is_solid(x, y) {
                texels.push((x, y));
            }
        }
    }
    Ok(texels)
}

/// Fills texel `(x, y)` of a sprite placed by `t`: the parallelogram the texel covers in the world.
pub fn fill_texel(t: Affine2, (x, y): (u32, u32), colour: Color) {
    let corner = |dx: f32, dy: f32| t.transform_point2(Vec2::new(x as f32 + dx, y as f32 + dy));
    let (a, b, c, d) = (
        corner(0.0, 0.0),
        corner(1.0, 0.0),
        corner(1.0, 1.0),
        corner(0.0, 1.0),
    );
    draw_triangle(a.mq(), b.mq(), c.mq(), colour);
    draw_triangle(a.mq(), c.mq(), d.mq(), colour);
}

/// Outlines the brush under the pointer: a circle in R's texel space, mapped to the world.
pub fn draw_brush(t: Affine2, world: Vec2) {
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
pub fn draw_probes(sprites: [(&str, Sprite); 2], at: Vec2, angle: f32) -> String {
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
    let circle = names(&|s| s.touches_circle(spinfall::collision::Circle::new(at, PROBE_RADIUS)));
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
            draw_triangle(
                tip.mq(),
                (back + side).mq(),
                (back - side).mq(),
                macroquad::color::YELLOW,
            );
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
