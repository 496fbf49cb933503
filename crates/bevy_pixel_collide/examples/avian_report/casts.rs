//! Shape casts at pixel masks beside avian's own: circles, capsules and convex polygons cast by
//! `PixelSpatialQuery` at rocks of exact pixel masks, and by avian's `SpatialQuery` at the same
//! rocks as avian's compound of each mask's solid rectangles (the same texels in avian's own
//! shapes), each distance measured against a brute force that steps the exact shape past every
//! solid texel.

use std::f32::consts::TAU;

use avian2d::prelude::*;
use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use bevy_pixel_collide::avian::{PixelShape, PixelSpatialQuery};

use crate::pile::raster_of;
use crate::setup::*;

/// A caster's shape on both sides: the pixel backend's and avian's, and its corners and radius for
/// the brute force.
struct Caster {
    name: &'static str,
    pixel: PixelShape,
    avian: Collider,
    corners: Vec<Vec2>,
    radius: f32,
}

impl Caster {
    /// The convex polygon through `corners` on both sides.
    fn polygon(name: &'static str, corners: Vec<Vec2>) -> Caster {
        Caster {
            name,
            pixel: PixelShape::convex_hull(corners.clone()).expect("the polygon has a hull"),
            avian: Collider::convex_hull(corners.clone()).expect("the polygon has a hull"),
            corners,
            radius: 0.0,
        }
    }
}

/// How far `p` lies from convex quad `q` (0 inside).
fn point_quad(p: Vec2, q: &[Vec2; 4]) -> f32 {
    let inside = (0..4).all(|i| (q[(i + 1) % 4] - q[i]).perp_dot(p - q[i]) >= 0.0)
        || (0..4).all(|i| (q[(i + 1) % 4] - q[i]).perp_dot(p - q[i]) <= 0.0);
    if inside {
        return 0.0;
    }
    (0..4)
        .map(|i| point_segment(p, q[i], q[(i + 1) % 4]))
        .fold(f32::MAX, f32::min)
}

fn point_segment(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let t = ((p - a).dot(b - a) / (b - a).length_squared()).clamp(0.0, 1.0);
    p.distance(a + (b - a) * t)
}

/// How far the convex hull of `shape` (a point, a segment or a polygon, counter-clockwise) lies
/// from quad `q` (0 where they meet).
fn shape_quad(shape: &[Vec2], q: &[Vec2; 4]) -> f32 {
    let crosses = |a: Vec2, b: Vec2, c: Vec2, d: Vec2| {
        let side = |p: Vec2, x: Vec2, y: Vec2| (y - x).perp_dot(p - x);
        side(a, c, d) * side(b, c, d) < 0.0 && side(c, a, b) * side(d, a, b) < 0.0
    };
    let n = shape.len();
    // A polygon's edges round it; a segment's one edge.
    let edges = |k: usize| (0..k).map(move |i| (i, (i + 1) % k.max(2)));
    if shape.iter().any(|&p| point_quad(p, q) == 0.0)
        || (n >= 3 && q.iter().any(|&c| point_quad_poly(c, shape)))
        || (n >= 2
            && edges(if n == 2 { 1 } else { n })
                .any(|(i, j)| edges(4).any(|(k, l)| crosses(shape[i], shape[j], q[k], q[l]))))
    {
        return 0.0;
    }
    let mut best = shape
        .iter()
        .map(|&p| point_quad(p, q))
        .fold(f32::MAX, f32::min);
    if n >= 2 {
        for (i, j) in edges(if n == 2 { 1 } else { n }) {
            for c in q {
                best = best.min(point_segment(*c, shape[i], shape[j]));
            }
        }
    }
    best
}

/// Whether `p` lies inside convex polygon `poly`.
fn point_quad_poly(p: Vec2, poly: &[Vec2]) -> bool {
    let n = poly.len();
    (0..n).all(|i| (poly[(i + 1) % n] - poly[i]).perp_dot(p - poly[i]) > 0.0)
        || (0..n).all(|i| (poly[(i + 1) % n] - poly[i]).perp_dot(p - poly[i]) < 0.0)
}

