//! Property tests of the overlap test over random masks and transforms.

use crate::support;

use glam::{Affine2, DVec2, Vec2};
use image::{Rgba, RgbaImage};
use pixel_collide::{Mask, MaskRule, Sprite, collide, overlap_area};
use proptest::prelude::*;
use support::geometry::{quad, sat_gap};
use support::reference::{RefImage, intersect_pixels};

/// A random affine transform near the origin: rotation, non-uniform scale from 1/4 to 4 with flips,
/// a little shear, and a translation that makes overlaps common.
fn transform() -> impl Strategy<Value = Affine2> {
    support::strategies::placement(4.0, 12.0)
}

/// A random image: up to 12 x 12, about half its texels opaque.
fn image() -> impl Strategy<Value = RgbaImage> {
    (1u32..=12, 1u32..=12).prop_flat_map(|(w, h)| {
        proptest::collection::vec(any::<bool>(), (w * h) as usize).prop_map(move |bits| {
            RgbaImage::from_fn(w, h, |x, y| {
                Rgba([
                    200,
                    100,
                    50,
                    if bits[(y * w + x) as usize] { 255 } else { 0 },
                ])
            })
        })
    })
}

fn mask(img: &RgbaImage) -> Mask {
    Mask::from_image(img, MaskRule::default()).unwrap()
}

/// Whether the world point lies in an opaque texel of the sprite, allowing `eps` texels of rounding.
fn in_opaque_texel(mask: &Mask, transform: Affine2, p: Vec2, eps: f64) -> bool {
    let t = transform;
    let m = glam::DMat2::from_cols(t.matrix2.x_axis.as_dvec2(), t.matrix2.y_axis.as_dvec2());
    let local = m.inverse() * (p.as_dvec2() - t.translation.as_dvec2());
    [(-eps, -eps), (eps, -eps), (-eps, eps), (eps, eps)]
        .iter()
        .any(|&(dx, dy)| {
            mask.is_solid((local.x + dx).floor() as i64, (local.y + dy).floor() as i64)
        })
}

/// The corners of a `w` x `h` rectangle placed by `t`, in f64 world space.
fn corners(t: Affine2, w: f64, h: f64) -> [DVec2; 4] {
    quad(t, 0.0, 0.0, w, h)
}

/// An axis-aligned transform whose every texel edge lands exactly on a float: a scale from a small
/// set of binary-exact values (flipped or not), a quarter turn, and a translation on a quarter grid.
fn grid_transform() -> impl Strategy<Value = Affine2> {
    const SCALES: [f32; 8] = [0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 7.0];
    (
        (0..SCALES.len(), 0..SCALES.len()),
        (any::<bool>(), any::<bool>()),
        0u8..4,
        (-64i32..64, -64i32..64),
    )
        .prop_map(|((i, j), (fx, fy), turn, (tx, ty))| {
            let sx = if fx { -SCALES[i] } else { SCALES[i] };
            let sy = if fy { -SCALES[j] } else { SCALES[j] };
            let (x_axis, y_axis) = match turn {
                0 => (Vec2::new(sx, 0.0), Vec2::new(0.0, sy)),
                1 => (Vec2::new(0.0, sx), Vec2::new(-sy, 0.0)),
                2 => (Vec2::new(-sx, 0.0), Vec2::new(0.0, -sy)),
                _ => (Vec2::new(0.0, -sx), Vec2::new(sy, 0.0)),
            };
            Affine2::from_cols(x_axis, y_axis, Vec2::new(tx as f32, ty as f32) * 0.25)
        })
}

/// The world rectangles `(min, max)` of a mask's solid texels under an axis-aligned transform.
fn solid_texel_rects(mask: &Mask, t: Affine2) -> Vec<(DVec2, DVec2)> {
    let mut rects = Vec::new();
    for y in 0..mask.height() {
        for x in 0..mask.width() {
            if mask.is_solid(x, y) {
                let p = t.transform_point2(Vec2::new(x as f32, y as f32)).as_dvec2();
                let q = t
                    .transform_point2(Vec2::new(x as f32 + 1.0, y as f32 + 1.0))
                    .as_dvec2();
                rects.push((p.min(q), p.max(q)));
            }
        }
    }
    rects
}

