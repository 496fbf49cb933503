//! The memory table: heap bytes against the bare bits, and the times to pack the bits, build the
//! mask and build its tree, per family at 1024 and 4096 px.

use std::time::Instant;

use pixel_collide::Mask;

use crate::support::families::Family;

/// Heap bytes and build times of each family's mask, then of its tree.
pub fn table() {
    println!();
    println!(
        "== memory (heap_bytes / bits, bits = w * h / 8) and build time: the mask, then its tree (built by the first query that needs it)"
    );
    println!(
        "{:<10} {:>6} {:>12} {:>12} {:>8} {:>10} {:>10} {:>12}",
        "family", "size", "heap bytes", "bits bytes", "ratio", "build ms", "tree ms", "pack ms"
    );
    for n in [1024u32, 4096] {
        for family in Family::ALL {
            let wpr = n.div_ceil(64) as usize;
            let pack = Instant::now();
            let mut words = vec![0u64; wpr * n as usize];
            for y in 0..n {
                for x in 0..n {
                    if family.solid(7, x, y) {
                        words[y as usize * wpr + x as usize / 64] |= 1 << (x % 64);
                    }
                }
            }
            let pack_ms = pack.elapsed().as_secs_f64() * 1e3;
            let build = Instant::now();
            let mask = Mask::from_row_words(n, n, words).expect("sizes match");
            let build_ms = build.elapsed().as_secs_f64() * 1e3;
            let tree = Instant::now();
            mask.build_tree();
            let tree_ms = tree.elapsed().as_secs_f64() * 1e3;
            let bits = u64::from(n) * u64::from(n) / 8;
            println!(
                "{:<10} {n:>6} {:>12} {bits:>12} {:>7.2}x {build_ms:>10.1} {tree_ms:>10.1} {pack_ms:>12.1}",
                family.name(),
                mask.heap_bytes(),
                mask.heap_bytes() as f64 / bits as f64
            );
        }
    }
}
