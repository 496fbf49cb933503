//! How deep settled bodies rest in each other: 40 ragged rocks dropped into a pixel cup, as exact
//! pixel masks and as avian's convex hulls of the same rocks, each pair's depth measured as the
//! shortest translation that parts it (the crate's `push_out` for masks, parry's contact for hulls).

use avian2d::collision::collider::contact_query::contact;
use avian2d::prelude::*;
use bevy::prelude::*;
use bevy_pixel_collide::avian::PixelShape;
use bevy_pixel_collide::pixel_collide::{Mask, Sprite, overlaps, push_out};

use crate::setup::*;

/// The cup: 240 x 200 px, walls and floor 8 px thick, its floor's top at y = 8.
const CUP: (u32, u32, u32) = (240, 200, 8);

/// The rocks: how many, and the sizes they are drawn from (12 to 24 px).
const ROCKS: u32 = 40;

/// A body of the scene: its collider as the side it is on has it.
enum Shape {
    Pixel(Box<PixelShape>),
    Avian(Collider),
}

/// How deep the rocks of a settled cup rest, and how many of them sleep.
struct Depths {
    /// Every pair of rocks that overlaps: the thickness of its overlap, and the translation that
    /// parts it (see [`depth`]), sorted by thickness.
    between: Vec<(f32, f32)>,
    /// The thickest a rock's overlap with the cup.
    in_cup: f32,
    asleep: usize,
}

/// 40 rocks dropped into the cup and settled `seconds`, as `kind` builds them; `seed` turns and
/// shifts their start and picks their lobes.
fn cup(kind: Kind, seed: u32, ragged: bool, seconds: f32) -> (App, Vec<Entity>) {
    let mut app = app(kind);
    let (w, h, wall) = CUP;
    let (wf, hf, t) = (w as f32, h as f32, wall as f32);
    match kind {
        Kind::Pixel => {
            let bin = Mask::from_fn(w, h, |x, y| x < wall || x >= w - wall || y >= h - wall)
                .expect("the cup's size is valid");
            app.world_mut().spawn((
                RigidBody::Static,
                PixelShape::from_mask(bin, Vec2::ONE),
                Transform::from_xyz(0.0, hf / 2.0, 0.0),
            ));
        }
        Kind::Avian => {
            for (size, at) in [
                (Vec2::new(wf, t), Vec2::new(0.0, t / 2.0)),
                (Vec2::new(t, hf), Vec2::new((t - wf) / 2.0, hf / 2.0)),
                (Vec2::new(t, hf), Vec2::new((wf - t) / 2.0, hf / 2.0)),
            ] {
                app.world_mut().spawn((
                    RigidBody::Static,
                    Collider::rectangle(size.x, size.y),
                    Transform::from_translation(at.extend(0.0)),
                ));
            }
        }
    }
    let rocks = (0..ROCKS)
        .map(|i| {
            let lobe = i + 7 * seed;
            let size = 12 + (lobe * 37) % 13;
            let mask = if ragged {
                ragged_rock(size, lobe)
            } else {
                rock(size, lobe)
            };
            let at = Vec2::new(
                -100.0 + (i % 8) as f32 * 28.0 + (seed % 3) as f32 * 2.0,
                30.0 + (i / 8) as f32 * 30.0,
            );
            let place = Transform::from_translation(at.extend(0.0))
                .with_rotation(Quat::from_rotation_z(i as f32 * 0.9 + seed as f32 * 0.37));
            match kind {
                Kind::Pixel => app.world_mut().spawn((
                    RigidBody::Dynamic,
                    PixelShape::from_mask(mask, Vec2::ONE),
                    place,
                )),
                Kind::Avian => app
                    .world_mut()
                    .spawn((RigidBody::Dynamic, hull(&mask), place)),
            }
            .id()
        })
        .collect();
    run(&mut app, seconds);
    (app, rocks)
}

/// Each body's shape and pose: the rocks, then the cup's pieces.
fn placed(app: &mut App, rocks: &[Entity]) -> (Vec<Placed>, usize) {
    let w = app.world_mut();
    let mut q = w.query::<(
        Entity,
        &RigidBody,
        &Position,
        &Rotation,
        Option<&PixelShape>,
        Option<&Collider>,
    )>();
    let mut bodies: Vec<(Entity, bool, Shape, Position, Rotation)> = q
        .iter(w)
        .filter_map(|(e, body, p, r, pixel, avian)| {
            let shape = match (pixel, avian) {
                (Some(s), _) => Shape::Pixel(Box::new(s.clone())),
                (None, Some(c)) => Shape::Avian(c.clone()),
                (None, None) => return None,
            };
            Some((e, body.is_static(), shape, *p, *r))
        })
        .collect();
    // Rocks first, in the order they were made, so both sides name the same rock alike.
    bodies.sort_by_key(|b| (b.1, rocks.iter().position(|&r| r == b.0)));
    let n = bodies.iter().filter(|b| !b.1).count();
    (bodies.into_iter().map(|b| (b.2, b.3, b.4)).collect(), n)
}

