//! Runs the fixed collision suite through the module and through the tutorial's reference loop, side by
//! side, and prints a table of median times per case group.
//!
//! `cargo run --release --example collision_report`; the last line is
//! `speedup_vs_reference: <median ratio over the near-misses>x`.

#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;
use std::time::Instant;

use support::suite::{Case, Suite};

/// Calls per timed batch, so that one batch lasts far longer than the clock's resolution.
const BATCH: u32 = 200;
/// Timed batches per case and algorithm; the median is kept.
const ROUNDS: usize = 7;

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

/// Nanoseconds per call of `f`, the median of [`ROUNDS`] batches.
fn time_ns(mut f: impl FnMut() -> bool) -> f64 {
    let mut rounds: Vec<f64> = (0..ROUNDS)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..BATCH {
                black_box(f());
            }
            start.elapsed().as_nanos() as f64 / f64::from(BATCH)
        })
        .collect();
    median(&mut rounds)
}

fn main() {
    let suite = Suite::new();
    // Per case: (reference ns, module ns), measured one right after the other.
    let timings: Vec<(f64, f64)> = suite
        .cases
        .iter()
        .map(|case: &Case| {
            let reference = time_ns(|| suite.reference(black_box(case)));
            let module = time_ns(|| suite.module(black_box(case)));
            (reference, module)
        })
        .collect();

    println!(
        "{:<24} {:>6} {:>14} {:>14} {:>8}",
        "case group", "cases", "reference ns", "module ns", "ratio"
    );
    let mut worst_group_ratio = f64::INFINITY;
    for group in suite.groups() {
        let (mut r, mut m): (Vec<f64>, Vec<f64>) = suite
            .cases
            .iter()
            .zip(&timings)
            .filter(|(c, _)| c.group == group)
            .map(|(_, t)| *t)
            .unzip();
        let count = r.len();
        let (rm, mm) = (median(&mut r), median(&mut m));
        worst_group_ratio = worst_group_ratio.min(rm / mm);
        println!(
            "{group:<24} {count:>6} {rm:>14.1} {mm:>14.1} {:>7.1}x",
            rm / mm
        );
    }
    let mut near_miss_ratios: Vec<f64> = suite
        .cases
        .iter()
        .zip(&timings)
        .filter(|(c, _)| !c.hit)
        .map(|(_, (r, m))| r / m)
        .collect();
    let mut hit_ratios: Vec<f64> = suite
        .cases
        .iter()
        .zip(&timings)
        .filter(|(c, _)| c.hit)
        .map(|(_, (r, m))| r / m)
        .collect();
    println!("worst group ratio: {worst_group_ratio:.1}x");
    println!(
        "median ratio over the hits: {:.1}x",
        median(&mut hit_ratios)
    );
    println!(
        "speedup_vs_reference: {:.1}x",
        median(&mut near_miss_ratios)
    );
}
