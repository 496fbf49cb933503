//! The many-sprites row: all touching pairs among 10,000 scattered rings, one frame of sweep and
//! prune.

use std::hint::black_box;

use pixel_collide::{Sprite, SweepAndPrune};

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
