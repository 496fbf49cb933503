//! Time of impact and push-out against brute force: a dense sweep of the exact test over the step,
//! every whole-texel move, and marches along the push direction.

use crate::support;

use glam::{Affine2, Mat2, Vec2};
use pixel_collide::{
    IMPACT_RESOLUTION, Mask, Motion, Pose, Sprite, collide, overlaps, push_out, push_out_along,
    time_of_impact,
};
use proptest::prelude::*;

/// A random mask of up to 10 x 10 texels from its bits, about `fill` of them solid.
fn mask() -> impl Strategy<Value = Mask> {
    (1u32..=10, 1u32..=10, 0.3f64..0.9, any::<u64>()).prop_map(|(w, h, fill, seed)| {
        let mut s = seed | 1;
        let mut bits = Vec::new();
        for _ in 0..w * h {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            bits.push((s % 1000) as f64 / 1000.0 < fill);
        }
        Mask::from_fn(w, h, |x, y| bits[(y * w + x) as usize]).unwrap()
    })
}

/// A random pose near the origin: any rotation, scale from 1/2 to 2 on each axis with flips.
fn pose() -> impl Strategy<Value = Pose> {
    (
        (-10.0f32..10.0, -10.0f32..10.0),
        -7.0f32..7.0,
        (0.5f32..2.0, 0.5f32..2.0),
        (any::<bool>(), any::<bool>()),
    )
        .prop_map(|((x, y), rotation, (sx, sy), (fx, fy))| {
            let flip = |s: f32, f: bool| if f { -s } else { s };
            Pose::new(
                Vec2::new(x, y),
                rotation,
                Vec2::new(flip(sx, fx), flip(sy, fy)),
            )
        })
}

/// A random motion: a pose, and a move of up to 24 units, a turn of up to 1.5 radians and a change of
/// scale of up to 1/2 over the step; some motions stand still.
fn motion(m: Mask) -> impl Strategy<Value = (Mask, Vec2, Pose, Pose)> {
    let (w, h) = (m.width() as f32, m.height() as f32);
    (
        (0.0f32..=1.0, 0.0f32..=1.0),
        pose(),
        (-24.0f32..24.0, -24.0f32..24.0),
        -1.5f32..1.5,
        (-0.5f32..0.5, -0.5f32..0.5),
        0u8..4,
    )
        .prop_map(move |((ox, oy), from, (dx, dy), turn, (gx, gy), kind)| {
            let to = match kind {
                0 => from,
                1 => Pose::new(from.position + Vec2::new(dx, dy), from.rotation, from.scale),
                _ => Pose::new(
                    from.position + Vec2::new(dx, dy),
                    from.rotation + turn,
                    from.scale + Vec2::new(gx, gy) * from.scale.signum(),
                ),
            };
            (m.clone(), Vec2::new(ox * w, oy * h), from, to)
        })
}

fn moving() -> impl Strategy<Value = (Mask, Vec2, Pose, Pose)> {
    mask().prop_flat_map(motion)
}

/// Samples of the dense sweep over the step.
const SWEEP: u32 = 256;

/// Whether the exact test finds a touch at the multiples of the resolution either side of `t`: if
/// not, a touch at `t` is a graze the time of impact may pass over.
fn touches_on_grid_around(a: &Motion<'_>, b: &Motion<'_>, t: f32) -> bool {
    let below = (t / IMPACT_RESOLUTION).floor() * IMPACT_RESOLUTION;
    [below, (below + IMPACT_RESOLUTION).min(1.0)]
        .into_iter()
        .any(|g| collide(a.sprite_at(g), b.sprite_at(g)).is_some())
}