/// How deep two placed bodies overlap, in two measures (0 and 0 where they do not): the length of
/// the shortest translation that parts them, and the thickness of their overlap (the widest disc
/// inside both), which is what shows on screen. The two differ for bodies hooked into each other: a
/// lobe wedged in a notch a hair narrower than itself overlaps 0.03 px on each side, and parts only
/// once pulled out of the notch.
fn depth(a: &Placed, b: &Placed) -> (f32, f32) {
    let parted = match (&a.0, &b.0) {
        (Shape::Pixel(sa), Shape::Pixel(sb)) => {
            let (Some(x), Some(y)) = (sprite(sa, a.1, a.2), sprite(sb, b.1, b.2)) else {
                return (0.0, 0.0);
            };
            if !overlaps(x, y) {
                return (0.0, 0.0);
            }
            push_out(x, y).map_or(f32::INFINITY, |p| p.offset.length())
        }
        (Shape::Avian(ca), Shape::Avian(cb)) => {
            match contact(ca, a.1, a.2, cb, b.1, b.2, 0.0).ok().flatten() {
                Some(c) if c.penetration > 0.0 => c.penetration,
                _ => return (0.0, 0.0),
            }
        }
        _ => return (0.0, 0.0),
    };
    (parted, thickness(a, b))
}

/// A body of the scene placed: its shape, position and turn.
type Placed = (Shape, Position, Rotation);

/// The convex pieces a placed body is the union of, as world polygons: a mask's solid rectangles,
/// a hull itself.
fn pieces(body: &Placed) -> Vec<Vec<Vec2>> {
    match &body.0 {
        Shape::Pixel(s) => {
            let (Some(mask), Some(to_world)) = (s.mask(), s.texel_to_world(body.1.0, body.2))
            else {
                return Vec::new();
            };
            mask.cover()
                .into_iter()
                .map(|r| {
                    let (x0, y0) = (r.x as f32, r.y as f32);
                    let (x1, y1) = (x0 + r.w as f32, y0 + r.h as f32);
                    [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
                        .map(|(x, y)| to_world.transform_point2(Vec2::new(x, y)))
                        .to_vec()
                })
                .collect()
        }
        Shape::Avian(c) => {
            let shape = c.shape();
            let corners: Vec<Vec2> = if let Some(hull) = shape.as_convex_polygon() {
                hull.points().iter().map(|p| Vec2::new(p.x, p.y)).collect()
            } else if let Some(b) = shape.as_cuboid() {
                let h = Vec2::new(b.half_extents.x, b.half_extents.y);
                vec![-h, Vec2::new(h.x, -h.y), h, Vec2::new(-h.x, h.y)]
            } else {
                return Vec::new();
            };
            vec![corners.into_iter().map(|p| body.1.0 + body.2 * p).collect()]
        }
    }
}

/// How far world point `p`, inside the body, lies from its outline.
fn inside_distance(body: &Placed, p: Vec2) -> f32 {
    let edge = match &body.0 {
        Shape::Pixel(s) => sprite(s, body.1, body.2).and_then(|x| x.nearest_edge_point(p)),
        Shape::Avian(c) => Some(c.project_point(body.1, body.2, p, false).0),
    };
    edge.map_or(0.0, |e| e.distance(p))
}

/// The thickness of two bodies' overlap: twice the largest distance from the outline of both of a
/// point inside both, sampled over each overlap of a convex piece of one with a piece of the other
/// (8 samples across the overlap's narrower side, up to 64 along the other).
fn thickness(a: &Placed, b: &Placed) -> f32 {
    let mut best = 0.0f32;
    let theirs = pieces(b);
    for mine in pieces(a) {
        for other in &theirs {
            let shared = clip(&mine, other);
            if shared.len() < 3 {
                continue;
            }
            let lo = shared.iter().copied().reduce(Vec2::min).unwrap();
            let hi = shared.iter().copied().reduce(Vec2::max).unwrap();
            let size = hi - lo;
            let thin = size.min_element().max(1e-6);
            let n = (size / thin * 8.0)
                .clamp(Vec2::splat(8.0), Vec2::splat(64.0))
                .as_uvec2();
            for i in 0..n.x {
                for j in 0..n.y {
                    let t = (Vec2::new(i as f32, j as f32) + 0.5) / n.as_vec2();
                    let p = lo + size * t;
                    if !inside(&shared, p) {
                        continue;
                    }
                    let d = inside_distance(a, p).min(inside_distance(b, p));
                    best = best.max(d);
                }
            }
        }
    }
    2.0 * best
}

/// A polygon's corners turned counter-clockwise.
fn counter_clockwise(polygon: &[Vec2]) -> Vec<Vec2> {
    let area: f32 = (0..polygon.len())
        .map(|i| polygon[i].perp_dot(polygon[(i + 1) % polygon.len()]))
        .sum();
    let mut p = polygon.to_vec();
    if area < 0.0 {
        p.reverse();
    }
    p
}

/// The overlap of two convex polygons (Sutherland and Hodgman's clipping), counter-clockwise.
fn clip(subject: &[Vec2], clipper: &[Vec2]) -> Vec<Vec2> {
    let mut out = counter_clockwise(subject);
    let clipper = counter_clockwise(clipper);
    for i in 0..clipper.len() {
        let (c0, c1) = (clipper[i], clipper[(i + 1) % clipper.len()]);
        let side = |p: Vec2| (c1 - c0).perp_dot(p - c0);
        let input = std::mem::take(&mut out);
        for k in 0..input.len() {
            let (p, q) = (input[k], input[(k + 1) % input.len()]);
            let (sp, sq) = (side(p), side(q));
            if sp >= 0.0 {
                out.push(p);
            }
            if (sp >= 0.0) != (sq >= 0.0) {
                out.push(p + (q - p) * (sp / (sp - sq)));
            }
        }
        if out.is_empty() {
            break;
        }
    }
    out
}

/// Whether `p` lies inside the counter-clockwise convex polygon.
fn inside(polygon: &[Vec2], p: Vec2) -> bool {
    (0..polygon.len()).all(|i| {
        let (a, b) = (polygon[i], polygon[(i + 1) % polygon.len()]);
        (b - a).perp_dot(p - a) >= 0.0
    })
}

/// A pixel shape placed at `p` turned by `r`, as the backend places it.
fn sprite(s: &PixelShape, p: Position, r: Rotation) -> Option<Sprite<'_>> {
    Some(Sprite::new(s.mask()?, s.texel_to_world(p.0, r)?))
}

