//! The pair test's contact normal and depth: the separating-axis test's axis of least overlap of the
//! two solid boxes met at the contact.

use crate::support;

use glam::{Affine2, Vec2};
use pixel_collide::{Mask, Rect, Sprite, collide, overlaps, push_out};
use proptest::prelude::*;
use support::strategies::{mask, placement};

#[test]
fn contact_normal_of_a_body_sunk_into_a_floor_points_from_the_first_into_the_second() {
    let floor = Mask::from_fn(16, 4, |_, _| true).unwrap();
    let body = Mask::from_fn(4, 4, |_, _| true).unwrap();
    let sunk = Sprite::new(&body, Affine2::from_translation(Vec2::new(2.5, -3.25)));
    let ground = Sprite::new(&floor, Affine2::IDENTITY);
    let c = collide(sunk, ground).unwrap();
    assert_eq!((c.normal, c.depth), (Vec2::Y, 0.75));
    let from_below = collide(ground, sunk).unwrap();
    assert_eq!((from_below.normal, from_below.depth), (-Vec2::Y, 0.75));
}

proptest! {
    #![proptest_config(support::cases(2000))]

    /// Two solid rectangles (each one box) placed by translation: the normal and depth are the
    /// rectangles' minimum translation, which for two boxes is the axis of least overlap.
    #[test]
    fn contact_normal_of_two_boxes_is_their_minimum_translation(
        (wa, ha, wb, hb) in (1u32..9, 1u32..9, 1u32..9, 1u32..9),
        (x, y) in (-9.0f32..9.0, -9.0f32..9.0),
        scale in prop_oneof![Just(1.0f32), 0.5f32..3.0],
    ) {
        let (ma, mb) = (Mask::from_fn(wa, ha, |_, _| true).unwrap(), Mask::from_fn(wb, hb, |_, _| true).unwrap());
        let (x, y) = ((x * 8.0).round() / 8.0, (y * 8.0).round() / 8.0);
        let a = Sprite::new(&ma, Affine2::from_scale_angle_translation(Vec2::splat(scale), 0.0, Vec2::new(x, y)));
        let b = Sprite::new(&mb, Affine2::from_scale(Vec2::splat(scale)));
        let Some(c) = collide(a, b) else {
            prop_assert!(!a.bounds().intersects(&b.bounds()));
            return Ok(());
        };
        let (ra, rb): (Rect, Rect) = (a.bounds(), b.bounds());
        let push = ra.min_translation(&rb).unwrap();
        prop_assert!((c.depth - push.length()).abs() < 1e-4, "{:?} against {:?}", c, push);
        if push.length() > 0.0 {
            // The push moves the first sprite away from the second, against the normal.
            prop_assert!((c.normal + push.normalize()).length() < 1e-4, "{:?} against {:?}", c, push);
        }
    }
}

/// A mask from rows of `#` (solid) and `.` (clear), separated by `/`.
fn rows(text: &str) -> Mask {
    let rows: Vec<&[u8]> = text.split('/').map(str::as_bytes).collect();
    Mask::from_fn(rows[0].len() as u32, rows.len() as u32, |x, y| {
        rows[y as usize][x as usize] == b'#'
    })
    .unwrap()
}

/// Whether two normals are exact opposites, bit for bit.
fn reversed(n: Vec2, m: Vec2) -> bool {
    n.x.to_bits() == (-m.x).to_bits() && n.y.to_bits() == (-m.y).to_bits()
}

#[test]
fn a_tied_normal_reverses_with_the_order_of_the_pair() {
    // Two directions need the same depth in both placements; each order used to pick "up" on its own.
    let cases = [
        (
            rows("#.##/..#./##.#/####"),
            [1.0, 0.0, 0.0, -1.0, 3.0, 24.0],
            rows("##./.#./.#./..."),
            [1.0, 0.0, 0.0, -1.0, 4.0, 22.0],
        ),
        (
            rows(".#./.#./.#."),
            [0.0, 1.0, 1.0, 0.0, -2.0, -2.0],
            rows("#"),
            [0.0, 0.5, -1.0, 0.0, 1.0, -0.75],
        ),
    ];
    for (ma, ta, mb, tb) in &cases {
        let a = Sprite::new(ma, Affine2::from_cols_array(ta));
        let b = Sprite::new(mb, Affine2::from_cols_array(tb));
        let (ab, ba) = (collide(a, b).unwrap(), collide(b, a).unwrap());
        assert_eq!(ab.point, ba.point);
        assert_eq!(ab.depth.to_bits(), ba.depth.to_bits());
        assert!(reversed(ab.normal, ba.normal), "{ab:?} and {ba:?}");
    }
}