/// The time of impact's promises against a dense sweep of the exact test over the step.
fn check_against_sweep(a: &Motion<'_>, b: &Motion<'_>) -> Result<(), TestCaseError> {
    let hit = time_of_impact(a, b);
    prop_assert_eq!(hit, time_of_impact(b, a), "symmetric");
    if let Some(hit) = hit {
        prop_assert!(0.0 <= hit.time && hit.time <= hit.contact_time && hit.contact_time <= 1.0);
        prop_assert!(hit.contact_time - hit.time <= IMPACT_RESOLUTION * 1.0001);
        let c = collide(a.sprite_at(hit.contact_time), b.sprite_at(hit.contact_time));
        prop_assert_eq!(
            c.map(|c| c.point),
            Some(hit.point),
            "confirmed by the exact test"
        );
        if hit.time > 0.0 {
            prop_assert!(
                collide(a.sprite_at(hit.time), b.sprite_at(hit.time)).is_none(),
                "apart at time"
            );
        }
    }
    let first = (0..=SWEEP)
        .map(|k| k as f32 / SWEEP as f32)
        .find(|&t| collide(a.sprite_at(t), b.sprite_at(t)).is_some());
    if let Some(t) = first {
        let early = hit.is_some_and(|h| h.time <= t);
        prop_assert!(
            early || !touches_on_grid_around(a, b, t),
            "the sweep touches at {t} but the time of impact is {hit:?}"
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(support::cases(10_000))]

    /// Never later than the first touch the dense sweep finds (but for grazes between two multiples of
    /// the resolution), never a touch the exact test does not confirm, and the same both ways round.
    #[test]
    fn time_of_impact_matches_a_dense_sweep((ma, oa, fa, ta) in moving(), (mb, ob, fb, tb) in moving()) {
        check_against_sweep(&Motion::new(&ma, fa, ta, oa), &Motion::new(&mb, fb, tb, ob))?;
    }

    /// The same on the texel grid: whole-texel positions and moves, quarter turns, edges that meet
    /// and slide along each other without overlapping.
    #[test]
    fn time_of_impact_on_the_grid_matches_a_dense_sweep(
        ma in mask(), mb in mask(),
        (turn_a, turn_b) in (0u8..4, 0u8..4),
        (pa, pb) in ((-8i32..8, -8i32..8), (-8i32..8, -8i32..8)),
        (da, db) in ((-12i32..12, -12i32..12), (-12i32..12, -12i32..12)),
    ) {
        let quarter = std::f32::consts::FRAC_PI_2;
        let v = |(x, y): (i32, i32)| Vec2::new(x as f32, y as f32);
        let a = Motion::new(&ma, Pose::new(v(pa), quarter * f32::from(turn_a), Vec2::ONE), Pose::new(v(pa) + v(da), quarter * f32::from(turn_a), Vec2::ONE), Vec2::ZERO);
        let b = Motion::new(&mb, Pose::new(v(pb), quarter * f32::from(turn_b), Vec2::ONE), Pose::new(v(pb) + v(db), quarter * f32::from(turn_b), Vec2::ONE), Vec2::ZERO);
        check_against_sweep(&a, &b)?;
    }

    /// A fast thin bar never tunnels through a thin post, whatever its speed.
    #[test]
    fn time_of_impact_never_tunnels(speed in 10.0f32..100_000.0, x in 0.0f32..39.0, turn in -0.3f32..0.3) {
        let bar = Mask::from_fn(40, 1, |_, _| true).unwrap();
        let post = Mask::from_fn(1, 1, |_, _| true).unwrap();
        let fall = Motion::new(&bar, Pose::new(Vec2::new(0.0, -speed * 0.5), 0.0, Vec2::ONE), Pose::new(Vec2::new(0.0, speed * 0.5), turn, Vec2::ONE), Vec2::new(x, 0.5));
        let still = Motion::still(&post, Pose::at(Vec2::ZERO), Vec2::splat(0.5));
        let hit = time_of_impact(&fall, &still);
        prop_assert!(hit.is_some(), "passed through at {speed} px per step");
        let hit = hit.unwrap();
        prop_assert!((hit.time - 0.5).abs() < 1.5 / speed + IMPACT_RESOLUTION, "{hit:?}");
    }
}

/// A whole-texel placement on a square grid: a quarter turn, flips and a scale of 1 or 2, shared by
/// both sprites, each at its own whole-texel offset.
fn grid_pair() -> impl Strategy<Value = (Mask, Mask, Affine2, Affine2)> {
    (
        mask(),
        mask(),
        0u8..4,
        any::<bool>(),
        prop_oneof![Just(1.0f32), Just(2.0f32)],
        (-6i32..6, -6i32..6),
        (-20i32..20, -20i32..20),
    )
        .prop_map(|(ma, mb, turn, flip, scale, (ax, ay), (ox, oy))| {
            let quarter = Mat2::from_cols_array(
                &[
                    [1.0, 0.0, 0.0, 1.0],
                    [0.0, 1.0, -1.0, 0.0],
                    [-1.0, 0.0, 0.0, -1.0],
                    [0.0, -1.0, 1.0, 0.0],
                ][turn as usize],
            );
            let m =
                quarter * Mat2::from_diagonal(Vec2::new(if flip { -scale } else { scale }, scale));
            let base = Vec2::new(ox as f32, oy as f32);
            let ta = Affine2::from_mat2_translation(m, base);
            let tb = Affine2::from_mat2_translation(m, base + m * Vec2::new(ax as f32, ay as f32));
            (ma, mb, ta, tb)
        })
}

/// A sprite moved by a world translation.
fn moved<'a>(s: Sprite<'a>, d: Vec2) -> Sprite<'a> {
    Sprite::new(s.mask, Affine2::from_translation(d) * s.transform)
}

