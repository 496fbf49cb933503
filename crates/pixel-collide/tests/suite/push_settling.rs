//! Push-out settles the same way with or without a direction: it ends apart, at the first free
//! stretch along its direction (or on an exact free point that `f32` lands on), never past it.

use crate::support;

use glam::{Affine2, Mat2, Vec2};
use pixel_collide::{
    Mask, PUSH_TOLERANCE, Sprite, overlaps, push_out, push_out_along, sprite_transform,
};
use proptest::prelude::*;

/// A mask from rows of `#` (solid) and `.` (air).
fn art(rows: &[&str]) -> Mask {
    let w = rows[0].len() as u32;
    Mask::from_fn(w, rows.len() as u32, |x, y| {
        rows[y as usize].as_bytes()[x as usize] == b'#'
    })
    .unwrap()
}

fn moved<'a>(s: Sprite<'a>, d: Vec2) -> Sprite<'a> {
    Sprite::new(s.mask, Affine2::from_translation(d) * s.transform)
}

/// The tolerance the push documents for these two sprites.
fn tolerance(a: Sprite<'_>, b: Sprite<'_>) -> f32 {
    let far = |s: Sprite<'_>| s.bounds().min.abs().max(s.bounds().max.abs()).max_element();
    PUSH_TOLERANCE * far(a).max(far(b)).max(1.0)
}

/// Brute force: the push along `dir` ends apart, and no stretch of free distances before it (longer
/// than the sampling step) was passed over. Free distances are sampled 512 times along the push;
/// between two free samples, 64 more decide whether the stretch is free all along.
fn assert_first_free_stretch(a: Sprite<'_>, b: Sprite<'_>, dir: Vec2, offset: Vec2) {
    assert!(
        !overlaps(moved(a, offset), b),
        "still overlapping after {offset:?}"
    );
    let len = offset.length();
    let u = dir.normalize();
    assert!(
        len < 1e-6 || offset.normalize().dot(u) > 0.999,
        "{offset:?} is not along {dir:?}"
    );
    let end = len - 2.0 * tolerance(a, b);
    let n = 512;
    let step = len / n as f32;
    let free = |t: f32| !overlaps(moved(a, u * t), b);
    for k in 0..n {
        let (t0, t1) = (k as f32 * step, (k + 1) as f32 * step);
        if t1 >= end {
            break;
        }
        if free(t0) && free(t1) && (1..64).all(|j| free(t0 + step * j as f32 / 64.0)) {
            panic!("free all along {t0}..{t1}, but the push went {len} along {dir:?}");
        }
    }
}

#[test]
fn push_out_along_ends_apart_across_a_one_texel_gap_under_rotation() {
    // A 1 x 1 body in an air gap of a `#.` comb, both turned by 0.5 rad: along the comb, the only free
    // distances before its end are the isolated points where the body fills a gap exactly.
    let comb = Mask::from_fn(64, 1, |x, _| x % 2 == 0).unwrap();
    let dot = Mask::from_fn(1, 1, |_, _| true).unwrap();
    let turn = Affine2::from_angle_translation(0.5, Vec2::new(40.0, 30.0));
    let wall = Sprite::new(&comb, turn);
    let body = Sprite::new(&dot, turn * Affine2::from_translation(Vec2::new(11.3, 0.0)));
    assert!(overlaps(body, wall));
    let left = Mat2::from_angle(0.5) * -Vec2::X;
    let along = push_out_along(body, wall, left).unwrap();
    assert!(!along.budget_ran_out);
    assert_first_free_stretch(body, wall, left, along.offset);
    let any = push_out(body, wall).unwrap();
    assert!(!overlaps(moved(body, any.offset), wall), "{any:?}");
    assert!(
        any.offset.length() <= 1.0 + 1e-3,
        "a push of 1 across the comb frees it: {any:?}"
    );
}

#[test]
fn push_out_along_stops_at_the_first_free_stretch_under_a_shear() {
    // `#.#` against `#` with the same sheared linear part: free from 3.093 on, where the old
    // settling went on to 4.585.
    let a_mask = art(&["#.#"]);
    let b_mask = art(&["#"]);
    let m = Mat2::from_cols_array(&[-1.624686, 1.7151661, -1.8787199, -0.335052]);
    let a = Sprite::new(
        &a_mask,
        Affine2::from_mat2_translation(m, Vec2::new(3.3927898, 8.10613)),
    );
    let b = Sprite::new(
        &b_mask,
        Affine2::from_mat2_translation(m, Vec2::new(2.7162719, 9.829727)),
    );
    let dir = Vec2::new(0.9997909, 0.020448375);
    let p = push_out_along(a, b, dir).unwrap();
    assert_first_free_stretch(a, b, dir, p.offset);
    assert!(p.offset.length() < 3.1, "{p:?}");
}

