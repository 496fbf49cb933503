//! Editing masks in place: each edit against a per-texel model, and the edited mask's answers against
//! a mask built afresh from the same texels.

use crate::support;

use glam::{Affine2, Mat2, Vec2};
use pixel_collide::{Mask, Sprite, collide, overlap_area, overlaps};
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Edit {
    Set(u32, u32, bool),
    Circle(Vec2, f32, bool),
    Draw(u32, Affine2, bool),
    /// A noise mask of this size laid at a whole-texel offset: drawn, erased or intersected.
    At((u32, u32), u64, (i32, i32), Layer),
}

#[derive(Clone, Copy, Debug)]
enum Layer {
    Draw,
    Erase,
    Intersect,
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (0u32..150, 0u32..100, any::<bool>()).prop_map(|(x, y, s)| Edit::Set(x, y, s)),
        (
            (-10.0f32..150.0, -10.0f32..100.0),
            0.5f32..30.0,
            any::<bool>()
        )
            .prop_map(|((x, y), r, s)| Edit::Circle(Vec2::new(x, y), r, s)),
        (
            1u32..12,
            0.0f32..6.3,
            0.5f32..3.0,
            (-10.0f32..150.0, -10.0f32..100.0),
            any::<bool>()
        )
            .prop_map(|(n, angle, scale, (x, y), s)| {
                let t = Affine2::from_mat2_translation(
                    Mat2::from_angle(angle) * scale,
                    Vec2::new(x, y),
                );
                Edit::Draw(n, t, s)
            }),
        (
            (1u32..140, 1u32..40),
            any::<u64>(),
            (-150i32..160, -50i32..110),
            prop_oneof![
                Just(Layer::Draw),
                Just(Layer::Erase),
                Just(Layer::Intersect)
            ],
        )
            .prop_map(|(size, seed, offset, op)| Edit::At(size, seed, offset, op)),
    ]
}

/// A stamp of `n` x `n` texels: a ring, so that drawing it leaves holes.
fn stamp(n: u32) -> Mask {
    let c = n as f32 / 2.0;
    Mask::from_fn(n, n, |x, y| {
        let d = (x as f32 + 0.5 - c).hypot(y as f32 + 0.5 - c);
        d < c && d >= c / 3.0
    })
    .unwrap()
}

/// A mask of `w` x `h` texels, each solid by a coin from `seed`.
fn noise((w, h): (u32, u32), seed: u64) -> Mask {
    Mask::from_fn(w, h, |x, y| {
        support::families::splitmix(seed ^ (u64::from(x) << 32 | u64::from(y))) & 1 == 1
    })
    .unwrap()
}

/// Applies `e` to the per-texel model, by its documented rule (texel centres).
fn model_apply(model: &mut [Vec<bool>], e: &Edit) {
    for (y, row) in model.iter_mut().enumerate() {
        for (x, cell) in row.iter_mut().enumerate() {
            let centre = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
            match *e {
                Edit::Set(ex, ey, s) if ex as usize == x && ey as usize == y => *cell = s,
                Edit::Circle(c, r, s) => {
                    let dx = x as f64 + 0.5 - f64::from(c.x);
                    let dy = y as f64 + 0.5 - f64::from(c.y);
                    if dx * dx + dy * dy < f64::from(r) * f64::from(r) {
                        *cell = s;
                    }
                }
                Edit::Draw(n, t, s) => {
                    let m = stamp(n);
                    if Sprite::new(&m, t).contains_point(centre) {
                        *cell = s;
                    }
                }
                Edit::At(size, seed, (dx, dy), op) => {
                    let (u, v) = (x as i64 - i64::from(dx), y as i64 - i64::from(dy));
                    let upper = noise(size, seed).is_solid(u, v);
                    *cell = match op {
                        Layer::Draw => *cell || upper,
                        Layer::Erase => *cell && !upper,
                        Layer::Intersect => *cell && upper,
                    };
                }
                _ => {}
            }
        }
    }
}

fn apply(mask: &mut Mask, e: &Edit) {
    match *e {
        Edit::Set(x, y, s) => mask.set(x, y, s),
        Edit::Circle(c, r, s) => mask.fill_circle(c, r, s),
        Edit::Draw(n, t, true) => mask.draw(&stamp(n), t),
        Edit::Draw(n, t, false) => mask.erase(&stamp(n), t),
        Edit::At(size, seed, offset, Layer::Draw) => mask.draw_at(&noise(size, seed), offset),
        Edit::At(size, seed, offset, Layer::Erase) => mask.erase_at(&noise(size, seed), offset),
        Edit::At(size, seed, offset, Layer::Intersect) => {
            let upper = noise(size, seed);
            let shared = mask.overlap_mask_at(&upper, offset);
            mask.intersect_at(&upper, offset);
            assert!(shared == *mask, "overlap_mask_at differs from intersect_at");
        }
    }
}

fn placement() -> impl Strategy<Value = Affine2> {
    (0.0f32..6.3, 0.3f32..3.0, (-60.0f32..160.0, -60.0f32..110.0)).prop_map(|(a, s, (x, y))| {
        Affine2::from_mat2_translation(Mat2::from_angle(a) * s, Vec2::new(x, y))
    })
}

