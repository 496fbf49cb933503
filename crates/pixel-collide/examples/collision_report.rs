//! Runs the collision suites side by side and prints tables of median times per case group:
//! the game's rotated solid sprites and rotated noisy families against the tutorial's per-pixel loop,
//! translation-only families against two bit-packed peers (a plain shifted-AND loop, the way pygame's
//! bitmask works, and the `binary_raster` crate), then memory and build time.
//!
//! `cargo run --release --example collision_report`; the last line is
//! `speedup_vs_reference: <median ratio over the near-misses>x`. One part alone: `-- rotated` (the
//! two rotated tables and the summary lines), `-- aligned`, `-- pygame`, `-- prefilter`,
//! `-- convolve`, `-- motion` (time of impact and push-out) or `-- rgba [DIR]`. Every case's answer is checked on all
//! sides before anything is timed, and the sides of a case are timed in turn, round after round.

#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;
use std::time::Instant;

use glam::Vec2;
use pixel_collide::{
    collide, push_out, push_out_along, time_of_impact, Mask, MaskRule, Motion, Pose, Sprite,
    SweepAndPrune,
};
use support::bitpacked::Bitpacked;
use support::families::{aligned_cases, AlignedCase, Family, RotatedSuite};
use support::steps::Steps;
use support::suite::{block_image, figure_image, Suite};

/// Timed rounds per case and side; the median is kept.
const ROUNDS: usize = 9;
/// Nanoseconds a timed batch lasts, long enough that the clock and the batch's first calls do not
/// show.
const BATCH_NS: f64 = 50_000.0;

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

/// Nanoseconds per call of each side, timed in turn for [`ROUNDS`] rounds (medians), each round a
/// batch long enough for the clock.
fn time_sides<const N: usize>(mut sides: [&mut dyn FnMut() -> u64; N]) -> [f64; N] {
    let batches: Vec<u32> = sides
        .iter_mut()
        .map(|f| {
            let time = |f: &mut dyn FnMut() -> u64, calls: u32| {
                let start = Instant::now();
                for _ in 0..calls {
                    black_box(f());
                }
                start.elapsed().as_nanos().max(1) as f64 / f64::from(calls)
            };
            // A side's first call pays for cold caches and one-time set-up (the CPU feature check),
            // often a hundred times a warm call: sized on it, a fast side's batch came out a few
            // dozen calls long, and the clock and each batch's first calls after the other sides'
            // ran showed in its time (10 ns of a 13 ns call). So the size is taken from warm
            // calls, unless one call already fills a batch.
            let first = time(*f, 1);
            let once = if first >= BATCH_NS {
                first
            } else {
                time(*f, 4);
                time(*f, 16)
            };
            (BATCH_NS / once).clamp(1.0, 20_000.0) as u32
        })
        .collect();
    let mut rounds = vec![Vec::with_capacity(ROUNDS); N];
    for _ in 0..ROUNDS {
        for (i, f) in sides.iter_mut().enumerate() {
            let start = Instant::now();
            for _ in 0..batches[i] {
                black_box(f());
            }
            rounds[i].push(start.elapsed().as_nanos() as f64 / f64::from(batches[i]));
        }
    }
    std::array::from_fn(|i| median(&mut rounds[i]))
}

/// Medians per group of per-case timings, in order of first appearance.
fn by_group<const N: usize>(rows: &[(String, [f64; N])]) -> Vec<(String, usize, [f64; N])> {
    let mut groups: Vec<String> = Vec::new();
    for (g, _) in rows {
        if !groups.contains(g) {
            groups.push(g.clone());
        }
    }
    groups
        .into_iter()
        .map(|g| {
            let mine: Vec<&[f64; N]> = rows.iter().filter(|r| r.0 == g).map(|r| &r.1).collect();
            let med =
                std::array::from_fn(|i| median(&mut mine.iter().map(|t| t[i]).collect::<Vec<_>>()));
            (g, mine.len(), med)
        })
        .collect()
}