#[test]
fn push_out_on_a_shared_grid_ends_apart_where_the_whole_texel_move_rounds_back_into_overlap() {
    // The whole-texel move (0, -8) is exact, but added to y = -8.574227 in f32 it rounds back into
    // a sliver of overlap: the push settles past it, as the push along -Y does.
    let big = Mask::from_fn(21, 21, |_, _| true).unwrap();
    let small = Mask::from_fn(8, 8, |_, _| true).unwrap();
    let a = Sprite::new(
        &big,
        Affine2::from_translation(Vec2::new(16.230207, -8.574227)),
    );
    let b = Sprite::new(
        &small,
        Affine2::from_translation(Vec2::new(25.230207, 4.4257727)),
    );
    let p = push_out(a, b).unwrap();
    assert!(!overlaps(moved(a, p.offset), b), "{p:?}");
    assert!(
        (p.offset - Vec2::new(0.0, -8.0)).length() <= tolerance(a, b),
        "{p:?}"
    );
    let up = push_out_along(a, b, -Vec2::Y).unwrap();
    assert!(!overlaps(moved(a, up.offset), b), "{up:?}");
    assert!(
        (p.offset - up.offset).length() <= tolerance(a, b),
        "{p:?} {up:?}"
    );
}

/// A random mask of up to 6 x 3 texels.
fn small_mask() -> impl Strategy<Value = Mask> {
    (1u32..=6, 1u32..=3, any::<u64>()).prop_map(|(w, h, bits)| {
        let bits = bits | 1;
        Mask::from_fn(w, h, |x, y| bits >> ((y * w + x) % 64) & 1 == 1).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { max_global_rejects: 100_000, ..support::cases(1500) })]

    /// Two masks under one shared rotation and scale (so their texel grids are parallel and gaps
    /// are exactly a body wide), offset off the grid: every push ends apart at the first free
    /// stretch along its line, and the push without a direction ends apart too.
    #[test]
    fn push_out_along_ends_at_the_first_free_stretch_under_a_shared_rotation(
        ma in small_mask(),
        mb in small_mask(),
        angle in -3.2f32..3.2,
        scale in 0.5f32..2.0,
        (x, y) in (-2.0f32..3.0, -1.5f32..1.5),
        at in (-50.0f32..50.0, -50.0f32..50.0),
        dir_angle in 0.0f32..std::f32::consts::TAU,
        along_grid in any::<bool>(),
    ) {
        let turn = Affine2::from_scale_angle_translation(Vec2::splat(scale), angle, Vec2::from(at));
        let b = Sprite::new(&mb, turn);
        let a = Sprite::new(&ma, turn * Affine2::from_translation(Vec2::new(x, y)));
        prop_assume!(overlaps(a, b));
        let dir = if along_grid {
            Mat2::from_angle(angle) * Vec2::from_angle((dir_angle / std::f32::consts::FRAC_PI_2).floor() * std::f32::consts::FRAC_PI_2)
        } else {
            Vec2::from_angle(dir_angle)
        };
        let p = push_out_along(a, b, dir).unwrap();
        prop_assert!(!p.budget_ran_out);
        assert_first_free_stretch(a, b, dir, p.offset);
        let any = push_out(a, b).unwrap();
        prop_assert!(!overlaps(moved(a, any.offset), b), "{:?}", any);
    }
}

#[test]
fn push_out_of_large_turned_noise_stays_within_its_work_budget_and_says_its_budget_ran_out() {
    // Two overlapping 300 px noise masks turned against each other took 22 s to push apart: every
    // direction jumps texel by texel through the noise. The work budget ends the search, the push
    // parts the bounds instead, still ends apart, and says it fell back.
    let (ma, mb) = (
        support::xorshift_noise(300, 1),
        support::xorshift_noise(300, 2),
    );
    let a = Sprite::new(
        &ma,
        sprite_transform(Vec2::splat(150.0), 0.3, Vec2::ONE, Vec2::splat(150.0)),
    );
    let b = Sprite::new(
        &mb,
        sprite_transform(Vec2::splat(150.5), -0.2, Vec2::ONE, Vec2::splat(150.0)),
    );
    for p in [
        push_out(a, b).unwrap(),
        push_out_along(a, b, -Vec2::Y).unwrap(),
    ] {
        assert!(p.budget_ran_out, "{p:?}");
        assert!(!overlaps(moved(a, p.offset), b), "{p:?}");
    }
}

#[test]
fn push_out_of_a_small_body_does_not_fall_back() {
    let plus = Mask::from_fn(16, 16, |x, y| (6..10).contains(&x) || (6..10).contains(&y)).unwrap();
    let body = Mask::from_fn(8, 12, |x, y| x + y < 14).unwrap();
    let a = Sprite::new(
        &body,
        sprite_transform(Vec2::new(3.0, 4.0), 0.2, Vec2::ONE, Vec2::new(4.0, 6.0)),
    );
    let b = Sprite::new(
        &plus,
        sprite_transform(Vec2::new(8.0, 9.0), -0.7, Vec2::ONE, Vec2::splat(8.0)),
    );
    assert!(overlaps(a, b));
    let p = push_out(a, b).unwrap();
    assert!(
        !p.budget_ran_out && !overlaps(moved(a, p.offset), b),
        "{p:?}"
    );
}