/// The tie rule of the push: shorter, then more vertical, then up, then left.
fn tie_key(d: Vec2) -> (i64, i64, i64, i64) {
    let q = |v: f32| (v * 1024.0).round() as i64;
    (q(d.length()), -q(d.y.abs()), q(d.y), q(d.x))
}

proptest! {
    #![proptest_config(support::cases(10_000))]

    /// On a shared square grid the push is the shortest whole-texel move that frees the sprites (found
    /// by trying every one), settled by the tie rule, and no shorter move of any length frees them.
    #[test]
    fn push_out_on_the_grid_is_the_shortest_whole_texel_move((ma, mb, ta, tb) in grid_pair(), probes in proptest::collection::vec((0.0f32..1.0, 0.0f32..std::f32::consts::TAU), 16)) {
        let (a, b) = (Sprite::new(&ma, ta), Sprite::new(&mb, tb));
        let push = push_out(a, b);
        prop_assert_eq!(push.is_some(), overlaps(a, b));
        let Some(push) = push else { return Ok(()) };
        let r = 24;
        let frees: Vec<Vec2> = (-r..=r)
            .flat_map(|y| (-r..=r).map(move |x| Vec2::new(x as f32, y as f32)))
            .map(|j| ta.matrix2 * j)
            .filter(|&d| !overlaps(moved(a, d), b))
            .collect();
        // The up and left ties are the pair's, decided for a fixed order of the two sprites (so that
        // the other order reverses the push): the rule as stated when the first argument comes first
        // in that order, the rule for the second sprite's move when it comes second.
        let best = frees.iter().copied().min_by_key(|&d| tie_key(d)).unwrap();
        let best_reversed = frees.iter().copied().min_by_key(|&d| tie_key(-d)).unwrap();
        prop_assert!(
            (push.offset - best).length() < 1e-3 || (push.offset - best_reversed).length() < 1e-3,
            "push {:?}, brute force {:?} (or {:?})", push.offset, best, best_reversed
        );
        for (f, angle) in probes {
            let d = Vec2::from_angle(angle) * push.offset.length() * f * 0.999;
            prop_assert!(overlaps(moved(a, d), b), "a shorter move {d:?} frees them");
        }
        prop_assert!((push.normal.length() - 1.0).abs() < 1e-4);
    }

    /// Along any direction and for any placement, the push frees the sprites and every shorter move
    /// along the same line leaves them overlapping; without a direction, it frees them and is no
    /// longer than the push along any axis.
    #[test]
    fn push_out_frees_and_nothing_shorter_along_the_line_does((ma, oa, pa, _) in moving(), (mb, ob, pb, _) in moving(), angle in 0.0f32..std::f32::consts::TAU) {
        let (a, b) = (Motion::still(&ma, pa, oa).sprite_at(0.0), Motion::still(&mb, pb, ob).sprite_at(0.0));
        let dir = Vec2::from_angle(angle);
        let along = push_out_along(a, b, dir);
        prop_assert_eq!(along.is_some(), overlaps(a, b));
        let Some(along) = along else { return Ok(()) };
        prop_assert!(!overlaps(moved(a, along.offset), b), "still overlapping after {:?}", along.offset);
        prop_assert!(along.offset.normalize_or_zero().dot(dir) > 0.999 || along.offset.length() < 1e-6);
        // The push is exact up to lengthening by a few units in the last place of the sprite's
        // coordinates, so that the f32 translation frees them.
        let s = along.offset.length();
        let far = a.bounds().min.abs().max(a.bounds().max.abs()).max_element();
        let rounding = 64.0 * f32::EPSILON * (1.0 + far + s);
        for k in 0..64 {
            let d = dir * (s - rounding).max(0.0) * (k as f32 / 64.0);
            prop_assert!(overlaps(moved(a, d), b), "free already at {d:?}, pushed {s}");
        }
        let push = push_out(a, b).unwrap();
        prop_assert!(!overlaps(moved(a, push.offset), b), "still overlapping after {:?}", push.offset);
        for axis in [Vec2::X, -Vec2::X, Vec2::Y, -Vec2::Y] {
            let p = push_out_along(a, b, axis).unwrap();
            // Both settle within the documented tolerance of a free place.
            let far = |s: Sprite<'_>| s.bounds().min.abs().max(s.bounds().max.abs()).max_element();
            let tol = pixel_collide::PUSH_TOLERANCE * far(a).max(far(b)).max(1.0);
            prop_assert!(push.offset.length() <= p.offset.length() * (1.0 + 1e-5) + tol, "{:?} along {:?}: {:?}", push, axis, p);
        }
        prop_assert!((push.normal.length() - 1.0).abs() < 1e-4);
    }
}