fn main() {
    // `-- motion` prints only the time of impact and push-out tables.
    if std::env::args().any(|a| a == "motion") {
        motion_tables();
        return;
    }
    // `-- aligned` prints only the translation-only table.
    if std::env::args().any(|a| a == "aligned") {
        aligned_table();
        return;
    }
    // `-- pygame` prints only the table against pygame's C bitmask.
    if std::env::args().any(|a| a == "pygame") {
        pygame_table();
        return;
    }
    // `-- rgba [DIR]` prints only the times to build masks from RGBA bytes (and writes the images to
    // DIR, for `scripts/rgba_vs_pygame.py`).
    if let Some(i) = std::env::args().position(|a| a == "rgba") {
        rgba_times(std::env::args().nth(i + 1).as_deref());
        return;
    }
    // `-- prefilter` prints only the rectangle prefilter's row.
    if std::env::args().any(|a| a == "prefilter") {
        prefilter_row();
        return;
    }
    // `-- convolve` prints only the convolution table.
    if std::env::args().any(|a| a == "convolve") {
        convolve_table();
        return;
    }
    // Ratios reference / module of every near-miss, solid and noisy.
    let mut near_misses: Vec<f64> = Vec::new();
    let mut worst_vs_reference = f64::INFINITY;

    println!("== rotated solid sprites: the game's figure against its blocks");
    let suite = Suite::new();
    let rows: Vec<(String, [f64; 3])> = suite
        .cases
        .iter()
        .map(|case| {
            let t = time_sides([
                &mut || u64::from(suite.reference(black_box(case))),
                &mut || u64::from(suite.module(black_box(case))),
                &mut || u64::from(suite.module_contact(black_box(case)).is_some()),
            ]);
            if !case.hit {
                near_misses.push(t[0] / t[1]);
            }
            (case.group.clone(), t)
        })
        .collect();
    let solid_near_misses = near_misses.clone();
    println!(
        "{:<24} {:>5} {:>13} {:>10} {:>7} {:>16}",
        "case group", "cases", "reference ns", "module ns", "ratio", "with contact ns"
    );
    for (group, count, [r, m, c]) in by_group(&rows) {
        worst_vs_reference = worst_vs_reference.min(r / m);
        println!(
            "{group:<24} {count:>5} {r:>13.1} {m:>10.1} {:>6.1}x {c:>16.1}",
            r / m
        );
    }

    println!();
    println!("== rotated noisy families against the tutorial's loop");
    let rotated = RotatedSuite::new(&[64, 128]);
    for c in &rotated.cases {
        assert_eq!(rotated.module(c), c.hit, "{}: module", c.group);
        assert_eq!(rotated.reference(c), c.hit, "{}: reference", c.group);
    }
    let rows: Vec<(String, [f64; 2])> = rotated
        .cases
        .iter()
        .map(|c| {
            let t = time_sides([
                &mut || u64::from(rotated.reference(black_box(c))),
                &mut || u64::from(rotated.module(black_box(c))),
            ]);
            if !c.hit {
                near_misses.push(t[0] / t[1]);
            }
            (c.group.clone(), t)
        })
        .collect();
    println!(
        "{:<30} {:>5} {:>13} {:>10} {:>8}",
        "case group", "cases", "reference ns", "module ns", "ratio"
    );
    for (group, count, [r, m]) in by_group(&rows) {
        worst_vs_reference = worst_vs_reference.min(r / m);
        println!("{group:<30} {count:>5} {r:>13.1} {m:>10.1} {:>7.1}x", r / m);
    }

    // `-- rotated` stops after the two rotated tables, with their summary lines.
    if !std::env::args().any(|a| a == "rotated") {
        the_rest();
    }
    println!();
    println!("worst group ratio against the reference: {worst_vs_reference:.1}x");
    println!(
        "median near-miss ratio, solid sprites only: {:.1}x",
        median(&mut solid_near_misses.clone())
    );
    println!("speedup_vs_reference: {:.1}x", median(&mut near_misses));
}