#[test]
fn a_push_out_whose_shortest_landing_only_one_order_rounds_onto_reverses_with_the_order() {
    // Found by a property-test campaign (seed 16742562722921846290). The shortest way out, 0.2898
    // long, is a free point that `f32` lands on when the second sprite moves back and misses when the
    // first moves: the first order went on to a way out 0.2920 long along another direction.
    let (ma, mb) = (rows("../##"), rows("#./../.#/.."));
    let a = Sprite::new(
        &ma,
        Affine2::from_cols_array(&[
            0.38717353,
            -0.35559785,
            1.2218412,
            0.6939286,
            -2.9513612,
            -3.7335546,
        ]),
    );
    let b = Sprite::new(
        &mb,
        Affine2::from_cols_array(&[
            -2.5037293,
            -0.09478929,
            0.093964025,
            -1.147646,
            1.270859,
            -1.3760729,
        ]),
    );
    let (ab, ba) = (push_out(a, b).unwrap(), push_out(b, a).unwrap());
    assert!(reversed(ab.normal, ba.normal), "{ab:?} and {ba:?}");
    assert!((ab.offset + ba.offset).length() < 1e-6, "{ab:?} and {ba:?}");
    assert!((ab.offset.length() - 0.28981).abs() < 1e-4, "{ab:?}");
    for (s, other, p) in [(a, b, ab), (b, a, ba)] {
        let moved = Sprite::new(s.mask, Affine2::from_translation(p.offset) * s.transform);
        assert!(!overlaps(moved, other), "{p:?} lands inside");
    }
}

/// A placement where ties are common: a quarter turn or none, flips, a power-of-two scale and a
/// translation on a quarter grid, so that texel edges meet exactly.
fn tied_transform() -> impl Strategy<Value = Affine2> {
    (
        0u8..4,
        (any::<bool>(), any::<bool>()),
        (0i32..3, 0i32..3),
        (-24i32..24, -24i32..24),
    )
        .prop_map(|(turns, (fx, fy), (lx, ly), (tx, ty))| {
            let scale = Vec2::new(
                if fx { -1.0 } else { 1.0 } / (1 << lx) as f32,
                if fy { -1.0 } else { 1.0 } / (1 << ly) as f32,
            );
            let turn = glam::Mat2::from_cols_array(
                &[
                    [1.0, 0.0, 0.0, 1.0],
                    [0.0, 1.0, -1.0, 0.0],
                    [-1.0, 0.0, 0.0, -1.0],
                    [0.0, -1.0, 1.0, 0.0],
                ][turns as usize],
            );
            let linear = turn * glam::Mat2::from_diagonal(scale);
            Affine2::from_mat2_translation(linear, Vec2::new(tx as f32, ty as f32) * 0.25)
        })
}

proptest! {
    #![proptest_config(support::cases(3000))]

    /// Ties included: `collide(b, a)` is `collide(a, b)` with the normal negated, bit for bit.
    #[test]
    fn contact_normal_reverses_with_the_order_on_tie_prone_placements(
        ma in mask(6), mb in mask(6), ta in tied_transform(), tb in tied_transform(),
    ) {
        let (a, b) = (Sprite::new(&ma, ta), Sprite::new(&mb, tb));
        match (collide(a, b), collide(b, a)) {
            (None, None) => {}
            (Some(ab), Some(ba)) => {
                prop_assert_eq!(ab.point, ba.point);
                prop_assert_eq!(ab.depth.to_bits(), ba.depth.to_bits());
                prop_assert!(reversed(ab.normal, ba.normal), "{:?} and {:?}", ab, ba);
            }
            (ab, ba) => prop_assert!(false, "one order touches: {:?} and {:?}", ab, ba),
        }
    }

    /// Push-out's normal reverses exactly with the order too, on the grid and off it, and each push
    /// moves its own first argument the opposite way of the other's (up to the `f32` settle).
    #[test]
    fn push_out_normal_reverses_with_the_order(
        ma in mask(6), mb in mask(6),
        (ta, tb) in prop_oneof![
            (tied_transform(), tied_transform()),
            (placement(3.0, 6.0), placement(3.0, 6.0)),
        ],
    ) {
        let (a, b) = (Sprite::new(&ma, ta), Sprite::new(&mb, tb));
        match (push_out(a, b), push_out(b, a)) {
            (None, None) => {}
            (Some(ab), Some(ba)) => {
                prop_assert!(reversed(ab.normal, ba.normal), "{:?} and {:?}", ab, ba);
                if !ab.budget_ran_out && !ba.budget_ran_out {
                    let scale = 1.0 + ab.offset.length();
                    prop_assert!((ab.offset + ba.offset).length() <= 1e-3 * scale, "{:?} and {:?}", ab, ba);
                }
            }
            (ab, ba) => prop_assert!(false, "one order overlaps: {:?} and {:?}", ab, ba),
        }
    }
}
