//! The collision suites side by side: `cargo bench --bench collision`.
//!
//! - one group per solid-sprite case group (72 rotations each): the module against the tutorial's loop;
//! - one group per rotated noisy family (noise, blobs, stripes, checkerboards and complements at 64
//!   and 128 texels): the module against the tutorial's loop;
//! - one group per translation-only family and outcome at 256 x 256: `overlaps` against a plain
//!   bit-packed loop and the `binary_raster` crate, `overlap_area` against a popcount loop, and
//!   `overlap_mask`;
//! - point, rectangle, circle, segment and ray queries on a rotated 128 x 128 plus;
//! - mask analysis (centroid, inverse, scale, components, bounding rectangles, outline) on blobs;
//! - all touching pairs among 10,000 scattered sprites (the broad phase and per-pixel confirmation);
//! - carving a 16 px circle out of a 4096 x 1024 terrain (and filling it back), against a rebuild;
//! - building a 4096 x 4096 noise mask from its row words;
//! - the time of impact over 600 game steps next to one `collide` per step, and push-out of the
//!   touching pairs among them (in every direction, and straight up) next to `collide`.

#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use glam::Vec2;
use pixel_collide::{
    Circle, Mask, Rect, Sprite, SweepAndPrune, collide, push_out, push_out_along, time_of_impact,
};
use support::families::{Family, RotatedSuite, aligned_cases};
use support::suite::Suite;

fn short(g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    g.warm_up_time(Duration::from_millis(300));
    g.measurement_time(Duration::from_secs(1));
}

/// One criterion group per case group: the tutorial's loop and the module over the group's cases.
fn against_reference<C>(
    c: &mut Criterion,
    groups: Vec<String>,
    cases: &[C],
    group_of: impl Fn(&C) -> &str,
    reference: impl Fn(&C) -> bool,
    module: impl Fn(&C) -> bool,
) {
    for group in groups {
        let mine: Vec<&C> = cases.iter().filter(|c| group_of(c) == group).collect();
        let mut g = c.benchmark_group(group.replace(' ', "_"));
        short(&mut g);
        g.bench_function("reference", |b| {
            b.iter(|| mine.iter().filter(|c| reference(black_box(c))).count())
        });
        g.bench_function("module", |b| {
            b.iter(|| mine.iter().filter(|c| module(black_box(c))).count())
        });
        g.finish();
    }
}

fn solid(c: &mut Criterion) {
    let suite = Suite::new();
    against_reference(
        c,
        suite.groups(),
        &suite.cases,
        |k| &k.group,
        |k| suite.reference(k),
        |k| suite.module(k),
    );
}

fn rotated_families(c: &mut Criterion) {
    let suite = RotatedSuite::new(&[64, 128]);
    against_reference(
        c,
        suite.groups(),
        &suite.cases,
        |k| &k.group,
        |k| suite.reference(k),
        |k| suite.module(k),
    );
}

fn translated_families(c: &mut Criterion) {
    for case in aligned_cases(&[256]) {
        let mut g = c.benchmark_group(case.group.replace(' ', "_"));
        short(&mut g);
        g.bench_function("module", |b| b.iter(|| black_box(&case).module()));
        g.bench_function("plain_bitpacked", |b| b.iter(|| black_box(&case).plain()));
        g.bench_function("binary_raster", |b| {
            b.iter(|| black_box(&case).binary_raster())
        });
        g.bench_function("module_area", |b| b.iter(|| black_box(&case).module_area()));
        g.bench_function("plain_area", |b| b.iter(|| black_box(&case).plain_area()));
        g.bench_function("module_overlap_mask", |b| {
            b.iter(|| {
                let (a, other) = black_box(&case).sprites();
                pixel_collide::overlap_mask(a, other).solid_count()
            })
        });
        g.finish();
    }
}

fn queries(c: &mut Criterion) {
    let suite = Suite::new();
    let block = &suite.blocks[1].mask;
    let at = pixel_collide::sprite_transform(
        Vec2::new(400.0, 300.0),
        0.5,
        Vec2::splat(1.5),
        Vec2::splat(64.0),
    );
    let sprite = Sprite::new(block, at);
    // Probes near the block's notch: some inside an arm, some in the air beside it.
    let probes: Vec<Vec2> = (0..64)
        .map(|i| Vec2::new(330.0 + (i % 8) as f32 * 9.0, 230.0 + (i / 8) as f32 * 9.0))
        .collect();
    let mut g = c.benchmark_group("queries_128_plus_rotated");
    short(&mut g);
    g.bench_function("contains_point", |b| {
        b.iter(|| {
            probes
                .iter()
                .filter(|&&p| sprite.contains_point(black_box(p)))
                .count()
        })
    });
    g.bench_function("touches_rect", |b| {
        b.iter(|| {
            probes
                .iter()
                .filter(|&&p| sprite.touches_rect(Rect::from_xywh(p.x, p.y, 6.0, 4.0)))
                .count()
        })
    });
    g.bench_function("touches_circle", |b| {
        b.iter(|| {
            probes
                .iter()
                .filter(|&&p| sprite.touches_circle(Circle::new(black_box(p), 3.0)))
                .count()
        })
    });
    g.bench_function("touches_segment", |b| {
        b.iter(|| {
            probes
                .iter()
                .filter(|&&p| sprite.touches_segment(black_box(p), p + Vec2::new(12.0, 5.0)))
                .count()
        })
    });
    g.bench_function("raycast", |b| {
        b.iter(|| {
            probes
                .iter()
                .filter_map(|&p| sprite.raycast(black_box(p), Vec2::new(1.0, 0.4), 300.0))
                .count()
        })
    });
    g.finish();
}