/// Every table after the rotated ones.
fn the_rest() {
    aligned_table();
    pygame_table();

    println!();
    println!(
        "== memory (heap_bytes / bits, bits = w * h / 8) and build time: the mask, then its tree (built by the first query that needs it)"
    );
    println!(
        "{:<10} {:>6} {:>12} {:>12} {:>8} {:>10} {:>10} {:>12}",
        "family", "size", "heap bytes", "bits bytes", "ratio", "build ms", "tree ms", "pack ms"
    );
    for n in [1024u32, 4096] {
        for family in Family::ALL {
            let wpr = n.div_ceil(64) as usize;
            let pack = Instant::now();
            let mut words = vec![0u64; wpr * n as usize];
            for y in 0..n {
                for x in 0..n {
                    if family.solid(7, x, y) {
                        words[y as usize * wpr + x as usize / 64] |= 1 << (x % 64);
                    }
                }
            }
            let pack_ms = pack.elapsed().as_secs_f64() * 1e3;
            let build = Instant::now();
            let mask = Mask::from_words(n, n, words).expect("sizes match");
            let build_ms = build.elapsed().as_secs_f64() * 1e3;
            let tree = Instant::now();
            mask.build_tree();
            let tree_ms = tree.elapsed().as_secs_f64() * 1e3;
            let bits = u64::from(n) * u64::from(n) / 8;
            println!(
                "{:<10} {n:>6} {:>12} {bits:>12} {:>7.2}x {build_ms:>10.1} {tree_ms:>10.1} {pack_ms:>12.1}",
                family.name(),
                mask.heap_bytes(),
                mask.heap_bytes() as f64 / bits as f64
            );
        }
    }

    println!();
    println!("== the rectangle prefilter: the game's figure and a turned block far apart");
    prefilter_row();

    println!();
    println!("== many sprites: all touching pairs among 10,000 scattered 16 x 16 rings");
    let (ring, places) = support::families::scattered_rings(10_000);
    let sprites: Vec<Sprite> = places.iter().map(|&t| Sprite::new(&ring, t)).collect();
    let pairs = SweepAndPrune::new(&sprites).touching_pairs().len();
    let [frame] = time_sides([&mut || {
        SweepAndPrune::new(black_box(&sprites))
            .touching_pairs()
            .len() as u64
    }]);
    println!(
        "{pairs} touching pairs, {:.3} ms per frame (sort, sweep and per-pixel confirmation)",
        frame / 1e6
    );

    println!();
    println!("== editing: a 16 px circle carved out of a 4096 x 1024 terrain, then filled back");
    let mut terrain = Mask::from_fn(4096, 1024, |x, y| {
        y as f32 > 600.0 + 120.0 * (x as f32 / 300.0).sin()
    })
    .expect("not empty");
    let build = Instant::now();
    terrain.set(0, 1023, true);
    let first_edit_ms = build.elapsed().as_secs_f64() * 1e3;
    let mut i = 0u32;
    let [carve] = time_sides([&mut || {
        i = i.wrapping_add(97);
        let x = (i % 4000) as f32 + 48.0;
        terrain.fill_circle(Vec2::new(x, 700.0), 8.0, false);
        terrain.fill_circle(Vec2::new(x, 700.0), 8.0, true);
        terrain.solid_count()
    }]);
    println!(
        "{:.1} us per carve and refill (two edits); the first edit builds the per-block tree once: {first_edit_ms:.1} ms",
        carve / 1e3
    );

    convolve_table();
    motion_tables();
}

