//! The many-sprites table: one frame of sweep and prune among 10,000 scattered rings, and the broad
//! phase's worst case, a crowd stacked on one spot where nearly every pair touches, each against
//! every pair tested, so that the ratio moves when the sweep does, whatever the machine.

use std::hint::black_box;

use glam::{Affine2, Vec2};
use pixel_collide::{Mask, Rect, Sprite, SweepAndPrune, overlaps};

use crate::support::families::scattered_rings;
use crate::timing::time_sides;

/// Every pair's bounds tested and the pairs they put together confirmed by [`overlaps`], in the
/// sweep's order: what a game without a broad phase does each frame, the peer the sweep is timed
/// against.
fn every_pair(sprites: &[Sprite]) -> Vec<(usize, usize)> {
    let bounds: Vec<Rect> = sprites.iter().map(Sprite::bounds).collect();
    let mut pairs = Vec::new();
    for (i, (a, ba)) in sprites.iter().zip(&bounds).enumerate() {
        for (j, (b, bb)) in sprites.iter().zip(&bounds).enumerate().skip(i + 1) {
            if ba.intersects(bb) && overlaps(*a, *b) {
                pairs.push((i, j));
            }
        }
    }
    pairs
}

/// One frame of sweep and prune against every pair tested, the same pairs checked first, as a row
/// of the table (`case`, touching pairs, both times in ms and their ratio).
fn frame_row(case: &str, sprites: &[Sprite]) {
    let pairs = SweepAndPrune::new(sprites).touching_pairs();
    assert_eq!(pairs, every_pair(sprites), "{case}: the sweep's pairs");
    let [sweep, all] = time_sides([
        &mut || {
            SweepAndPrune::new(black_box(sprites))
                .touching_pairs()
                .len() as u64
        },
        &mut || every_pair(black_box(sprites)).len() as u64,
    ]);
    println!(
        "{case:<36} {:>9} {:>10.3} {:>10.3} {:>7.3}x",
        pairs.len(),
        sweep / 1e6,
        all / 1e6,
        sweep / all
    );
}

/// The broad phase's table: one frame's touching pairs among 10,000 scattered rings (few touch),
/// and among 3,000 unturned 8 x 8 checkerboards 0.001 px apart along a row (some 4.5 million pairs
/// touch, each confirmed per pixel and all of them sorted: the worst case), each against every pair
/// tested.
pub fn table() {
    println!();
    println!(
        "== many sprites: one frame of sweep and prune against every pair tested (the same pairs, checked)"
    );
    println!(
        "{:<36} {:>9} {:>10} {:>10} {:>8}",
        "case", "pairs", "sweep ms", "all ms", "ratio"
    );
    let (ring, places) = scattered_rings(10_000);
    let rings: Vec<Sprite> = places.iter().map(|&t| Sprite::new(&ring, t)).collect();
    frame_row("10,000 scattered 16 x 16 rings", &rings);
    let board = Mask::from_fn(8, 8, |x, y| (x + y) % 2 == 0).unwrap();
    let crowd: Vec<Sprite> = (0..3_000)
        .map(|i| {
            Sprite::new(
                &board,
                Affine2::from_translation(Vec2::new(i as f32 * 0.001, 0.0)),
            )
        })
        .collect();
    frame_row("3,000 checkerboards stacked", &crowd);
}
