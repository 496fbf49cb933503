//! Mask analysis (centroid, inverse, scale, connected components, bounding rectangles, outline)
//! against brute force over every texel.

use std::collections::BTreeSet;

use pixel_collide::{Mask, PixelRect};
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
            if m.is_opaque(x, y) {
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
                    if m.is_opaque(q.0, q.1) && seen.insert(q) {
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
    #![proptest_config(ProptestConfig::with_cases(500))]

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
        prop_assert_eq!(inv.opaque_count(), u64::from(m.width() * m.height()) - m.opaque_count());
        for y in 0..i64::from(m.height()) {
            for x in 0..i64::from(m.width()) {
                prop_assert_ne!(inv.is_opaque(x, y), m.is_opaque(x, y));
            }
        }
        prop_assert!(inv.invert() == m);
    }

    #[test]
    fn scale_takes_the_texel_under_each_position(m in mask(), (w, h) in (1u32..90, 1u32..90)) {
        let s = m.scale(w, h).unwrap();
        for y in 0..h {
            for x in 0..w {
                let (sx, sy) = (x * m.width() / w, y * m.height() / h);
                prop_assert_eq!(s.is_opaque(x.into(), y.into()), m.is_opaque(sx.into(), sy.into()));
            }
        }
        prop_assert!(m.scale(m.width(), m.height()).unwrap() == m);
    }

    #[test]
    fn components_and_their_bounds_match_a_flood_fill(m in mask(), min_size in 1u64..4) {
        let flood = flood_components(&m);
        let mut expected: Vec<BTreeSet<(i64, i64)>> =
            flood.iter().filter(|c| c.len() as u64 >= min_size).cloned().collect();
        let mut got: Vec<BTreeSet<(i64, i64)>> =
            m.connected_components(min_size).iter().map(|c| solid(c).into_iter().collect()).collect();
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
                .any(|(dx, dy)| !m.is_opaque(p.0 + dx, p.1 + dy));
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
