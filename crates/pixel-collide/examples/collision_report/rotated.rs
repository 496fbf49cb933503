//! The two rotated tables, the game's solid sprites and the noisy families, each against the
//! tutorial's per-pixel loop, and the summary lines over their near-misses.

use std::hint::black_box;

use crate::support::families::RotatedSuite;
use crate::support::suite::Suite;
use crate::timing::{by_group, median, time_sides};

/// What the summary lines report, gathered while the rotated tables are timed.
pub struct Summary {
    /// Ratios reference / module of every near-miss, solid and noisy.
    near_misses: Vec<f64>,
    /// The same ratios for the solid sprites alone.
    solid_near_misses: Vec<f64>,
    /// The lowest group ratio against the reference in either table.
    worst_vs_reference: f64,
}

/// Prints the two rotated tables and returns what their summary lines need.
pub fn tables() -> Summary {
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

    Summary {
        near_misses,
        solid_near_misses,
        worst_vs_reference,
    }
}

impl Summary {
    /// Prints the summary lines; the last, `speedup_vs_reference`, is the line the report ends with.
    pub fn print(self) {
        let Summary {
            mut near_misses,
            solid_near_misses,
            worst_vs_reference,
        } = self;
        println!();
        println!("worst group ratio against the reference: {worst_vs_reference:.1}x");
        println!(
            "median near-miss ratio, solid sprites only: {:.1}x",
            median(&mut solid_near_misses.clone())
        );
        println!("speedup_vs_reference: {:.1}x", median(&mut near_misses));
    }
}
