//! Mask analysis (centroid, inverse, scale, connected components, bounding rectangles, outline,
//! convolution, orientation, images) against brute force over every texel.

use crate::support;

use std::collections::BTreeSet;

use glam::{Affine2, Vec2};
use pixel_collide::{Mask, MaskRule, PixelRect, Sprite, overlaps};
use proptest::prelude::*;

/// A random mask up to 40 texels a side with a density from sparse to dense.
fn mask() -> impl Strategy<Value = Mask> {
    (1u32..=40, 1u32..=40, 0u32..=10).prop_flat_map(|(w, h, density)| {
        proptest::collection::vec(0u32..10, (w * h) as usize).prop_map(move |cells| {
            Mask::from_fn(w, h, |x, y| cells[(y * w + x) as usize] < density).unwrap()
        })
    })
}

fn solid(m: &Mask) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    for y in 0..i64::from(m.height()) {
        for x in 0..i64::from(m.width()) {
            if m.is_solid(x, y) {
                out.push((x, y));
            }
        }
    }
    out
}

/// The 8-connected components by flood fill, as sets of texels.
fn flood_components(m: &Mask) -> Vec<BTreeSet<(i64, i64)>> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for p in solid(m) {
        if seen.contains(&p) {
            continue;
        }
        let mut part = BTreeSet::new();
        let mut todo = vec![p];
        seen.insert(p);
        while let Some((x, y)) = todo.pop() {
            part.insert((x, y));
            for dy in -1..=1 {
                for dx in -1..=1 {
                    let q = (x + dx, y + dy);
                    if m.is_solid(q.0, q.1) && seen.insert(q) {
                        todo.push(q);
                    }
                }
            }
        }
        out.push(part);
    }
    out
}

proptest! {
    #![proptest_config(support::cases(500))]

    #[test]
    fn centroid_is_the_mean_of_solid_texel_centres(m in mask()) {
        let s = solid(&m);
        match m.centroid() {
            None => prop_assert!(s.is_empty()),
            Some(c) => {
                let n = s.len() as f64;
                let mx = s.iter().map(|p| p.0 as f64 + 0.5).sum::<f64>() / n;
                let my = s.iter().map(|p| p.1 as f64 + 0.5).sum::<f64>() / n;
                prop_assert!((f64::from(c.x) - mx).abs() < 1e-4 && (f64::from(c.y) - my).abs() < 1e-4);
            }
        }
    }

    #[test]
    fn invert_flips_every_texel_and_nothing_outside(m in mask()) {
        let inv = m.invert();
        prop_assert_eq!(inv.solid_count(), u64::from(m.width() * m.height()) - m.solid_count());
        for y in 0..i64::from(m.height()) {
            for x in 0..i64::from(m.width()) {
                prop_assert_ne!(inv.is_solid(x, y), m.is_solid(x, y));
            }
        }
        prop_assert!(inv.invert() == m);
    }

    #[test]
    fn scale_takes_the_texel_under_each_centre(m in mask(), (w, h) in (1u32..90, 1u32..90)) {
        let s = m.resized(w, h).unwrap();
        for y in 0..h {
            for x in 0..w {
                // The texel's centre in the source, in f64.
                let centre = |v: u32, to: u32, from: u32| ((f64::from(v) + 0.5) * f64::from(from) / f64::from(to)).floor() as u32;
                let (sx, sy) = (centre(x, w, m.width()), centre(y, h, m.height()));
                prop_assert_eq!(s.is_solid(x, y), m.is_solid(sx, sy));
            }
        }
        prop_assert!(m.resized(m.width(), m.height()).unwrap() == m);
    }

    #[test]
    fn components_and_their_bounds_match_a_flood_fill(m in mask(), min_size in 1u64..4) {
        let flood = flood_components(&m);
        let mut expected: Vec<BTreeSet<(i64, i64)>> =
            flood.iter().filter(|c| c.len() as u64 >= min_size).cloned().collect();
        let mut got: Vec<BTreeSet<(i64, i64)>> =
            m.components(min_size).iter().map(|c| {
                c.runs().flat_map(|r| (r.x..r.x + r.w).map(move |x| (i64::from(x), i64::from(r.y)))).collect()
            }).collect();
        let sizes: Vec<usize> = got.iter().map(|c| c.len()).collect();
        prop_assert!(sizes.windows(2).all(|w| w[0] >= w[1]), "largest first: {:?}", sizes);
        expected.sort();
        got.sort();
        prop_assert_eq!(&got, &expected);
        let mut rects = m.bounding_rects();
        let mut flood_rects: Vec<PixelRect> = flood
            .iter()
            .map(|c| {
                let (x0, x1) = (c.iter().map(|p| p.0).min().unwrap(), c.iter().map(|p| p.0).max().unwrap());
                let (y0, y1) = (c.iter().map(|p| p.1).min().unwrap(), c.iter().map(|p| p.1).max().unwrap());
                PixelRect::new(x0 as u32, y0 as u32, (x1 - x0 + 1) as u32, (y1 - y0 + 1) as u32)
            })
            .collect();
        rects.sort();
        flood_rects.sort();
        prop_assert_eq!(rects, flood_rects);
    }

    #[test]
    fn outline_walks_the_boundary_of_the_first_component(m in mask()) {
        let ring = m.outline();
        let Some(&first) = solid(&m).first() else {
            prop_assert!(ring.is_empty());
            return Ok(());
        };
        prop_assert_eq!(ring[0], (first.0 as u32, first.1 as u32));
        let component = flood_components(&m).into_iter().find(|c| c.contains(&first)).unwrap();
        for (i, &(x, y)) in ring.iter().enumerate() {
            let p = (i64::from(x), i64::from(y));
            prop_assert!(component.contains(&p), "{:?} not in the first component", p);
            let on_edge = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .iter()
                .any(|(dx, dy)| !m.is_solid(p.0 + dx, p.1 + dy));
            prop_assert!(on_edge, "{:?} is not on the boundary", p);
            let (nx, ny) = ring[(i + 1) % ring.len()];
            let step = ((i64::from(nx) - p.0).abs(), (i64::from(ny) - p.1).abs());
            prop_assert!(ring.len() == 1 || (step.0 <= 1 && step.1 <= 1 && step != (0, 0)), "jump {:?} -> {:?}", p, (nx, ny));
        }
    }

    #[test]
    fn outline_of_a_rectangle_is_its_perimeter(w in 1u32..30, h in 1u32..30, (x0, y0) in (0u32..5, 0u32..5)) {
        let m = Mask::from_fn(w + x0 + 2, h + y0 + 2, |x, y| (x0..x0 + w).contains(&x) && (y0..y0 + h).contains(&y)).unwrap();
        let ring: BTreeSet<(u32, u32)> = m.outline().into_iter().collect();
        let perimeter: BTreeSet<(u32, u32)> = (y0..y0 + h)
            .flat_map(|y| (x0..x0 + w).map(move |x| (x, y)))
            .filter(|&(x, y)| x == x0 || y == y0 || x == x0 + w - 1 || y == y0 + h - 1)
            .collect();
        prop_assert_eq!(ring, perimeter);
    }
}

