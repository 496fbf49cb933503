//! The table against pygame's own C bitmask: translation-only `overlaps` and `overlap_area` at two
//! compiler settings, then memory beside pygame's bytes.

use std::hint::black_box;

use pixel_collide::{Mask, MaskRule};

use crate::support::families::{AlignedCase, Family, aligned_cases};
use crate::support::suite::{block_image, figure_image};
use crate::timing::{by_group, median, time_sides};

/// Translation-only `overlaps` and `overlap_area` against pygame's own C bitmask, compiled at -O2
/// and at -O3 -march=native, on the same masks; answers checked equal first. pygame is fetched and
/// compiled only when asked (`PYGAME_FETCH=1`, see the `pygame-peer` crate); otherwise this says so.
pub fn table() {
    use pygame_peer::{Build, PgMask};
    println!();
    println!(
        "== translation only: against pygame 2.6.1's bitmask.c (answers and areas checked equal)"
    );
    if let Err(why) = pygame_peer::status() {
        println!("pygame columns left out: {why}");
        return;
    }
    let cases: Vec<AlignedCase> = aligned_cases(&[32, 64, 128, 256, 1024]);
    let copy = |m: &Mask, build: Build| {
        PgMask::from_fn(build, m.width(), m.height(), |x, y| m.is_solid(x, y))
    };
    // `status` said pygame is here, so every mask can be made.
    let pg = |c: &AlignedCase, build: Build| {
        let made = (copy(&c.a, build), copy(&c.b, build));
        (made.0.expect("pygame mask"), made.1.expect("pygame mask"))
    };
    let rows: Vec<(String, [f64; 7])> = cases
        .iter()
        .map(|c| {
            let (o2a, o2b) = pg(c, Build::O2);
            let (o3a, o3b) = pg(c, Build::O3Native);
            let (dx, dy) = (c.dx as i32, c.dy as i32);
            assert_eq!(o2a.overlaps(&o2b, dx, dy), c.hit, "{}: pygame -O2", c.group);
            assert_eq!(
                o3a.overlap_area(&o3b, dx, dy),
                c.shared,
                "{}: pygame area",
                c.group
            );
            assert_eq!(
                o2a.overlap_area(&o2b, dx, dy),
                c.shared,
                "{}: pygame area",
                c.group
            );
            assert_eq!(
                c.a.overlaps_at(&c.b, (dx, dy)),
                c.hit,
                "{}: overlaps_at",
                c.group
            );
            assert_eq!(
                c.a.overlap_area_at(&c.b, (dx, dy)),
                c.shared,
                "{}: area_at",
                c.group
            );
            let t = time_sides([
                &mut || u64::from(black_box(c).module()),
                &mut || u64::from(black_box(&c.a).overlaps_at(black_box(&c.b), (dx, dy))),
                &mut || u64::from(o2a.overlaps(black_box(&o2b), dx, dy)),
                &mut || black_box(c).module_area() as u64,
                &mut || black_box(&c.a).overlap_area_at(black_box(&c.b), (dx, dy)),
                &mut || o2a.overlap_area(black_box(&o2b), dx, dy),
                &mut || o3a.overlap_area(black_box(&o3b), dx, dy),
            ]);
            (c.group.clone(), t)
        })
        .collect();
    println!(
        "{:<26} {:>8} {:>8} {:>8} {:>7} {:>7} | {:>8} {:>8} {:>8} {:>8} {:>7} {:>7}",
        "case",
        "sprite",
        "mask_at",
        "pg-O2",
        "/pg",
        "at/pg",
        "area",
        "area_at",
        "pg-O2",
        "pg-O3n",
        "at/O2",
        "at/O3n"
    );
    let mut ratios: [Vec<f64>; 5] = Default::default();
    for (group, _, [m, ma, p, am, aa, pa, pn]) in by_group(&rows) {
        for (v, r) in ratios
            .iter_mut()
            .zip([m / p, ma / p, am / pn, aa / pa, aa / pn])
        {
            v.push(r);
        }
        println!(
            "{group:<26} {m:>8.1} {ma:>8.1} {p:>8.1} {:>6.2}x {:>6.2}x | {am:>8.1} {aa:>8.1} {pa:>8.1} {pn:>8.1} {:>6.2}x {:>6.2}x",
            m / p,
            ma / p,
            aa / pa,
            aa / pn
        );
    }
    let worst = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
    for (what, v) in [
        "overlaps (sprites) / pygame -O2",
        "Mask::overlaps_at / pygame -O2",
        "overlap_area (sprites) / pygame -O3 -march=native",
        "Mask::overlap_area_at / pygame -O2",
        "Mask::overlap_area_at / pygame -O3 -march=native",
    ]
    .into_iter()
    .zip(&ratios)
    {
        println!(
            "{what}: median group {:.2}x, worst {:.2}x",
            median(&mut v.clone()),
            worst(v)
        );
    }
    println!(
        "memory, heap_bytes / pygame's bytes (a new mask; with the tree a rotated query builds):"
    );
    let line = |name: &str, m: &Mask| {
        let ours = m.heap_bytes() as f64;
        m.build_tree();
        let with_tree = m.heap_bytes() as f64;
        let theirs = PgMask::heap_bytes(m.width(), m.height()) as f64;
        let size = if m.width() == m.height() {
            format!("{:>4} px", m.width())
        } else {
            format!("{}x{}", m.width(), m.height())
        };
        println!(
            "  {name:<14} {size:>7}: {ours:>8.0} B against {theirs:>8.0} B ({:.2}x); with the tree {with_tree:>8.0} B ({:.2}x)",
            ours / theirs,
            with_tree / theirs
        );
    };
    for family in Family::ALL {
        for n in [32u32, 64, 256] {
            line(
                family.name(),
                &Mask::from_fn(n, n, |x, y| family.solid(5, x, y)).unwrap(),
            );
        }
    }
    for (name, image) in [
        ("game figure", figure_image()),
        ("game block", block_image()),
    ] {
        line(
            name,
            &Mask::from_image(&image, MaskRule::default()).unwrap(),
        );
    }
}
