//! The translation-only table: `overlaps` and `overlap_area` against two bit-packed peers, a plain
//! shifted-AND loop and the `binary_raster` crate.

use std::hint::black_box;

use crate::support::families::{AlignedCase, aligned_cases};
use crate::timing::{by_group, median, time_sides};

/// Translation-only `overlaps` and `overlap_area` against the two bit-packed peers.
pub fn table() {
    println!();
    println!(
        "== translation only: overlaps against bit-packed peers (answers and areas checked equal)"
    );
    let cases: Vec<AlignedCase> = aligned_cases(&[32, 128, 256, 512, 1024]);
    let rows: Vec<(String, [f64; 5])> = cases
        .iter()
        .map(|c| {
            let t = time_sides([
                &mut || u64::from(black_box(c).module()),
                &mut || u64::from(black_box(c).plain()),
                &mut || u64::from(black_box(c).binary_raster()),
                &mut || black_box(c).module_area() as u64,
                &mut || black_box(c).plain_area(),
            ]);
            (c.group.clone(), t)
        })
        .collect();
    println!(
        "{:<28} {:>10} {:>10} {:>13} {:>9} {:>9} | {:>10} {:>10} {:>7}",
        "case",
        "module ns",
        "plain ns",
        "b_raster ns",
        "/plain",
        "/b_raster",
        "area ns",
        "plain ns",
        "/plain"
    );
    let (mut vs_plain, mut vs_raster, mut area_vs_plain) = (Vec::new(), Vec::new(), Vec::new());
    for (group, _, [m, p, r, ma, pa]) in by_group(&rows) {
        vs_plain.push(m / p);
        vs_raster.push(m / r);
        area_vs_plain.push(ma / pa);
        println!(
            "{group:<28} {m:>10.1} {p:>10.1} {r:>13.1} {:>8.2}x {:>8.2}x | {ma:>10.1} {pa:>10.1} {:>6.2}x",
            m / p,
            m / r,
            ma / pa
        );
    }
    let worst = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
    println!(
        "overlaps, module time / plain bit-packed: median group {:.2}x, worst {:.2}x",
        median(&mut vs_plain.clone()),
        worst(&vs_plain)
    );
    println!(
        "overlaps, module time / binary_raster: median group {:.2}x, worst {:.2}x",
        median(&mut vs_raster.clone()),
        worst(&vs_raster)
    );
    println!(
        "overlap_area, module time / plain popcount: median group {:.2}x, worst {:.2}x",
        median(&mut area_vs_plain.clone()),
        worst(&area_vs_plain)
    );
}