proptest! {
    #![proptest_config(support::cases(150))]

    #[test]
    fn edits_follow_their_rule_and_the_tree_answers_as_a_fresh_build_does(
        (w, h) in (1u32..150, 1u32..100), density in 0u32..10, seed in any::<u64>(),
        edits in proptest::collection::vec(edit(), 1..12),
        probes in proptest::collection::vec((1u32..20, placement()), 1..12),
    ) {
        let solid = |x: u32, y: u32| {
            let mut z = seed ^ (u64::from(x) << 32 | u64::from(y));
            z = (z ^ (z >> 31)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            (z >> 33) % 10 < u64::from(density)
        };
        let mut mask = Mask::from_fn(w, h, solid).unwrap();
        let mut model: Vec<Vec<bool>> = (0..h).map(|y| (0..w).map(|x| solid(x, y)).collect()).collect();
        for e in &edits {
            apply(&mut mask, e);
            model_apply(&mut model, e);
        }
        let fresh = Mask::from_fn(w, h, |x, y| model[y as usize][x as usize]).unwrap();
        prop_assert!(mask == fresh, "the edited texels differ from the model");
        prop_assert_eq!(mask.solid_count(), fresh.solid_count());
        prop_assert_eq!(mask.solid_bounds(), fresh.solid_bounds());
        let padded = w.div_ceil(64) as usize * 8 * h as usize;
        // Three times pygame's bytes (its two ints and its words) from 1024 texels up.
        let bound = 3 * (8 + padded);
        let bound = if w * h >= 1024 { bound } else { bound.max(padded + 31 * 20 + 128) };
        prop_assert!(mask.heap_bytes() <= bound, "{} bytes", mask.heap_bytes());
        for (n, t) in probes {
            let other = Mask::from_fn(n, n, |x, y| (x + y) % 3 != 0).unwrap();
            let probe = Sprite::new(&other, t);
            let (edited, built) = (Sprite::new(&mask, Affine2::IDENTITY), Sprite::new(&fresh, Affine2::IDENTITY));
            prop_assert_eq!(overlaps(edited, probe), overlaps(built, probe));
            prop_assert_eq!(collide(probe, edited).is_some(), collide(probe, built).is_some());
            let (a, b) = (overlap_area(edited, probe), overlap_area(built, probe));
            prop_assert!((a - b).abs() <= 1e-4 * (1.0 + b), "{} against {}", a, b);
            let ray = (t.translation, Vec2::from_angle(n as f32));
            let (ra, rb) = (edited.raycast(ray.0, ray.1, 500.0), built.raycast(ray.0, ray.1, 500.0));
            prop_assert_eq!(ra.map(|h| (h.distance * 1e3).round()), rb.map(|h| (h.distance * 1e3).round()));
        }
    }
}

#[test]
fn carving_empties_a_block_and_the_mask_touches_nothing_there() {
    let mut m = Mask::from_fn(128, 64, |x, _| x < 64).unwrap();
    m.fill_circle(Vec2::new(32.0, 32.0), 100.0, false);
    assert_eq!(m.solid_count(), 0);
    assert_eq!(m.solid_bounds(), None);
    let dot = Mask::from_fn(1, 1, |_, _| true).unwrap();
    let at = Affine2::from_translation(Vec2::new(10.0, 10.0));
    assert!(!overlaps(
        Sprite::new(&m, Affine2::IDENTITY),
        Sprite::new(&dot, at)
    ));
    assert!(
        Sprite::new(&m, Affine2::IDENTITY)
            .raycast(Vec2::new(-5.0, 5.0), Vec2::X, 1e9)
            .is_none()
    );
    m.set(10, 10, true);
    assert!(overlaps(
        Sprite::new(&m, Affine2::IDENTITY),
        Sprite::new(&dot, at)
    ));
}

#[test]
fn fill_circle_with_an_infinite_radius_fills_every_texel_like_a_huge_one() {
    let mut huge = Mask::from_fn(70, 9, |x, y| (x + y) % 3 == 0).unwrap();
    let mut endless = huge.clone();
    huge.fill_circle(Vec2::new(3.0, 4.0), 1e30, true);
    endless.fill_circle(Vec2::new(3.0, 4.0), f32::INFINITY, true);
    assert_eq!(huge.solid_count(), 70 * 9);
    assert!(endless == huge);
    endless.fill_circle(Vec2::new(3.0, 4.0), f32::INFINITY, false);
    assert_eq!(endless.solid_count(), 0);
    endless.fill_circle(Vec2::new(3.0, 4.0), f32::NAN, true);
    assert_eq!(endless.solid_count(), 0, "a NaN radius changes nothing");
}

#[test]
fn a_filled_mask_has_every_texel_and_no_bit_past_its_width() {
    for (w, h) in [(1, 1), (63, 2), (64, 3), (65, 1), (130, 7), (200, 1)] {
        let full = Mask::filled(w, h, true).unwrap();
        assert_eq!(full, Mask::from_fn(w, h, |_, _| true).unwrap());
        assert_eq!(full.solid_count(), u64::from(w * h));
        let empty = Mask::filled(w, h, false).unwrap();
        assert_eq!((empty.solid_count(), empty.solid_bounds()), (0, None));
    }
    assert!(Mask::filled(0, 5, true).is_err());
    assert!(Mask::filled(Mask::MAX_SIDE + 1, 1, true).is_err());
}

#[test]
fn masks_laid_at_the_farthest_offsets_change_nothing_but_an_intersection() {
    let upper = Mask::filled(70, 70, true).unwrap();
    for offset in [
        (i32::MAX, 0),
        (i32::MIN, i32::MIN),
        (0, i32::MAX),
        (-70, 0),
        (100, 0),
    ] {
        let mut m = Mask::filled(100, 50, true).unwrap();
        m.draw_at(&upper, offset);
        m.erase_at(&upper, offset);
        assert_eq!(m.solid_count(), 5000, "{offset:?}");
        m.intersect_at(&upper, offset);
        assert_eq!(m.solid_count(), 0, "{offset:?}");
        assert!(!Sprite::new(&m, Affine2::IDENTITY).contains_point(Vec2::new(50.5, 25.5)));
    }
}
