//! The collision suites side by side: `cargo bench --bench collision`.
//!
//! - one group per solid-sprite case group (72 rotations each): the module against the tutorial's loop;
//! - one group per rotated noisy family (noise, blobs, stripes, checkerboards and complements at 64
//!   and 128 texels): the module against the tutorial's loop;
//! - one group per translation-only family and outcome at 256 x 256: `overlaps` against a plain
//!   bit-packed loop and the `binary_raster` crate, `overlap_area` against a popcount loop;
//! - building a 4096 x 4096 noise mask from its row words.

#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use spinfall::collision::Mask;
use support::families::{aligned_cases, Family, RotatedSuite};
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
        g.finish();
    }
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

criterion_group!(benches, solid, rotated_families, translated_families, build);
criterion_main!(benches);
