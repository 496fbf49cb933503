//! The sort and sweep over many sprites against every pair tested alone: its touching pairs are
//! exactly the pairs `overlaps` finds, each once, for any placements (stacked, far out, degenerate).
#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use pixel_collide::{overlaps, Sprite, SweepAndPrune};
use spinfall_fuzz::{placement, small_mask};

fn run(u: &mut Unstructured<'_>) -> Result<()> {
    let masks = [small_mask(u)?, small_mask(u)?, small_mask(u)?];
    let count = u.int_in_range(0..=24)?;
    let mut sprites = Vec::with_capacity(count);
    for _ in 0..count {
        let mask = &masks[u.int_in_range(0..=2)?];
        sprites.push(Sprite::new(mask, placement(u)?));
    }
    let sweep = SweepAndPrune::new(&sprites);
    let mut found = sweep.touching_pairs();
    found.sort_unstable();
    let mut expected = Vec::new();
    for i in 0..sprites.len() {
        for j in i + 1..sprites.len() {
            if overlaps(sprites[i], sprites[j]) {
                expected.push((i, j));
            }
        }
    }
    if found != expected {
        for (i, s) in sprites.iter().enumerate() {
            eprintln!(
                "{i}: {:?} {}x{} {:?}",
                s.transform,
                s.mask.width(),
                s.mask.height(),
                s.mask.strip_words()
            );
        }
    }
    assert_eq!(found, expected, "the sweep's pairs against every pair");
    if let Some(&probe) = sprites.first() {
        let mut touched = sweep.touching(probe);
        touched.sort_unstable();
        let truth: Vec<usize> = (0..sprites.len())
            .filter(|&j| overlaps(probe, sprites[j]))
            .collect();
        assert_eq!(
            touched,
            truth,
            "what {:?} touches among {:?}",
            probe.transform,
            sprites.iter().map(|s| s.transform).collect::<Vec<_>>()
        );
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