/// Translation-only `overlaps` and `overlap_area` against the two bit-packed peers.
fn aligned_table() {
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

/// Translation-only `overlaps` and `overlap_area` against pygame's own C bitmask, compiled at -O2
/// and at -O3 -march=native, on the same masks; answers checked equal first. pygame is fetched and
/// compiled only when asked (`PYGAME_FETCH=1`, see the `pygame-peer` crate); otherwise this says so.
fn pygame_table() {
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

/// Nanoseconds to build a mask (its bits: the tree waits for a query that needs it) from RGBA bytes,
/// per family and size, one line each:
/// `rgba FAMILY SIZE NS`. With a folder, each image is also written there as `FAMILY-SIZE.rgba`, so
/// `scripts/rgba_vs_pygame.py` can time pygame's `from_surface` on the same pixels.
fn rgba_times(dir: Option<&str>) {
    for family in Family::ALL {
        for n in [32u32, 64, 256] {
            let bytes: Vec<u8> = (0..n)
                .flat_map(|y| (0..n).map(move |x| (x, y)))
                .flat_map(|(x, y)| [200, 120, 40, if family.solid(5, x, y) { 255 } else { 0 }])
                .collect();
            if let Some(dir) = dir {
                let path = format!("{dir}/{}-{n}.rgba", family.name());
                if let Err(e) = std::fs::write(&path, &bytes) {
                    eprintln!("collision_report: cannot write {path}: {e}");
                    std::process::exit(1);
                }
            }
            // pygame's default threshold: solid where alpha > 127.
            let rule = MaskRule::alpha(127);
            let [t] = time_sides([&mut || {
                Mask::from_rgba(n, n, black_box(&bytes), rule).map_or(0, |m| m.solid_count())
            }]);
            println!("rgba {} {n} {t:.1}", family.name());
        }
    }
}

/// The cheap prefilter a game runs before the exact test, on a pair it rejects: the tutorial's (the
/// box around the four transformed corners of each sprite, then the rectangle test) beside
/// `Sprite::bounds` and `Rect::intersects`, answers checked equal first.
fn prefilter_row() {
    let figure = Mask::from_fn(32, 48, |x, y| (6..26).contains(&x) || y < 10).expect("size");
    let plus = Mask::from_fn(128, 128, |x, y| {
        (42..86).contains(&x) || (42..86).contains(&y)
    })
    .expect("size");
    let ta = glam::Affine2::from_translation(Vec2::new(400.0, 500.0));
    let tb =
        pixel_collide::sprite_transform(Vec2::new(200.0, 120.0), 0.7, Vec2::ONE, Vec2::splat(64.0));
    let (a, b) = (Sprite::new(&figure, ta), Sprite::new(&plus, tb));
    let tutorial = |ta: &glam::Affine2, sa: Vec2, tb: &glam::Affine2, sb: Vec2| {
        let corners = |t: &glam::Affine2, s: Vec2| {
            [Vec2::ZERO, Vec2::new(s.x, 0.0), Vec2::new(0.0, s.y), s].map(|p| t.transform_point2(p))
        };
        let (ca, cb) = (corners(ta, sa), corners(tb, sb));
        let lo = |c: &[Vec2; 4]| c[1..].iter().fold(c[0], |m, p| m.min(*p));
        let hi = |c: &[Vec2; 4]| c[1..].iter().fold(c[0], |m, p| m.max(*p));
        let (a0, a1, b0, b1) = (lo(&ca), hi(&ca), lo(&cb), hi(&cb));
        a1.x > b0.x && a0.x < b1.x && a1.y > b0.y && a0.y < b1.y
    };
    let (sa, sb) = (Vec2::new(32.0, 48.0), Vec2::splat(128.0));
    let crate_test = |a: Sprite<'_>, b: Sprite<'_>| a.bounds().intersects(&b.bounds());
    assert_eq!(
        tutorial(&ta, sa, &tb, sb),
        crate_test(a, b),
        "prefilter answers"
    );
    assert!(!crate_test(a, b), "the pair is far apart");
    // Both sides read the transforms and the sizes from memory, as a game does: the tutorial's from
    // its textures, the crate's from the masks.
    let [t, c] = time_sides([
        &mut || {
            u64::from(tutorial(
                black_box(&ta),
                *black_box(&sa),
                black_box(&tb),
                *black_box(&sb),
            ))
        },
        &mut || u64::from(crate_test(*black_box(&a), *black_box(&b))),
    ]);
    println!(
        "tutorial {t:.1} ns, Sprite::bounds + Rect::intersects {c:.1} ns ({:.2}x)",
        c / t
    );
}

/// A mask's size and which texels are solid.
type Shape = (u32, u32, Box<dyn Fn(u32, u32) -> bool>);

/// `Mask::convolve` against stamping once per set texel (pygame's algorithm), on the same answers.
fn convolve_table() {
    println!();
    println!("== convolve: every offset at which a sprite touches a mask, against stamping once per set texel (pygame's)");
    println!(
        "{:<34} {:>12} {:>12} {:>7}",
        "mask, sprite", "stamping us", "module us", "ratio"
    );
    let disc = |r: f32| {
        move |x: u32, y: u32| (Vec2::new(x as f32, y as f32) - Vec2::splat(r)).length() < r
    };
    let cases: [(&str, Shape, Shape); 4] = [
        (
            "256 blobs, 32 px disc",
            (256, 256, Box::new(|x, y| Family::Blobs.solid(3, x, y))),
            (32, 32, Box::new(disc(16.0))),
        ),
        (
            "256 noise, 16 px disc",
            (256, 256, Box::new(|x, y| Family::Noise.solid(3, x, y))),
            (16, 16, Box::new(disc(8.0))),
        ),
        (
            "1024 x 256 blobs, 32 x 48 solid",
            (1024, 256, Box::new(|x, y| Family::Blobs.solid(5, x, y))),
            (32, 48, Box::new(|_, _| true)),
        ),
        (
            "64 noise, 64 noise",
            (64, 64, Box::new(|x, y| Family::Noise.solid(1, x, y))),
            (64, 64, Box::new(|x, y| Family::Noise.solid(2, x, y))),
        ),
    ];
    for (name, (w, h, a), (ow, oh, b)) in cases {
        let (ma, mb) = (
            Mask::from_fn(w, h, &a).expect("solid"),
            Mask::from_fn(ow, oh, &b).expect("solid"),
        );
        let (pa, pb) = (Bitpacked::from_fn(w, h, &a), Bitpacked::from_fn(ow, oh, &b));
        let peer = Mask::from_row_words(w + ow - 1, h + oh - 1, pa.convolve(&pb)).expect("size");
        assert_eq!(
            ma.convolve(&mb).expect("fits"),
            peer,
            "{name}: the two disagree"
        );
        let [stamping, module] = time_sides([
            &mut || black_box(&pa).convolve(black_box(&pb)).len() as u64,
            &mut || {
                black_box(&ma)
                    .convolve(black_box(&mb))
                    .map_or(0, |m| m.opaque_count())
            },
        ]);
        println!(
            "{name:<34} {:>12.1} {:>12.1} {:>6.1}x",
            stamping / 1e3,
            module / 1e3,
            stamping / module
        );
    }
}

/// Time of impact and push-out on game steps, each against one exact test of the same pair.
fn motion_tables() {
    println!();
    println!("== time of impact over game steps that pass the swept rectangle test (figure walking, block falling and spinning)");
    println!("   cost against one `collide` of the pair where the step ends (the test a game that samples only there runs)");
    let steps = Steps::new(3000);
    let mut rows: Vec<(String, [f64; 2])> = Vec::new();
    for s in &steps.steps {
        let (a, b) = steps.motions(s);
        let (ea, eb) = steps.at_end(s);
        // Both sides agree where they must: a touch at the end is a touch in the step, and a step
        // whose time of impact is none does not touch at its end.
        assert!(collide(ea, eb).is_none() || s.impact.is_some());
        let [toi, end] = time_sides([
            &mut || time_of_impact(black_box(&a), black_box(&b)).is_some() as u64,
            &mut || collide(black_box(ea), black_box(eb)).is_some() as u64,
        ]);
        rows.push((Steps::group(s).to_string(), [toi, end]));
    }
    let ratios = |rows: &[&(String, [f64; 2])]| {
        let mut r: Vec<f64> = rows.iter().map(|(_, [t, e])| t / e).collect();
        (median(&mut r), r.iter().copied().fold(0.0, f64::max))
    };
    println!(
        "{:<26} {:>6} {:>14} {:>12} {:>14} {:>12}",
        "steps", "count", "toi ns", "collide ns", "median ratio", "worst ratio"
    );
    let all: Vec<&(String, [f64; 2])> = rows.iter().collect();
    for (group, n, [toi, end]) in by_group(&rows).into_iter().chain(std::iter::once({
        let med =
            std::array::from_fn(|i| median(&mut rows.iter().map(|r| r.1[i]).collect::<Vec<_>>()));
        ("all".to_string(), rows.len(), med)
    })) {
        let mine: Vec<&(String, [f64; 2])> = if group == "all" {
            all.clone()
        } else {
            rows.iter().filter(|r| r.0 == group).collect()
        };
        let (med, worst) = ratios(&mine);
        println!("{group:<26} {n:>6} {toi:>14.0} {end:>12.0} {med:>13.1}x {worst:>11.1}x");
    }
    let (med, _) = ratios(&all);
    println!("toi_vs_collide_median: {med:.1}x");

    // The costliest case the time of impact has: two sprites sliding along each other's edges,
    // touching without overlapping all step.
    let floor = Mask::from_fn(256, 16, |_, _| true).expect("not empty");
    let slider = Mask::from_fn(16, 16, |_, _| true).expect("not empty");
    let ground = Motion::still(&floor, glam::Vec2::ZERO, Pose::at(glam::Vec2::ZERO));
    let slide = Motion::new(
        &slider,
        glam::Vec2::ZERO,
        Pose::at(glam::Vec2::new(10.0, -16.0)),
        Pose::at(glam::Vec2::new(40.0, -16.0)),
    );
    assert!(time_of_impact(&slide, &ground).is_none());
    let [sliding] = time_sides([&mut || {
        time_of_impact(black_box(&slide), black_box(&ground)).is_some() as u64
    }]);
    println!(
        "sliding along an edge all step (the worst case): {:.1} us",
        sliding / 1e3
    );

    println!();
    println!(
        "== push-out of the figure from the block where the time of impact found them touching"
    );
    let pairs = steps.overlapping();
    let mut rows: Vec<(String, [f64; 3])> = Vec::new();
    for &(f, b) in &pairs {
        let p = push_out(f, b).expect("they overlap");
        let moved = Sprite::new(
            f.mask,
            glam::Affine2::from_translation(p.offset) * f.transform,
        );
        assert!(collide(moved, b).is_none(), "the push frees them");
        let [push, up, once] = time_sides([
            &mut || push_out(black_box(f), black_box(b)).is_some() as u64,
            &mut || push_out_along(black_box(f), black_box(b), -glam::Vec2::Y).is_some() as u64,
            &mut || collide(black_box(f), black_box(b)).is_some() as u64,
        ]);
        rows.push(("touching pairs".to_string(), [push, up, once]));
    }
    println!(
        "{:<16} {:>6} {:>14} {:>16} {:>12}",
        "pairs", "count", "push_out ns", "push up ns", "collide ns"
    );
    for (group, n, [push, up, once]) in by_group(&rows) {
        println!("{group:<16} {n:>6} {push:>14.0} {up:>16.0} {once:>12.0}");
    }
}
