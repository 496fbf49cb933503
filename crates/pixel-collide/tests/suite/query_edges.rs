//! Queries decided at the very edges of texels: rectangles by their own corners, against an exact
//! reference in f64 for translated sprites.

use crate::support;

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
            m.is_solid(x, y) && hi.x > c.x && lo.x < c.x + 1.0 && hi.y > c.y && lo.y < c.y + 1.0
        })
    })
}

#[test]
fn touches_rect_of_a_huge_rectangle_over_part_of_the_sprite() {
    // A 10 x 10 block on [-5, 5)^2, turned and not; rectangles reaching 1e18 to 1e30 to the left
    // and ending inside it, at x = 0, cover its left half. Their centre is so far out that the
    // block's offset from it rounds away.
    let block = Mask::from_fn(10, 10, |_, _| true).unwrap();
    for turn in [0.0f32, 0.3] {
        let placed = Affine2::from_angle(turn) * Affine2::from_translation(Vec2::splat(-5.0));
        let s = Sprite::new(&block, placed);
        for far in [1e15f32, 1e17, 1e18, 1e20, 1e30] {
            let over = Rect::new(Vec2::new(-far, -1.0), Vec2::new(0.0, 1.0));
            assert!(s.touches_rect(over), "reaching {far}, turned {turn}");
            let apart = Rect::new(Vec2::new(-far, -1.0), Vec2::new(-8.0, 1.0));
            assert!(
                !s.touches_rect(apart),
                "ending short, reaching {far}, turned {turn}"
            );
        }
    }
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
    #![proptest_config(support::cases(4000))]

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

/// A mask from rows of `#` (solid) and `.` (air).
fn art(rows: &[&str]) -> Mask {
    let w = rows[0].len() as u32;
    Mask::from_fn(w, rows.len() as u32, |x, y| {
        rows[y as usize].as_bytes()[x as usize] == b'#'
    })
    .unwrap()
}

/// The same texels reached by each path a mask's queries take: its own rectangle cover; a bit
/// block (the texels in the top-left corner of a 192 x 192 mask with noise far away, too ragged for
/// one cover); and an edited mask's block grid (a texel set and cleared again far away).
fn paths(m: &Mask) -> Vec<Mask> {
    let noisy = |x: u32, y: u32| x >= 128 && y >= 128 && (x * 7 + y * 13).is_multiple_of(3);
    let inside = |x: u32, y: u32| x < m.width() && y < m.height() && m.is_solid(x, y);
    let blocks = Mask::from_fn(192, 192, |x, y| inside(x, y) || noisy(x, y)).unwrap();
    let mut edited = Mask::from_fn(192, 192, |x, y| inside(x, y) || noisy(x, y)).unwrap();
    edited.set(100, 100, true);
    edited.set(100, 100, false);
    vec![m.clone(), blocks, edited]
}

/// Brute force for a segment along edge line `line` of the axis `axis` (0: a row line, y = line;
/// 1: a column line, x = line), from `a` to `b` along it (local units): it touches the interior of
/// the union of solid texels when one of the cells it runs along, cut at every whole coordinate,
/// has solid texels on both sides of the line (decided at the piece's midpoint).
fn seam_reference(m: &Mask, axis: usize, line: i64, a: f64, b: f64) -> bool {
    let (lo, hi) = (a.min(b), a.max(b));
    let mut cuts = vec![lo, hi];
    cuts.extend(((lo.ceil() as i64)..=(hi.floor() as i64)).map(|c| c as f64));
    cuts.sort_by(f64::total_cmp);
    cuts.windows(2).filter(|w| w[1] > w[0]).any(|w| {
        let mid = ((w[0] + w[1]) * 0.5).floor() as i64;
        let (p, q) = if axis == 0 {
            ((mid, line - 1), (mid, line))
        } else {
            ((line - 1, mid), (line, mid))
        };
        m.is_solid(p.0, p.1) && m.is_solid(q.0, q.1)
    })
}

#[test]
fn segment_and_ray_along_a_seam_inside_solid_ground_hit_whatever_the_cover() {
    // Covered by one rectangle, `##/##` always hit along y = 1; `###/##.` (two rectangles meeting at
    // y = 1) missed. Both are solid on both sides of the seam from x = 0 to 2.
    for rows in [&["##", "##"][..], &["###", "##."][..]] {
        for m in paths(&art(rows)) {
            let s = Sprite::new(&m, Affine2::from_translation(Vec2::new(10.0, 20.0)));
            let (a, b) = (Vec2::new(10.25, 21.0), Vec2::new(11.75, 21.0));
            assert!(s.touches_segment(a, b), "{rows:?}");
            assert!(s.touches_segment(b, a), "{rows:?}");
            let hit = s.raycast(Vec2::new(5.0, 21.0), Vec2::X, 100.0).unwrap();
            assert_eq!((hit.distance, hit.normal), (5.0, Vec2::NEG_X), "{rows:?}");
            assert!(s.contains_point(Vec2::new(11.0, 21.0)), "a corner of four");
            assert!(s.contains_point(Vec2::new(10.5, 21.0)), "on the seam");
            // Up the seam between columns 0 and 1: solid on both sides.
            assert!(s.touches_segment(Vec2::new(11.0, 19.0), Vec2::new(11.0, 23.0)));
        }
    }
    // Where the seam meets air below (x from 2 to 3 of `###/##.`), the line is on the boundary.
    for m in paths(&art(&["###", "##."])) {
        let s = Sprite::new(&m, Affine2::IDENTITY);
        assert!(!s.touches_segment(Vec2::new(2.1, 1.0), Vec2::new(2.9, 1.0)));
        assert!(!s.contains_point(Vec2::new(2.5, 1.0)));
        assert!(s.raycast(Vec2::new(5.0, 1.0), -Vec2::X, 2.5).is_none());
        let hit = s.raycast(Vec2::new(5.0, 1.0), -Vec2::X, 10.0).unwrap();
        assert_eq!((hit.distance, hit.normal), (3.0, Vec2::X));
        // Along the outer edge of the block, with air outside: no touch.
        assert!(!s.touches_segment(Vec2::new(-1.0, 0.0), Vec2::new(5.0, 0.0)));
        assert!(!s.contains_point(Vec2::new(0.0, 0.5)), "on the left edge");
    }
}

#[test]
fn ray_starting_on_a_texel_face_enters_at_distance_zero() {
    let m = Mask::from_fn(4, 4, |_, _| true).unwrap();
    let s = Sprite::new(&m, Affine2::from_translation(Vec2::new(3.0, 0.0)));
    let hit = s.raycast(Vec2::new(3.0, 1.5), Vec2::X, 10.0).unwrap();
    assert_eq!(
        (hit.distance, hit.normal, hit.point),
        (0.0, Vec2::NEG_X, Vec2::new(3.0, 1.5))
    );
    let oblique = s
        .raycast(Vec2::new(3.0, 1.5), Vec2::new(1.0, 0.5), 10.0)
        .unwrap();
    assert_eq!((oblique.distance, oblique.normal), (0.0, Vec2::NEG_X));
    assert!(
        s.raycast(Vec2::new(3.0, 1.5), -Vec2::X, 10.0).is_none(),
        "leaving the face"
    );
}

proptest! {
    #![proptest_config(support::cases(3000))]

    /// Segments and rays along edge lines of random masks (solid texels about two in three, so seams
    /// inside solid ground and steps like `###/##.` are common), under whole-texel offsets and
    /// whole scales: every path agrees with the brute-force seam rule, the ray hits where the
    /// segment does, and the point rule holds at the middle of the first seam stretch.
    #[test]
    fn seam_queries_follow_the_interior_of_the_union_on_every_path(
        bits in proptest::collection::vec(0u8..3, 25),
        (w, h) in (1u32..=5, 1u32..=5),
        axis in 0usize..2,
        line in -1i64..7,
        (a, b) in (-2.0f64..7.0, -2.0f64..7.0),
        scale in 1u8..4,
        (tx, ty) in (-30i32..30, -30i32..30),
    ) {
        let m = Mask::from_fn(w, h, |x, y| bits[(y * 5 + x) as usize] != 0).unwrap();
        let (a, b) = ((a * 4.0).round() / 4.0, (b * 4.0).round() / 4.0);
        prop_assume!(a != b);
        let expected = seam_reference(&m, axis, line, a, b);
        let sc = f32::from(scale);
        let t = Vec2::new(tx as f32, ty as f32);
        let at = |v: f64| {
            let local = if axis == 0 { Vec2::new(v as f32, line as f32) } else { Vec2::new(line as f32, v as f32) };
            t + local * sc
        };
        let (pa, pb) = (at(a), at(b));
        for m in paths(&m) {
            let s = Sprite::new(&m, Affine2::from_scale_angle_translation(Vec2::splat(sc), 0.0, t));
            prop_assert_eq!(s.touches_segment(pa, pb), expected, "segment {:?} -> {:?}", pa, pb);
            let reach = (pb - pa).length();
            let hit = s.raycast(pa, pb - pa, reach);
            prop_assert_eq!(hit.is_some(), expected, "ray {:?} -> {:?}: {:?}", pa, pb, hit);
            if let Some(hit) = hit {
                // Just past the entry, the ray is inside the union.
                let inside = hit.point + (pb - pa).normalize() * 0.125 * sc;
                if (inside - pa).length() < reach {
                    prop_assert!(s.contains_point(inside), "{:?} after {:?}", inside, hit);
                }
            }
        }
    }
}

#[test]
fn a_ray_of_length_zero_from_a_corner_of_four_solid_texels_hits_at_its_start() {
    // Running along a grid line with `max_distance` 0 it used to find no cell ahead and miss, though
    // its start lies inside the union; a diagonal, or any longer ray, hit.
    let m = Mask::from_fn(50, 94, |_, _| true).unwrap();
    let s = Sprite::new(&m, Affine2::IDENTITY);
    let o = Vec2::new(1.0, 53.0);
    for d in [
        Vec2::new(0.5, 0.0),
        Vec2::new(-0.5, 0.0),
        Vec2::new(0.0, 2.0),
        Vec2::new(0.0, -1.0),
    ] {
        let hit = s.raycast(o, d, 0.0).unwrap_or_else(|| panic!("along {d}"));
        assert_eq!(
            (hit.point, hit.distance, hit.normal),
            (o, 0.0, -d.normalize())
        );
    }
    assert_eq!(
        s.raycast(o, Vec2::new(0.5, 0.5), 0.0).map(|h| h.distance),
        Some(0.0)
    );
}

proptest! {
    #![proptest_config(support::cases(3000))]

    /// A ray of length zero hits exactly when a ray from the same start hits at distance zero: from
    /// inside the union, or on a solid texel's face pointing into it; starts and directions on the
    /// grid lines, where the seam rule decides.
    #[test]
    fn a_ray_of_length_zero_hits_where_a_longer_one_hits_at_its_start(
        bits in proptest::collection::vec(any::<bool>(), 36),
        (x, y) in (-1i32..8, -1i32..8),
        (half_x, half_y) in (any::<bool>(), any::<bool>()),
        axis in 0usize..6,
    ) {
        let m = Mask::from_fn(6, 6, |x, y| bits[(y * 6 + x) as usize]).unwrap();
        let s = Sprite::new(&m, Affine2::IDENTITY);
        let o = Vec2::new(x as f32 + if half_x { 0.5 } else { 0.0 }, y as f32 + if half_y { 0.5 } else { 0.0 });
        let d = [Vec2::X, -Vec2::X, Vec2::Y, -Vec2::Y, Vec2::new(1.0, 1.0), Vec2::new(-1.0, 0.5)][axis];
        let longer = s.raycast(o, d, 0.25).filter(|h| h.distance == 0.0);
        prop_assert_eq!(s.raycast(o, d, 0.0), longer);
    }
}