#[test]
fn time_of_impact_of_sprites_touching_at_the_start_is_zero() {
    let m = Mask::from_fn(4, 4, |_, _| true).unwrap();
    let a = Motion::still(&m, Pose::at(Vec2::ZERO), Vec2::ZERO);
    let b = Motion::new(
        &m,
        Pose::at(Vec2::new(2.0, 0.0)),
        Pose::at(Vec2::new(9.0, 0.0)),
        Vec2::ZERO,
    );
    let hit = time_of_impact(&a, &b).unwrap();
    assert_eq!((hit.time, hit.contact_time), (0.0, 0.0));
}

#[test]
fn time_of_impact_of_a_spinning_bar_sweeping_a_point() {
    // A 21-texel bar turning a quarter turn about its centre sweeps a texel 7 units right and 7 down
    // of the pivot (at 45 degrees), which no end pose touches.
    let bar = Mask::from_fn(21, 1, |_, _| true).unwrap();
    let dot = Mask::from_fn(1, 1, |_, _| true).unwrap();
    let spin = Motion::new(
        &bar,
        Pose::at(Vec2::ZERO),
        Pose::new(Vec2::ZERO, std::f32::consts::FRAC_PI_2, Vec2::ONE),
        Vec2::new(10.5, 0.5),
    );
    let target = Motion::still(&dot, Pose::at(Vec2::new(7.0, 7.0)), Vec2::splat(0.5));
    assert!(collide(spin.sprite_at(0.0), target.sprite_at(0.0)).is_none());
    assert!(collide(spin.sprite_at(1.0), target.sprite_at(1.0)).is_none());
    let hit = time_of_impact(&spin, &target).unwrap();
    // The bar's leading edge, half a texel from its axis, meets the dot's corner (7.5, 6.5) at
    // atan(6.5 / 7.5) - asin(0.5 / |(7.5, 6.5)|) = 38.0 degrees: 0.422 of the quarter turn.
    let expected =
        ((6.5f64 / 7.5).atan() - (0.5 / 7.5f64.hypot(6.5)).asin()) / std::f64::consts::FRAC_PI_2;
    assert!(
        (f64::from(hit.time) - expected).abs() < 1e-3,
        "{hit:?} against {expected}"
    );
}

#[test]
fn time_of_impact_with_a_scale_of_zero_all_step_is_none() {
    let m = Mask::from_fn(4, 4, |_, _| true).unwrap();
    let flat = Pose::new(Vec2::ZERO, 0.0, Vec2::new(0.0, 1.0));
    let a = Motion::still(&m, flat, Vec2::ZERO);
    let b = Motion::still(&m, Pose::at(Vec2::ZERO), Vec2::ZERO);
    assert_eq!(time_of_impact(&a, &b), None);
}