fn analysis(c: &mut Criterion) {
    let blobs = Mask::from_fn(256, 256, |x, y| Family::Blobs.solid(7, x, y)).expect("not empty");
    let mut g = c.benchmark_group("analysis_256_blobs");
    short(&mut g);
    g.bench_function("centroid", |b| b.iter(|| black_box(&blobs).centroid()));
    g.bench_function("invert", |b| b.iter(|| black_box(&blobs).invert()));
    g.bench_function("scale_to_128", |b| {
        b.iter(|| black_box(&blobs).resized(128, 128))
    });
    // Timed for as long as it is kept: it is deprecated for its memory, not its speed.
    #[allow(deprecated)]
    g.bench_function("components", |b| {
        b.iter(|| black_box(&blobs).components(1).len())
    });
    g.bench_function("bounding_rects", |b| {
        b.iter(|| black_box(&blobs).bounding_rects())
    });
    g.bench_function("outline", |b| b.iter(|| black_box(&blobs).outline().len()));
    g.bench_function("orientation", |b| {
        b.iter(|| black_box(&blobs).orientation())
    });
    g.bench_function("component_at", |b| {
        b.iter(|| black_box(&blobs).component_at(128, 128).map(|m| m.width()))
    });
    g.bench_function("to_image", |b| {
        b.iter(|| black_box(&blobs).to_image([255; 4], [0; 4]).width())
    });
    let disc = Mask::from_fn(32, 32, |x, y| {
        (x as i32 - 16).pow(2) + (y as i32 - 16).pow(2) < 256
    })
    .expect("not empty");
    g.bench_function("convolve_32px_disc", |b| {
        b.iter(|| {
            black_box(&blobs)
                .convolve(black_box(&disc))
                .map(|m| m.width())
        })
    });
    g.finish();
}

fn many_sprites(c: &mut Criterion) {
    let (ring, places) = support::families::scattered_rings(10_000);
    let sprites: Vec<Sprite> = places.iter().map(|&t| Sprite::new(&ring, t)).collect();
    let mut g = c.benchmark_group("broad_phase_10000_rings");
    short(&mut g);
    g.bench_function("all_touching_pairs", |b| {
        b.iter(|| {
            SweepAndPrune::new(black_box(&sprites))
                .touching_pairs()
                .len()
        })
    });
    g.finish();
}

fn carving(c: &mut Criterion) {
    // A 4096 x 1024 landscape: solid below a rolling skyline.
    let terrain = Mask::from_fn(4096, 1024, |x, y| {
        let ground = 600.0 + 120.0 * (x as f32 / 300.0).sin();
        y as f32 > ground
    })
    .expect("not empty");
    let mut edited = terrain.clone();
    edited.set(0, 1023, true); // The first edit builds the per-block tree once.
    let mut g = c.benchmark_group("terrain_4096x1024");
    short(&mut g);
    let mut i = 0u32;
    g.bench_function("carve_16px_circle", |b| {
        b.iter(|| {
            i = i.wrapping_add(97);
            let x = (i % 4000) as f32 + 48.0;
            edited.fill_circle(Vec2::new(x, 700.0), 8.0, false);
            edited.fill_circle(Vec2::new(x, 700.0), 8.0, true);
        })
    });
    g.bench_function("rebuild_from_scratch", |b| {
        b.iter(|| Mask::from_fn(4096, 1024, |x, y| black_box(&terrain).is_solid(x, y)))
    });
    g.finish();
}

fn build(c: &mut Criterion) {
    let n = 4096u32;
    let wpr = n.div_ceil(64) as usize;
    let mut words = vec![0u64; wpr * n as usize];
    for y in 0..n {
        for x in 0..n {
            if Family::Noise.solid(7, x, y) {
                words[y as usize * wpr + x as usize / 64] |= 1 << (x % 64);
            }
        }
    }
    let mut g = c.benchmark_group("build_4096_noise");
    g.sample_size(10);
    short(&mut g);
    g.bench_function("from_row_words", |b| {
        b.iter(|| Mask::from_row_words(n, n, black_box(words.clone())))
    });
    g.finish();
}

/// Time of impact and push-out next to `collide`, over the same game steps as the report.
fn motion(c: &mut Criterion) {
    let steps = support::steps::Steps::new(600);
    let mut g = c.benchmark_group("motion_600_game_steps");
    short(&mut g);
    g.bench_function("collide_at_step_end", |b| {
        b.iter(|| {
            steps
                .steps
                .iter()
                .filter(|s| {
                    let (a, e) = steps.at_end(s);
                    collide(black_box(a), black_box(e)).is_some()
                })
                .count()
        })
    });
    g.bench_function("time_of_impact", |b| {
        b.iter(|| {
            steps
                .steps
                .iter()
                .filter(|s| {
                    let (a, e) = steps.motions(s);
                    time_of_impact(black_box(&a), black_box(&e)).is_some()
                })
                .count()
        })
    });
    g.finish();
    let pairs = steps.overlapping();
    let mut g = c.benchmark_group("push_out_touching_game_pairs");
    short(&mut g);
    g.bench_function("collide", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter(|(f, k)| collide(black_box(*f), black_box(*k)).is_some())
                .count()
        })
    });
    g.bench_function("push_out", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter(|(f, k)| push_out(black_box(*f), black_box(*k)).is_some())
                .count()
        })
    });
    g.bench_function("push_out_along_up", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter(|(f, k)| push_out_along(black_box(*f), black_box(*k), -Vec2::Y).is_some())
                .count()
        })
    });
    g.finish();
}

criterion_group!(
    benches,
    motion,
    solid,
    rotated_families,
    translated_families,
    queries,
    analysis,
    many_sprites,
    carving,
    build
);
criterion_main!(benches);