/// Where `shape` grown by `radius`, moved along `dir` from where it is, first overlaps a solid
/// texel: stepped 0.005 px past each texel its bounding circle meets, then halved twenty times.
fn brute(shape: &[Vec2], radius: f32, dir: Vec2, texels: &[[Vec2; 4]], max: f32) -> Option<f32> {
    let centre = shape.iter().copied().sum::<Vec2>() / shape.len() as f32;
    let reach = radius + shape.iter().map(|c| c.distance(centre)).fold(0.0, f32::max);
    let meets = |q: &[Vec2; 4], d: f32| {
        let mut moved = [Vec2::ZERO; 16];
        for (m, c) in moved.iter_mut().zip(shape) {
            *m = *c + dir * d;
        }
        let moved = &moved[..shape.len()];
        let gap = shape_quad(moved, q);
        if radius > 0.0 {
            return gap < radius;
        }
        // A polygon with no radius must share area, not only touch: a hair further on it still
        // meets the texel.
        let mut deeper = [Vec2::ZERO; 16];
        for (m, c) in deeper.iter_mut().zip(moved) {
            *m = *c + dir * 1e-4;
        }
        gap == 0.0 && shape_quad(&deeper[..shape.len()], q) == 0.0
    };
    // Each texel the shape's bounding circle meets on the way, and the stretch of the way it meets
    // it over, nearest first: past the first overlap found, no farther texel can be met first.
    let mut near: Vec<(f32, f32, &[Vec2; 4])> = texels
        .iter()
        .filter_map(|q| {
            let mid = (q[0] + q[2]) / 2.0;
            let r = reach + q.iter().map(|c| c.distance(mid)).fold(0.0, f32::max);
            let (along, off) = ((mid - centre).dot(dir), (mid - centre).perp_dot(dir).abs());
            let half = (r * r - off * off).sqrt();
            (off <= r && along + half >= 0.0 && along - half <= max).then_some((
                (along - half).max(0.0),
                (along + half).min(max),
                q,
            ))
        })
        .collect();
    near.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut first: Option<f32> = None;
    for (start, end, q) in near {
        if first.is_some_and(|f| start > f) {
            break;
        }
        let (mut d, end) = (start, end.min(first.unwrap_or(max)));
        while d <= end {
            if meets(q, d) {
                let (mut lo, mut hi) = ((d - 0.005).max(0.0), d);
                // Twenty halvings: under 1e-8 px of the 0.005 px step, as fine as f32 holds.
                for _ in 0..20 {
                    let m = (lo + hi) / 2.0;
                    if meets(q, m) { hi = m } else { lo = m }
                }
                first = Some(first.map_or(lo, |f| f.min(lo)));
                break;
            }
            d += 0.005;
        }
    }
    first
}

/// A regular polygon of `corners` corners, `radius` across and squashed to `squash` of that
/// upright.
fn polygon(corners: usize, radius: f32, squash: f32) -> Vec<Vec2> {
    (0..corners)
        .map(|i| {
            let a = TAU * i as f32 / corners as f32;
            Vec2::new(a.cos() * radius, a.sin() * radius * squash)
        })
        .collect()
}

fn casters() -> Vec<Caster> {
    let hexagon = polygon(6, 4.0, 0.7);
    let many = polygon(13, 5.0, 0.6);
    vec![
        Caster {
            name: "circle of radius 3",
            pixel: PixelShape::circle(3.0),
            avian: Collider::circle(3.0),
            corners: vec![Vec2::ZERO],
            radius: 3.0,
        },
        Caster {
            name: "capsule 4 x 12",
            pixel: PixelShape::capsule(2.0, 8.0),
            avian: Collider::capsule(2.0, 8.0),
            corners: vec![Vec2::new(0.0, -4.0), Vec2::new(0.0, 4.0)],
            radius: 2.0,
        },
        Caster::polygon("squashed hexagon", hexagon),
        Caster::polygon("squashed 13-gon", many),
    ]
}

/// Eight rocks of 12 to 32 px (lobed and notched), turned, in a 200 px square about the origin:
/// as pixel masks, or as avian's compounds of their rectangles.
fn rocks(kind: Kind) -> App {
    let mut app = app(kind);
    for i in 0..8u32 {
        let size = 12 + (i * 37) % 21;
        let mask = if i % 2 == 0 {
            rock(size, i)
        } else {
            ragged_rock(size, i)
        };
        let at = Vec2::new(
            -75.0 + (i % 4) as f32 * 50.0,
            -50.0 + (i / 4) as f32 * 100.0,
        );
        let place = Transform::from_translation(at.extend(0.0))
            .with_rotation(Quat::from_rotation_z(i as f32 * 0.7));
        match kind {
            Kind::Pixel => app.world_mut().spawn((
                RigidBody::Static,
                PixelShape::from_mask(mask, Vec2::ONE),
                place,
            )),
            Kind::Avian => app
                .world_mut()
                .spawn((RigidBody::Static, raster_of(&mask), place)),
        };
    }
    app.update();
    app
}

