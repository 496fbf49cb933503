//! Queries decided at the very edges of texels: rectangles by their own corners, against an exact
//! reference in f64 for translated sprites.

use glam::{Affine2, DVec2, Vec2};
use pixel_collide::{Mask, Rect, Sprite};
use proptest::prelude::*;

/// Exact reference for a sprite placed by translation alone: texel (x, y) covers
/// `[t.x + x, t.x + x + 1) x [t.y + y, t.y + y + 1)`, all exact in f64, and a rectangle touches it when
/// they share interior.
fn rect_touches_translated(m: &Mask, t: Vec2, r: Rect) -> bool {
    let (lo, hi, t) = (r.min.as_dvec2(), r.max.as_dvec2(), t.as_dvec2());
    if !(hi.x > lo.x && hi.y > lo.y) {
        return false;
    }
    (0..m.height()).any(|y| {
        (0..m.width()).any(|x| {
            let c = t + DVec2::new(f64::from(x), f64::from(y));
            m.is_opaque(x.into(), y.into())
                && hi.x > c.x
                && lo.x < c.x + 1.0
                && hi.y > c.y
                && lo.y < c.y + 1.0
        })
    })
}

#[test]
fn touches_rect_is_false_for_a_rectangle_whose_bottom_lies_on_a_texels_top() {
    // The texel covers y in [10.5, 11.5); the rectangle ends at y = 10.5 exactly. Rebuilt from
    // min + (max - min) in f32 its bottom rounded past 10.5.
    let dot = Mask::from_fn(1, 1, |_, _| true).unwrap();
    let s = Sprite::new(&dot, Affine2::from_translation(Vec2::new(0.0, 10.5)));
    let r = Rect::new(Vec2::new(0.25, 3.4838622), Vec2::new(0.75, 10.5));
    assert!(!s.touches_rect(r));
    assert!(!s.touches_rect(Rect::new(Vec2::new(0.25, 3.5), Vec2::new(0.75, 10.5))));
    assert!(s.touches_rect(Rect::new(
        Vec2::new(0.25, 3.4838622),
        Vec2::new(0.75, 10.500001)
    )));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// Rectangles whose sides lie exactly on texel edges (ground under a platformer's probe box) touch
    /// exactly when the exact reference says they share interior with a solid texel.
    #[test]
    fn touches_rect_on_texel_edges_agrees_with_the_exact_reference(
        bits in proptest::collection::vec(any::<bool>(), 16),
        (w, h) in (1u32..=4, 1u32..=4),
        t in (-20.0f32..20.0, -20.0f32..20.0),
        extent in (0.01f32..9.0, 0.01f32..9.0),
        seed in (any::<bool>(), any::<bool>()),
        (ex, ey) in (-3i32..8, -3i32..8),
        (fx, fy) in (-3.0f32..8.0, -3.0f32..8.0),
    ) {
        let m = Mask::from_fn(w, h, |x, y| bits[(y * 4 + x) as usize]).unwrap();
        let t = Vec2::new(t.0, t.1);
        // One corner on an edge line (or free), the other a random extent away on either side: so
        // the far corner is `max` computed from `min` and rounded, or the other way round.
        let x = if seed.0 { t.x + ex as f32 } else { t.x + fx };
        let y = if seed.1 { t.y + ey as f32 } else { t.y + fy };
        let r = if seed.0 == seed.1 {
            Rect::new(Vec2::new(x - extent.0, y - extent.1), Vec2::new(x, y))
        } else {
            Rect::new(Vec2::new(x, y), Vec2::new(x + extent.0, y + extent.1))
        };
        let s = Sprite::new(&m, Affine2::from_translation(t));
        prop_assert_eq!(s.touches_rect(r), rect_touches_translated(&m, t, r), "{:?}", r);
    }
}
