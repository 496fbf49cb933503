//! The timing and grouping the suites share: sides of a case timed in turn, round after round, and
//! medians per case group.

use std::hint::black_box;
use std::time::Instant;

/// Timed rounds per case and side; the median is kept.
const ROUNDS: usize = 9;
/// Nanoseconds a timed batch lasts, long enough that the clock and the batch's first calls do not
/// show.
const BATCH_NS: f64 = 50_000.0;
/// The median of `values`, which it sorts.
pub fn median(values: &mut [f64]) -> f64 {
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
pub fn time_sides<const N: usize>(mut sides: [&mut dyn FnMut() -> u64; N]) -> [f64; N] {
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
pub fn by_group<const N: usize>(rows: &[(String, [f64; N])]) -> Vec<(String, usize, [f64; N])> {
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