/// Runs `system` once in `app`: one query.
fn ask<R: 'static, M>(app: &mut App, system: impl IntoSystem<(), R, M>) -> R {
    app.world_mut()
        .run_system_once(system)
        .expect("the query runs")
}

/// Every cast's reach: past the far side of the rocks from anywhere it starts.
fn config() -> ShapeCastConfig {
    ShapeCastConfig::from_max_distance(400.0)
}

/// A filter that lets every rock through.
fn everything() -> SpatialQueryFilter {
    SpatialQueryFilter::default()
}

/// Every solid texel of the pixel app's rocks as a world quad.
fn texels_of(app: &mut App) -> Vec<[Vec2; 4]> {
    let w = app.world_mut();
    let mut q = w.query::<(&PixelShape, &Position, &Rotation)>();
    let mut quads = Vec::new();
    for (shape, p, r) in q.iter(w) {
        let (Some(mask), Some(t)) = (shape.mask(), shape.texel_to_world(p.0, *r)) else {
            continue;
        };
        for y in 0..mask.height() {
            for x in 0..mask.width() {
                if mask.is_solid(x, y) {
                    quads.push([(0, 0), (1, 0), (1, 1), (0, 1)].map(|(dx, dy)| {
                        t.transform_point2(Vec2::new((x + dx) as f32, (y + dy) as f32))
                    }));
                }
            }
        }
    }
    quads
}

/// 500 casts of each caster, from around the rocks towards one of them, on both sides, each against
/// the brute force: the largest error in distance, and the casts that hit where it misses or miss
/// where it hits.
pub(crate) fn casts() {
    let (mut pixel, mut avian) = (rocks(Kind::Pixel), rocks(Kind::Avian));
    let texels = texels_of(&mut pixel);
    println!(
        "shape casts at 8 turned rocks: PixelSpatialQuery at exact pixel masks against avian's SpatialQuery at avian's compounds of the same masks' rectangles, 500 casts each:"
    );
    for caster in casters() {
        let mut state = 0x9e37_79b9u32;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state as f32 / u32::MAX as f32
        };
        let (mut casts, mut worst) = (0, [0.0f32; 2]);
        let mut misses = [0; 2];
        for _ in 0..500 {
            let origin = Vec2::new(next() * 300.0 - 150.0, next() * 300.0 - 150.0);
            let target = Vec2::new(
                -75.0 + (next() * 4.0).floor() * 50.0,
                -50.0 + (next() * 2.0).floor() * 100.0,
            ) + Vec2::new(next() * 30.0 - 15.0, next() * 30.0 - 15.0);
            let Ok(dir) = Dir2::new(target - origin) else {
                continue;
            };
            let turn = next() * TAU;
            let shape = caster.pixel.clone();
            let mine = ask(&mut pixel, move |q: PixelSpatialQuery| {
                q.cast_shape(&shape, origin, turn, dir, &config(), &everything())
            });
            let collider = caster.avian.clone();
            let theirs = ask(&mut avian, move |q: SpatialQuery| {
                q.cast_shape(&collider, origin, turn, dir, &config(), &everything())
            });
            let placed: Vec<Vec2> = caster
                .corners
                .iter()
                .map(|c| origin + Vec2::from_angle(turn).rotate(*c))
                .collect();
            let truth = brute(&placed, caster.radius, *dir, &texels, 400.0);
            // A cast that starts inside a rock says nothing of where it stops.
            if truth == Some(0.0) {
                continue;
            }
            casts += 1;
            for (k, got) in [mine.map(|h| h.distance), theirs.map(|h| h.distance)]
                .into_iter()
                .enumerate()
            {
                match (got, truth) {
                    (Some(a), Some(b)) => worst[k] = worst[k].max((a - b).abs()),
                    (None, None) => {}
                    _ => misses[k] += 1,
                }
            }
        }
        println!(
            "  {} ({casts} casts): pixel masks off the brute force by at most {:.5} px ({} hit or miss wrongly); avian's compounds by at most {:.5} px ({} wrongly)",
            caster.name, worst[0], misses[0], worst[1], misses[1]
        );
    }
}
