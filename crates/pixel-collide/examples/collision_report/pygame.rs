//! The table against pygame's own C bitmask: translation-only `overlaps` and `overlap_area` at two
//! compiler settings on pygame's ground drawn widely ([`crate::pygame_ground`]), then memory beside
//! pygame's bytes.

use std::hint::black_box;

use pixel_collide::{Mask, MaskRule, Sprite, overlap_area, overlaps};

use crate::pygame_ground::{Kind, SEEDS, SIZES, ground_cases};
use crate::support::families::Family;
use crate::support::suite::{block_image, figure_image};
use crate::timing::{by_group, median, time_sides};

/// Translation-only `overlaps` and `overlap_area` against pygame's own C bitmask, compiled at -O2
/// and at -O3 -march=native, on the same masks; answers checked equal first. Each group's median
/// over its cases, each figure's median and worst group, and its worst single case named. pygame is fetched and
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
    let cases = ground_cases();
    let copy = |m: &Mask, build: Build| {
        PgMask::from_fn(build, m.width(), m.height(), |x, y| m.is_solid(x, y))
            .expect("pygame mask: `status` said pygame is here")
    };
    let rows: Vec<(String, [f64; 7])> = cases
        .iter()
        .map(|c| {
            let (o2a, o2b) = (copy(&c.a, Build::O2), copy(&c.b, Build::O2));
            let (o3a, o3b) = (copy(&c.a, Build::O3Native), copy(&c.b, Build::O3Native));
            let (dx, dy) = (c.dx, c.dy);
            let (sa, sb) = (
                Sprite::new(&c.a, c.placed[0]),
                Sprite::new(&c.b, c.placed[1]),
            );
            let hit = c.hit();
            let what = &c.label;
            assert_eq!(o2a.overlaps(&o2b, dx, dy), hit, "{what}: pygame -O2");
            assert_eq!(o3a.overlaps(&o3b, dx, dy), hit, "{what}: pygame -O3");
            assert_eq!(
                o2a.overlap_area(&o2b, dx, dy),
                c.shared,
                "{what}: pygame area"
            );
            assert_eq!(
                o3a.overlap_area(&o3b, dx, dy),
                c.shared,
                "{what}: pygame area"
            );
            assert_eq!(overlaps(sa, sb), hit, "{what}: overlaps");
            assert_eq!(overlaps(sb, sa), hit, "{what}: overlaps, swapped");
            assert_eq!(c.a.overlaps_at(&c.b, (dx, dy)), hit, "{what}: overlaps_at");
            assert_eq!(overlap_area(sa, sb), c.shared as f32, "{what}: area");
            assert_eq!(
                c.a.overlap_area_at(&c.b, (dx, dy)),
                c.shared,
                "{what}: area_at"
            );
            let t = time_sides([
                // The sprites read from where they were built, as a game's are: a sprite stored
                // just before the call (`black_box(sa)`) is read back before the store lands, which
                // costs more than the call.
                &mut || u64::from(overlaps(*black_box(&sa), *black_box(&sb))),
                &mut || u64::from(black_box(&c.a).overlaps_at(black_box(&c.b), (dx, dy))),
                &mut || u64::from(o2a.overlaps(black_box(&o2b), dx, dy)),
                &mut || overlap_area(*black_box(&sa), *black_box(&sb)) as u64,
                &mut || black_box(&c.a).overlap_area_at(black_box(&c.b), (dx, dy)),
                &mut || o2a.overlap_area(black_box(&o2b), dx, dy),
                &mut || o3a.overlap_area(black_box(&o3b), dx, dy),
            ]);
            (c.group.clone(), t)
        })
        .collect();
    println!(
        "{} cases: {} families x {} seeds, {} sizes, {} kinds of first shared texel, 2 offsets each",
        cases.len(),
        Family::ALL.len(),
        SEEDS,
        SIZES.len(),
        Kind::ALL.len()
    );
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
    // Each figure's worst single case, named, so that the next regression says where it is.
    let case_ratio = |t: &[f64; 7], i: usize| match i {
        0 => t[0] / t[2],
        1 => t[1] / t[2],
        2 => t[3] / t[6],
        3 => t[4] / t[5],
        _ => t[4] / t[6],
    };
    for (i, (what, v)) in [
        "overlaps (sprites) / pygame -O2",
        "Mask::overlaps_at / pygame -O2",
        "overlap_area (sprites) / pygame -O3 -march=native",
        "Mask::overlap_area_at / pygame -O2",
        "Mask::overlap_area_at / pygame -O3 -march=native",
    ]
    .into_iter()
    .zip(&ratios)
    .enumerate()
    {
        let (k, r) = rows
            .iter()
            .enumerate()
            .map(|(k, (_, t))| (k, case_ratio(t, i)))
            .max_by(|x, y| x.1.total_cmp(&y.1))
            .expect("cases");
        println!(
            "{what}: median group {:.2}x, worst group {:.2}x; worst case {r:.2}x: {}",
            median(&mut v.clone()),
            worst(v),
            cases[k].label
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