#[test]
fn time_of_impact_with_a_nan_pose_is_none() {
    let m = Mask::from_fn(4, 4, |_, _| true).unwrap();
    let a = Motion::new(
        &m,
        Pose::at(Vec2::ZERO),
        Pose::at(Vec2::new(f32::NAN, 0.0)),
        Vec2::ZERO,
    );
    let b = Motion::still(&m, Pose::at(Vec2::ZERO), Vec2::ZERO);
    assert_eq!(time_of_impact(&a, &b), None);
}

#[test]
fn time_of_impact_of_a_slide_along_an_edge_is_none() {
    // Edges that meet do not touch: a body sliding along a floor's top never touches it.
    let floor = Mask::from_fn(256, 16, |_, _| true).unwrap();
    let body = Mask::from_fn(16, 16, |_, _| true).unwrap();
    let ground = Motion::still(&floor, Pose::at(Vec2::ZERO), Vec2::ZERO);
    let slide = Motion::new(
        &body,
        Pose::at(Vec2::new(10.0, -16.0)),
        Pose::at(Vec2::new(40.0, -16.0)),
        Vec2::ZERO,
    );
    assert_eq!(time_of_impact(&slide, &ground), None);
    let sink = Motion::new(
        &body,
        Pose::at(Vec2::new(10.0, -16.0)),
        Pose::at(Vec2::new(40.0, -15.0)),
        Vec2::ZERO,
    );
    let hit = time_of_impact(&sink, &ground).unwrap();
    assert_eq!(hit.time, 0.0, "sinking starts at once");
    assert!(hit.contact_time <= IMPACT_RESOLUTION);
}

#[test]
fn push_out_of_a_body_buried_deep_in_a_large_mask_is_the_shortest_straight_move() {
    // Far beyond the ring search: the four straight moves along the grid settle it, with bounded
    // work and memory.
    let rock = Mask::from_fn(1024, 1024, |_, _| true).unwrap();
    let body = Mask::from_fn(16, 16, |_, _| true).unwrap();
    let buried = Sprite::new(&body, Affine2::from_translation(Vec2::splat(500.0)));
    let p = push_out(buried, Sprite::new(&rock, Affine2::IDENTITY)).unwrap();
    assert_eq!(
        p.offset,
        Vec2::new(0.0, -516.0),
        "up and left tie at 516; up wins"
    );
}

#[test]
fn push_out_stands_a_body_on_a_corner_it_lands_on_exactly() {
    // The platformer tutorial's worked example: equal pushes up and left; it stands on top.
    let m = Mask::from_fn(64, 64, |_, _| true).unwrap();
    let body = Sprite::new(&m, Affine2::IDENTITY);
    let wall = Sprite::new(&m, Affine2::from_translation(Vec2::splat(32.0)));
    assert_eq!(push_out(body, wall).unwrap().offset, Vec2::new(0.0, -32.0));
}

#[test]
fn push_out_along_up_lifts_a_body_onto_a_turned_floor() {
    let floor = Mask::from_fn(64, 8, |_, _| true).unwrap();
    let body = Mask::from_fn(4, 4, |_, _| true).unwrap();
    let tilt =
        pixel_collide::sprite_transform(Vec2::new(0.0, 20.0), 0.3, Vec2::ONE, Vec2::new(32.0, 4.0));
    let floor = Sprite::new(&floor, tilt);
    let sunk = Sprite::new(&body, Affine2::from_translation(Vec2::new(-2.0, 16.0)));
    let lift = push_out_along(sunk, floor, -Vec2::Y).unwrap();
    assert!(lift.offset.y < 0.0 && lift.offset.x.abs() < 1e-4);
    assert!(!overlaps(moved(sunk, lift.offset), floor));
    assert!(overlaps(moved(sunk, lift.offset * 0.999), floor));
    // The floor's top runs down to the right, so its surface normal leans right of straight up; the
    // pair's normal points from the body into the floor, its opposite.
    assert!(
        lift.normal.y > 0.8 && lift.normal.x < -0.1,
        "{:?}",
        lift.normal
    );
}
