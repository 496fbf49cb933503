//! The rectangle prefilter's row: the tutorial's corner box against `Sprite::bounds` on a pair far
//! apart.

use std::hint::black_box;

use glam::Vec2;
use pixel_collide::{Mask, Sprite};

use crate::timing::time_sides;

/// The cheap prefilter a game runs before the exact test, on a pair it rejects: the tutorial's (the
/// box around the four transformed corners of each sprite, then the rectangle test) beside
/// `Sprite::bounds` and `Rect::intersects`, answers checked equal first.
pub fn row() {
    let figure = Mask::from_fn(32, 48, |x, y| (6..26).contains(&x) || y < 10).expect("size");
    let plus = Mask::from_fn(128, 128, |x, y| {
        (42..86).contains(&x) || (42..86).contains(&y)
    })
    .expect("size");
    let ta = glam::Affine2::from_translation(Vec2::new(400.0, 500.0));
    let tb =
        pixel_collide::sprite_transform(Vec2::new(200.0, 120.0), 0.7, Vec2::ONE, Vec2::splat(64.0));
    let (a, b) = (Sprite::new(&figure, ta), Sprite::new(&plus, tb));
    let tutorial = |ta: &glam::Affine2, sa: Vec2, tb: &glam::Affine2, sb: Vec2| {
        let corners = |t: &glam::Affine2, s: Vec2| {
            [Vec2::ZERO, Vec2::new(s.x, 0.0), Vec2::new(0.0, s.y), s].map(|p| t.transform_point2(p))
        };
        let (ca, cb) = (corners(ta, sa), corners(tb, sb));
        let lo = |c: &[Vec2; 4]| c[1..].iter().fold(c[0], |m, p| m.min(*p));
        let hi = |c: &[Vec2; 4]| c[1..].iter().fold(c[0], |m, p| m.max(*p));
        let (a0, a1, b0, b1) = (lo(&ca), hi(&ca), lo(&cb), hi(&cb));
        a1.x > b0.x && a0.x < b1.x && a1.y > b0.y && a0.y < b1.y
    };
    let (sa, sb) = (Vec2::new(32.0, 48.0), Vec2::splat(128.0));
    let crate_test = |a: Sprite<'_>, b: Sprite<'_>| a.bounds().intersects(&b.bounds());
    assert_eq!(
        tutorial(&ta, sa, &tb, sb),
        crate_test(a, b),
        "prefilter answers"
    );
    assert!(!crate_test(a, b), "the pair is far apart");
    // Both sides read the transforms and the sizes from memory, as a game does: the tutorial's from
    // its textures, the crate's from the masks.
    let [t, c] = time_sides([
        &mut || {
            u64::from(tutorial(
                black_box(&ta),
                *black_box(&sa),
                black_box(&tb),
                *black_box(&sb),
            ))
        },
        &mut || u64::from(crate_test(*black_box(&a), *black_box(&b))),
    ]);
    println!(
        "tutorial {t:.1} ns, Sprite::bounds + Rect::intersects {c:.1} ns ({:.2}x)",
        c / t
    );
}