/// A random mask `w` x `h` (each drawn from the given ranges) with a random density.
fn sized_mask(w: std::ops::Range<u32>, h: std::ops::Range<u32>) -> impl Strategy<Value = Mask> {
    (w, h, 1u32..=10).prop_flat_map(|(w, h, density)| {
        proptest::collection::vec(0u32..10, (w * h) as usize).prop_map(move |cells| {
            Mask::from_fn(w, h, |x, y| cells[(y * w + x) as usize] < density).unwrap()
        })
    })
}

/// `a.convolve(b)` by brute force: every pair of solid texels marks the offset that lays one on the
/// other.
fn brute_convolve(a: &Mask, b: &Mask) -> Mask {
    let (w, h) = (a.width() + b.width() - 1, a.height() + b.height() - 1);
    let mut hits = BTreeSet::new();
    for (ax, ay) in solid(a) {
        for (bx, by) in solid(b) {
            hits.insert((
                ax - bx + i64::from(b.width()) - 1,
                ay - by + i64::from(b.height()) - 1,
            ));
        }
    }
    Mask::from_fn(w, h, |x, y| hits.contains(&(i64::from(x), i64::from(y)))).unwrap()
}

/// The orientation from second moments summed texel by texel in f64, and how strongly one axis
/// leads (the central moments' anisotropy relative to their size; 0 when none leads).
fn brute_orientation(m: &Mask) -> Option<(f64, f64)> {
    let pts = solid(m);
    if pts.is_empty() {
        return None;
    }
    let n = pts.len() as f64;
    let mx = pts.iter().map(|p| p.0 as f64).sum::<f64>() / n;
    let my = pts.iter().map(|p| p.1 as f64).sum::<f64>() / n;
    let a = pts.iter().map(|p| (p.0 as f64 - mx).powi(2)).sum::<f64>() / n;
    let b = pts.iter().map(|p| (p.1 as f64 - my).powi(2)).sum::<f64>() / n;
    let c = pts
        .iter()
        .map(|p| (p.0 as f64 - mx) * (p.1 as f64 - my))
        .sum::<f64>()
        / n;
    let lead = ((a - b).powi(2) + 4.0 * c * c).sqrt() / (a + b).max(1e-12);
    Some((0.5 * (2.0 * c).atan2(a - b), lead))
}

