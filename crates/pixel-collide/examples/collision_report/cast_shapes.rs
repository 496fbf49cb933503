//! The cast-shape table: a circle, a capsule and a box cast at turned and scaled sprites of every
//! family, as the exact shape (`Sprite::cast_shape`) against a raster of the shape swept by the
//! mover's `cast` (what a host without exact casts sweeps), with how far the raster's stop is from
//! the exact one.

use std::hint::black_box;

use glam::{Affine2, Vec2};
use pixel_collide::{Body, Circle, Convex, Mask, Pose, Sprite, cast};

use crate::support::families::{Family, splitmix};
use crate::timing::{by_group, time_sides};

/// Texels across a shape's raster: the Bevy plugin's primitives are drawn 64 texels across.
const RASTER: u32 = 64;

/// One kind of cast shape: its exact form about `at` turned by `turn`, and its raster there.
struct Kind {
    name: &'static str,
    /// Half width and half height of its box, and its radius (a circle: no box; a capsule: a
    /// vertical segment).
    half: Vec2,
    radius: f32,
}

impl Kind {
    fn exact(&self, at: Vec2, turn: f32) -> Convex {
        let rotate = |p: Vec2| at + Vec2::from_angle(turn).rotate(p);
        let h = self.half;
        if h == Vec2::ZERO {
            return Convex::circle(Circle::new(at, self.radius)).expect("a circle");
        }
        if h.x == 0.0 {
            return Convex::capsule(rotate(-h), rotate(h), self.radius).expect("a capsule");
        }
        let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
            .map(|(x, y)| rotate(Vec2::new(x * h.x, y * h.y)));
        Convex::polygon(&corners).expect("a box")
    }

    /// The raster's mask and the size of one of its texels.
    fn raster(&self) -> (Mask, f32) {
        let extent = self.half + Vec2::splat(self.radius);
        let side = 2.0 * extent.x.max(extent.y);
        let texel = side / RASTER as f32;
        let (h, r) = (self.half, self.radius);
        let mask = Mask::from_fn(RASTER, RASTER, |x, y| {
            let p = (Vec2::new(x as f32, y as f32) + 0.5) * texel - Vec2::splat(side / 2.0);
            let q = p.abs() - h;
            q.max(Vec2::ZERO).length() <= r && (r > 0.0 || (q.x <= 0.0 && q.y <= 0.0))
        })
        .expect("not empty");
        (mask, texel)
    }
}

/// Casts of three shapes at sprites of each family: exact against raster, and the raster's worst
/// error.
pub fn table() {
    println!();
    println!(
        "== cast shapes: a circle (r 3), a capsule (r 2, 8 long) and a 6 x 4 box cast at turned, scaled 48 x 48 sprites"
    );
    println!(
        "   exact: Sprite::cast_shape; raster: the shape drawn {RASTER} texels across, swept by the mover's cast"
    );
    let kinds = [
        Kind {
            name: "circle",
            half: Vec2::ZERO,
            radius: 3.0,
        },
        Kind {
            name: "capsule",
            half: Vec2::new(0.0, 4.0),
            radius: 2.0,
        },
        Kind {
            name: "box",
            half: Vec2::new(3.0, 2.0),
            radius: 0.0,
        },
    ];
    let mut rows: Vec<(String, [f64; 3])> = Vec::new();
    for family in Family::ALL {
        for seed in 0..4u64 {
            let mask = Mask::from_fn(48, 48, |x, y| family.solid(seed + 11, x, y)).expect("mask");
            let h = splitmix(seed * 31 + 7);
            let turn = (h % 628) as f32 / 100.0;
            let scale =
                Vec2::new(1.0 + (h >> 10) as f32 % 2.0, 1.0 + (h >> 20) as f32 % 2.0) * 0.75;
            let t = Affine2::from_angle(turn) * Affine2::from_scale(scale);
            let sprite = Sprite::new(&mask, t);
            let middle = t.transform_point2(Vec2::splat(24.0));
            for kind in &kinds {
                let (raster, texel) = kind.raster();
                for k in 0..6u64 {
                    let hk = splitmix(h ^ ((k + 1) * 0x9e37));
                    let angle = (hk % 628) as f32 / 100.0;
                    let spin = ((hk >> 16) % 628) as f32 / 100.0;
                    let from = middle + Vec2::from_angle(angle) * 80.0;
                    let dir = (middle - from).normalize();
                    let exact = kind.exact(from, spin);
                    let body = Body::new(
                        &raster,
                        Pose::at(from).rotated(spin).scaled(Vec2::splat(texel)),
                        Vec2::splat(RASTER as f32 / 2.0),
                    );
                    let world = [sprite];
                    let (Some(e), Some(r)) = (
                        sprite.cast_shape(&exact, dir, 160.0),
                        cast(body, &world, dir * 160.0),
                    ) else {
                        continue;
                    };
                    let error = (f64::from(r.time) * 160.0 - f64::from(e.distance)).abs();
                    let [exact_ns, raster_ns] = time_sides([
                        &mut || sprite.cast_shape(black_box(&exact), dir, 160.0).is_some() as u64,
                        &mut || cast(black_box(body), &world, dir * 160.0).is_some() as u64,
                    ]);
                    rows.push((
                        format!("{} {}", kind.name, family.name()),
                        [exact_ns, raster_ns, error],
                    ));
                }
            }
        }
    }
    println!(
        "{:<18} {:>6} {:>10} {:>11} {:>8} {:>18}",
        "shape, family", "casts", "exact ns", "raster ns", "ratio", "raster's worst px"
    );
    for (group, n, [e, r, _]) in by_group(&rows) {
        let worst = rows
            .iter()
            .filter(|row| row.0 == group)
            .map(|row| row.1[2])
            .fold(0.0, f64::max);
        println!(
            "{group:<18} {n:>6} {e:>10.0} {r:>11.0} {:>7.2}x {worst:>18.3}",
            r / e
        );
    }
}
