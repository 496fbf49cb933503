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
    // Per case: reference, module and module-with-contact ns, measured one right after the other.
    let all: Vec<(f64, f64, f64)> = suite
        .cases
        .iter()
        .map(|case: &Case| {
            let reference = time_ns(|| suite.reference(black_box(case)));
            let module = time_ns(|| suite.module(black_box(case)));
            let contact = time_ns(|| suite.module_contact(black_box(case)).is_some());
            (reference, module, contact)
        })
        .collect();
    let timings: Vec<(f64, f64)> = all.iter().map(|t| (t.0, t.1)).collect();

    println!(
        "{:<22} {:>5} {:>13} {:>10} {:>7} {:>18}",
        "case group", "cases", "reference ns", "module ns", "ratio", "with contact ns"
    );
    let mut worst_group_ratio = f64::INFINITY;
    for group in suite.groups() {
        let in_group: Vec<(f64, f64, f64)> = suite
            .cases
            .iter()
            .zip(&all)
            .filter(|(c, _)| c.group == group)
            .map(|(_, t)| *t)
            .collect();
        let count = in_group.len();
        let rm = median(&mut in_group.iter().map(|t| t.0).collect::<Vec<_>>());
        let mm = median(&mut in_group.iter().map(|t| t.1).collect::<Vec<_>>());
        let cm = median(&mut in_group.iter().map(|t| t.2).collect::<Vec<_>>());
        worst_group_ratio = worst_group_ratio.min(rm / mm);
        println!(
            "{group:<22} {count:>5} {rm:>13.1} {mm:>10.1} {:>6.1}x {cm:>18.1}",
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