/// The mask turned half a turn.
fn turned_half(m: &Mask) -> Mask {
    let (w, h) = (m.width(), m.height());
    Mask::from_fn(w, h, |x, y| {
        m.is_solid(i64::from(w - 1 - x), i64::from(h - 1 - y))
    })
    .unwrap()
}

proptest! {
    #![proptest_config(support::cases(400))]

    #[test]
    fn convolve_marks_exactly_the_offsets_where_two_texels_meet(
        a in sized_mask(1..150, 1..9),
        b in sized_mask(1..90, 1..9),
    ) {
        let got = a.convolve(&b).unwrap();
        prop_assert_eq!(&got, &brute_convolve(&a, &b));
        // Either argument order: the same offsets seen from the other mask, turned half a turn.
        prop_assert_eq!(turned_half(&b.convolve(&a).unwrap()), got);
    }

    #[test]
    fn convolve_agrees_with_overlaps_at_whole_texel_offsets(
        a in sized_mask(1..100, 1..20),
        b in sized_mask(1..70, 1..20),
        picks in proptest::collection::vec((0u32..1000, 0u32..1000), 24),
    ) {
        let c = a.convolve(&b).unwrap();
        for (i, j) in picks {
            let (i, j) = (i % c.width(), j % c.height());
            let offset = Vec2::new(
                i as f32 + 1.0 - b.width() as f32,
                j as f32 + 1.0 - b.height() as f32,
            );
            let touch = overlaps(
                Sprite::new(&a, Affine2::IDENTITY),
                Sprite::new(&b, Affine2::from_translation(offset)),
            );
            prop_assert_eq!(c.is_solid(i64::from(i), i64::from(j)), touch, "offset {}", offset);
        }
    }

    #[test]
    fn orientation_is_the_principal_axis_of_the_second_moments(m in sized_mask(1..100, 1..40)) {
        match (m.orientation(), brute_orientation(&m)) {
            (None, None) => {}
            (None, Some((_, lead))) => prop_assert!(lead < 1e-9, "no axis, yet one leads by {}", lead),
            (Some(got), Some((want, lead))) => {
                prop_assert!(got > -std::f32::consts::FRAC_PI_2 - 1e-6 && got <= std::f32::consts::FRAC_PI_2);
                if lead > 1e-6 {
                    // The same axis: angles half a turn apart name one axis.
                    let d = (f64::from(got) - want).rem_euclid(std::f64::consts::PI);
                    let d = d.min(std::f64::consts::PI - d);
                    prop_assert!(d < 1e-4 / lead.min(1.0), "{} against {} (lead {})", got, want, lead);
                }
            }
            (Some(got), None) => prop_assert!(false, "an empty mask has orientation {}", got),
        }
    }

    #[test]
    fn component_at_is_the_flood_fill_from_that_texel(m in mask(), (x, y) in (0u32..40, 0u32..40)) {
        let got = m.component_at(x, y);
        if !m.is_solid(i64::from(x), i64::from(y)) {
            prop_assert!(got.is_none());
        } else {
            let part = flood_components(&m)
                .into_iter()
                .find(|c| c.contains(&(i64::from(x), i64::from(y))))
                .unwrap();
            let got = got.unwrap();
            prop_assert_eq!(solid(&got).into_iter().collect::<BTreeSet<_>>(), part);
        }
    }

    #[test]
    fn to_image_round_trips_through_from_image(m in mask()) {
        let image = m.to_image([20, 200, 90, 255], [0, 0, 0, 0]);
        prop_assert_eq!((image.width(), image.height()), (m.width(), m.height()));
        prop_assert_eq!(Mask::from_image(&image, MaskRule::default()).unwrap(), m);
    }
}

#[test]
fn orientation_of_a_drawn_bar_is_the_angle_it_was_drawn_at() {
    for step in -15..=16 {
        let angle = step as f32 * std::f32::consts::PI / 32.0;
        let (dir, side) = (Vec2::from_angle(angle), Vec2::from_angle(angle).perp());
        let bar = Mask::from_fn(101, 101, |x, y| {
            let p = Vec2::new(x as f32 - 50.0, y as f32 - 50.0);
            p.dot(dir).abs() <= 45.3 && p.dot(side).abs() <= 3.3
        })
        .unwrap();
        let got = bar.orientation().unwrap();
        let d = (got - angle).rem_euclid(std::f32::consts::PI);
        assert!(
            d.min(std::f32::consts::PI - d) < 0.01,
            "drawn at {angle}, measured {got}"
        );
    }
}

#[test]
fn convolve_of_masks_wider_than_a_word_reaches_across_words() {
    // Two 130-texel rows, each solid only at its ends: offsets -129, 0 and 129 lay texels on texels.
    let ends = Mask::from_fn(130, 1, |x, _| x == 0 || x == 129).unwrap();
    let c = ends.convolve(&ends).unwrap();
    let solid_at: Vec<u32> = (0..c.width())
        .filter(|&x| c.is_solid(i64::from(x), 0))
        .collect();
    assert_eq!(solid_at, [0, 129, 258]);
}