proptest! {
    #![proptest_config(support::cases(1000))]

    #[test]
    fn grid_aligned_sprites_agree_with_exact_texel_rectangles(
        ia in image(), ib in image(), ta in grid_transform(), tb in grid_transform(),
    ) {
        // Every texel edge is exact here, so touching edges and corners must never count and the
        // shared area must come out exactly.
        let (a, b) = (mask(&ia), mask(&ib));
        let (ra, rb) = (solid_texel_rects(&a, ta), solid_texel_rects(&b, tb));
        let mut area = 0.0;
        let mut shared = Vec::new();
        for &(amin, amax) in &ra {
            for &(bmin, bmax) in &rb {
                let (lo, hi) = (amin.max(bmin), amax.min(bmax));
                if lo.x < hi.x && lo.y < hi.y {
                    area += (hi - lo).x * (hi - lo).y;
                    shared.push((lo, hi));
                }
            }
        }
        let (sa, sb) = (Sprite::new(&a, ta), Sprite::new(&b, tb));
        let contact = collide(sa, sb);
        prop_assert_eq!(contact.is_some(), !shared.is_empty(), "area {}", area);
        prop_assert!(support::mirrored(contact, collide(sb, sa)));
        let measured = f64::from(overlap_area(sa, sb));
        prop_assert!((measured - area).abs() <= area * 1e-6, "area {} against {}", measured, area);
        if let Some(c) = contact {
            prop_assert!((c.normal.length() - 1.0).abs() < 1e-5 && c.depth > 0.0, "{:?}", c);
            let p = c.point.as_dvec2();
            prop_assert!(
                shared.iter().any(|&(lo, hi)| p.cmpge(lo).all() && p.cmple(hi).all()),
                "contact {:?} in no shared texel rectangle", p
            );
        }
    }

    #[test]
    fn overlap_is_symmetric(ia in image(), ib in image(), ta in transform(), tb in transform()) {
        let (a, b) = (mask(&ia), mask(&ib));
        let (sa, sb) = (Sprite::new(&a, ta), Sprite::new(&b, tb));
        prop_assert!(support::mirrored(collide(sa, sb), collide(sb, sa)));
        prop_assert_eq!(overlap_area(sa, sb), overlap_area(sb, sa));
    }

    #[test]
    fn contact_lies_in_an_opaque_texel_of_both(ia in image(), ib in image(), ta in transform(), tb in transform()) {
        let (a, b) = (mask(&ia), mask(&ib));
        if let Some(c) = collide(Sprite::new(&a, ta), Sprite::new(&b, tb)) {
            prop_assert!(in_opaque_texel(&a, ta, c.point, 1e-3), "{:?} not in A", c.point);
            prop_assert!(in_opaque_texel(&b, tb, c.point, 1e-3), "{:?} not in B", c.point);
            prop_assert!(overlap_area(Sprite::new(&a, ta), Sprite::new(&b, tb)) > 0.0);
        } else {
            prop_assert_eq!(overlap_area(Sprite::new(&a, ta), Sprite::new(&b, tb)), 0.0);
        }
    }

    #[test]
    fn opaque_rectangles_hit_exactly_when_their_geometry_overlaps(
        (wa, ha, wb, hb) in (1u32..=10, 1u32..=10, 1u32..=10, 1u32..=10),
        ta in transform(), tb in transform(),
    ) {
        let (a, b) = (Mask::from_fn(wa, ha, |_, _| true).unwrap(), Mask::from_fn(wb, hb, |_, _| true).unwrap());
        let gap = sat_gap(&corners(ta, wa.into(), ha.into()), &corners(tb, wb.into(), hb.into()));
        let hit = collide(Sprite::new(&a, ta), Sprite::new(&b, tb)).is_some();
        // Within a thousandth of a texel of touching, either answer is right.
        if gap > 1e-3 {
            prop_assert!(!hit, "separated by {gap} but hit");
        } else if gap < -1e-3 {
            prop_assert!(hit, "overlapping by {} but missed", -gap);
        }
    }

    #[test]
    fn integer_translations_agree_with_the_reference(
        ia in image(), ib in image(), (dx, dy) in (-12i32..12, -12i32..12),
    ) {
        let (a, b) = (mask(&ia), mask(&ib));
        let ta = Affine2::from_translation(Vec2::new(3.0, -2.0));
        let tb = Affine2::from_translation(Vec2::new(3.0 + dx as f32, -2.0 + dy as f32));
        let reference = intersect_pixels(ta, &RefImage::from_rgba(&ia), tb, &RefImage::from_rgba(&ib));
        prop_assert_eq!(collide(Sprite::new(&a, ta), Sprite::new(&b, tb)).is_some(), reference);
    }

    #[test]
    fn every_dense_sample_in_both_is_found(ia in image(), ib in image(), ta in transform(), tb in transform()) {
        // Sample A's texels on an 8 x 8 grid each; any sample inside an opaque texel of B proves a touch
        // that the test must not miss, however thin either sprite is drawn.
        let (a, b) = (mask(&ia), mask(&ib));
        let hit = collide(Sprite::new(&a, ta), Sprite::new(&b, tb)).is_some();
        if !hit {
            for y in 0..a.height() {
                for x in 0..a.width() {
                    if !a.is_solid(x, y) {
                        continue;
                    }
                    for k in 0..64 {
                        let local = Vec2::new(x as f32 + (k % 8) as f32 / 8.0 + 1.0 / 16.0, y as f32 + (k / 8) as f32 / 8.0 + 1.0 / 16.0);
                        let p = ta.transform_point2(local);
                        // Strictly inside B's texel, so that rounding at a shared edge cannot decide.
                        let q = tb.inverse().transform_point2(p);
                        let inside = (q - q.floor()).min_element() > 1e-3 && (q - q.floor()).max_element() < 1.0 - 1e-3;
                        prop_assert!(!(inside && b.is_solid(q.x.floor() as i64, q.y.floor() as i64)),
                            "sample {p:?} lies in both but no hit");
                    }
                }
            }
        }
    }

    #[test]
    fn flipping_by_transform_equals_mirroring_the_image(ia in image(), ib in image(), tb in transform(), (tx, ty) in (-8.0f32..8.0, -8.0f32..8.0)) {
        let w = ia.width();
        let mirrored = RgbaImage::from_fn(w, ia.height(), |x, y| *ia.get_pixel(w - 1 - x, y));
        let (a, m, b) = (mask(&ia), mask(&mirrored), mask(&ib));
        let flip = Affine2::from_translation(Vec2::new(tx, ty)) * Affine2::from_scale(Vec2::new(-1.0, 1.0))
            * Affine2::from_translation(Vec2::new(-(w as f32), 0.0));
        let plain = Affine2::from_translation(Vec2::new(tx, ty));
        prop_assert_eq!(
            collide(Sprite::new(&a, flip), Sprite::new(&b, tb)).is_some(),
            collide(Sprite::new(&m, plain), Sprite::new(&b, tb)).is_some()
        );
    }

    #[test]
    fn cover_is_exact_and_disjoint(ia in image()) {
        let m = mask(&ia);
        let mut seen = vec![false; (m.width() * m.height()) as usize];
        for r in m.cover() {
            for y in r.y..r.y + r.h {
                for x in r.x..r.x + r.w {
                    let i = (y * m.width() + x) as usize;
                    prop_assert!(!seen[i], "texel ({x}, {y}) covered twice");
                    seen[i] = true;
                }
            }
        }
        for y in 0..m.height() {
            for x in 0..m.width() {
                prop_assert_eq!(seen[(y * m.width() + x) as usize], m.is_solid(x, y));
                prop_assert_eq!(m.is_solid(x, y), ia.get_pixel(x, y).0[3] > 0);
            }
        }
    }
}