fn measure(app: &mut App, rocks: &[Entity]) -> Depths {
    let asleep = rocks
        .iter()
        .filter(|&&r| app.world().get::<Sleeping>(r).is_some())
        .count();
    let (bodies, n) = placed(app, rocks);
    let mut between = Vec::new();
    let mut in_cup = 0.0f32;
    for i in 0..n {
        for j in i + 1..bodies.len() {
            let (parted, thick) = depth(&bodies[i], &bodies[j]);
            if j < n {
                if parted > 0.0 {
                    between.push((thick, parted));
                }
            } else {
                in_cup = in_cup.max(thick);
            }
        }
    }
    between.sort_by(|a, b| a.0.total_cmp(&b.0));
    Depths {
        between,
        in_cup,
        asleep,
    }
}

/// The cup settled 10 s with 16 seeds (every other one of notched rocks), both sides in turn: the
/// thickest rock-rock overlap, the 90th percentile of the overlapping pairs' thicknesses, the
/// longest translation that parts a pair, the thickest overlap with the cup, and how many rocks
/// sleep.
pub(crate) fn rest_depth() {
    println!(
        "{ROCKS} rocks of 12 to 24 px (lobed, or notched every other seed) settled 10 s in a 240 x 200 px cup; a pair's overlap is as thick as the widest disc inside both, and parted by the shortest translation that parts it:"
    );
    let names = ["exact pixel masks", "avian's convex hulls"];
    let mut worst = [(0.0f32, 0.0f32); 2];
    let mut asleep = [0usize; 2];
    for seed in 0..16 {
        let ragged = seed % 2 == 1;
        for (k, kind) in [Kind::Pixel, Kind::Avian].into_iter().enumerate() {
            let (mut app, rocks) = cup(kind, seed, ragged, 10.0);
            let d = measure(&mut app, &rocks);
            let thickest = d.between.last().map_or(0.0, |b| b.0);
            let parted = d.between.iter().map(|b| b.1).fold(0.0, f32::max);
            worst[k] = (worst[k].0.max(thickest), worst[k].1.max(parted));
            asleep[k] += d.asleep;
            let p90 = d.between.get(d.between.len() * 9 / 10).map_or(0.0, |b| b.0);
            println!(
                "  seed {seed:>2} {:>20}: rock in rock thickest {thickest:.3} px, 90% of {} overlapping pairs under {p90:.3} px, parted by at most {parted:.3} px; rock in cup thickest {:.3} px; {} of {ROCKS} asleep",
                names[k],
                d.between.len(),
                d.in_cup,
                d.asleep
            );
        }
    }
    for k in 0..2 {
        println!(
            "  over the seeds, {}: thickest rock-rock overlap {:.3} px, longest parting {:.3} px, {} of {} rocks asleep",
            names[k],
            worst[k].0,
            worst[k].1,
            asleep[k],
            16 * ROCKS
        );
    }
}