#[test]
fn scale_samples_each_texel_at_its_centre_not_its_corner() {
    // Three texels to two: the second one's centre (1.5 of 2) lies over source texel 2 (at 2.25);
    // its corner (1 of 2, at 1.5) lies over texel 1.
    let m = Mask::from_fn(3, 1, |x, _| x == 2).unwrap();
    let half = m.resized(2, 1).unwrap();
    assert!(!half.is_solid(0, 0) && half.is_solid(1, 0));
}

/// A random mask up to 150 texels wide, so that rows cross word boundaries.
fn wide_mask() -> impl Strategy<Value = Mask> {
    (1u32..=150, 1u32..=12, 0u32..=10).prop_flat_map(|(w, h, density)| {
        proptest::collection::vec(0u32..10, (w * h) as usize).prop_map(move |cells| {
            Mask::from_fn(w, h, |x, y| cells[(y * w + x) as usize] < density).unwrap()
        })
    })
}

proptest! {
    #![proptest_config(support::cases(300))]

    #[test]
    fn moments_and_mass_properties_match_a_sum_over_every_texel(
        m in wide_mask(),
        (turn, sx, sy, shear) in (0.0f32..6.3, 0.25f32..3.0, -3.0f32..-0.25, -1.0f32..1.0),
        (tx, ty) in (-50.0f32..50.0, -50.0f32..50.0),
    ) {
        let t = Affine2::from_scale_angle_translation(Vec2::new(sx, sy), turn, Vec2::new(tx, ty))
            * Affine2::from_cols_array(&[1.0, 0.0, shear, 1.0, 0.0, 0.0]);
        let texels: Vec<(f64, f64)> = solid(&m).into_iter().map(|(x, y)| (x as f64 + 0.5, y as f64 + 0.5)).collect();
        let moments = m.moments();
        let placed = moments.placed(t);
        prop_assert_eq!(moments.count, texels.len() as u64);
        if texels.is_empty() {
            prop_assert_eq!((placed.area, moments.mean()), (0.0, None));
            return Ok(());
        }
        let n = texels.len() as f64;
        let mean = texels.iter().fold((0.0, 0.0), |a, p| (a.0 + p.0 / n, a.1 + p.1 / n));
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b.abs().max(1.0);
        let got = moments.mean().unwrap();
        prop_assert!(close(got.0, mean.0) && close(got.1, mean.1), "{:?} against {:?}", got, mean);
        let cov = texels.iter().fold([0.0; 3], |c, p| {
            let (dx, dy) = (p.0 - mean.0, p.1 - mean.1);
            [c[0] + dx * dx / n, c[1] + dx * dy / n, c[2] + dy * dy / n]
        });
        for k in 0..3 {
            prop_assert!((moments.covariance()[k] - cov[k]).abs() <= 1e-9 * cov[0].max(cov[2]).max(1.0), "{:?} against {:?}", moments.covariance(), cov);
        }
        // Each texel a parallelogram: its area, its centre where `t` puts it, and its own inertia
        // plus the parallel-axis term about the whole centre.
        let (u, v) = (t.matrix2.x_axis.as_dvec2(), t.matrix2.y_axis.as_dvec2());
        let texel_area = (u.x * v.y - u.y * v.x).abs();
        let centres: Vec<glam::DVec2> = texels.iter().map(|&(x, y)| t.as_daffine2_compat().transform_point2(glam::DVec2::new(x, y))).collect();
        let centre = centres.iter().fold(glam::DVec2::ZERO, |a, c| a + *c / n);
        let own = (u.length_squared() + v.length_squared()) / 12.0;
        let inertia = centres.iter().map(|c| own + c.distance_squared(centre)).sum::<f64>() / n;
        prop_assert!(((placed.area as f64) - texel_area * n).abs() <= 1e-5 * texel_area * n);
        prop_assert!(placed.center.as_dvec2().distance(centre) <= 1e-4 * centre.length().max(1.0), "{} against {}", placed.center, centre);
        prop_assert!(((placed.unit_angular_inertia as f64) - inertia).abs() <= 1e-4 * inertia, "{} against {}", placed.unit_angular_inertia, inertia);
    }
}

/// `Affine2` in f64, for the brute force.
trait AsDAffine {
    fn as_daffine2_compat(&self) -> glam::DAffine2;
}

impl AsDAffine for Affine2 {
    fn as_daffine2_compat(&self) -> glam::DAffine2 {
        glam::DAffine2::from_mat2_translation(self.matrix2.as_dmat2(), self.translation.as_dvec2())
    }
}
