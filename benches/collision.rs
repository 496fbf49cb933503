//! The fixed collision suite through the module and the tutorial's reference loop, side by side.
//!
//! `cargo bench --bench collision`: one criterion group per case group, each timing a pass over the
//! group's 72 cases (one per rotation) with both algorithms.

#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use support::suite::Suite;

fn suite(c: &mut Criterion) {
    let suite = Suite::new();
    for group in suite.groups() {
        let cases: Vec<_> = suite.cases.iter().filter(|c| c.group == group).collect();
        let mut g = c.benchmark_group(group.replace(' ', "_"));
        g.warm_up_time(Duration::from_millis(500));
        g.measurement_time(Duration::from_secs(2));
        g.bench_function("reference", |b| {
            b.iter(|| {
                cases
                    .iter()
                    .filter(|c| suite.reference(black_box(c)))
                    .count()
            })
        });
        g.bench_function("module", |b| {
            b.iter(|| cases.iter().filter(|c| suite.module(black_box(c))).count())
        });
        g.finish();
    }
}

criterion_group!(benches, suite);
criterion_main!(benches);
