//! The many-sprites rows: all touching pairs among 10,000 scattered rings, one frame of sweep and
//! prune, and the broad phase's worst case, a crowd stacked on one spot where nearly every pair
//! touches.

use std::hint::black_box;
use std::time::Instant;

use glam::{Affine2, Vec2};
use pixel_collide::{Mask, Sprite, SweepAndPrune};

use crate::support::families::scattered_rings;
use crate::timing::time_sides;

/// The time of one frame's touching pairs among 10,000 scattered rings.
pub fn row() {
    println!();
    println!("== many sprites: all touching pairs among 10,000 scattered 16 x 16 rings");
    let (ring, places) = scattered_rings(10_000);
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
}

/// The time and the pairs of 3,000 unturned 8 x 8 checkerboards 0.001 px apart along a row: some
/// 4.5 million touching pairs, each confirmed per pixel and all of them sorted.
pub fn crowd_row() {
    println!();
    println!("== many sprites stacked: 3,000 unturned 8 x 8 checkerboards 0.001 px apart");
    let board = Mask::from_fn(8, 8, |x, y| (x + y) % 2 == 0).unwrap();
    let sprites: Vec<Sprite> = (0..3_000)
        .map(|i| {
            Sprite::new(
                &board,
                Affine2::from_translation(Vec2::new(i as f32 * 0.001, 0.0)),
            )
        })
        .collect();
    // A frame takes a fifth of a second: the median of five frames, not a timing loop.
    let mut frames: Vec<(f64, usize)> = (0..5)
        .map(|_| {
            let start = Instant::now();
            let pairs = SweepAndPrune::new(black_box(&sprites)).touching_pairs();
            (start.elapsed().as_secs_f64(), pairs.len())
        })
        .collect();
    frames.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (median, pairs) = frames[2];
    println!(
        "{pairs} touching pairs, {:.1} ms per frame (the median of 5), {:.0} ns a pair",
        median * 1e3,
        median * 1e9 / pairs as f64
    );
}
