//! Mask build times from RGBA bytes, one line per family and size, for `scripts/rgba_vs_pygame.py`.

use std::hint::black_box;

use pixel_collide::{Mask, MaskRule};

use crate::support::families::Family;
use crate::timing::time_sides;

/// Nanoseconds to build a mask (its bits: the tree waits for a query that needs it) from RGBA bytes,
/// per family and size, one line each:
/// `rgba FAMILY SIZE NS`. With a folder, each image is also written there as `FAMILY-SIZE.rgba`, so
/// `scripts/rgba_vs_pygame.py` can time pygame's `from_surface` on the same pixels.
pub fn times(dir: Option<&str>) {
    for family in Family::ALL {
        for n in [32u32, 64, 256] {
            let bytes: Vec<u8> = (0..n)
                .flat_map(|y| (0..n).map(move |x| (x, y)))
                .flat_map(|(x, y)| [200, 120, 40, if family.solid(5, x, y) { 255 } else { 0 }])
                .collect();
            if let Some(dir) = dir {
                let path = format!("{dir}/{}-{n}.rgba", family.name());
                if let Err(e) = std::fs::write(&path, &bytes) {
                    eprintln!("collision_report: cannot write {path}: {e}");
                    std::process::exit(1);
                }
            }
            // pygame's default threshold: solid where alpha > 127.
            let rule = MaskRule::alpha(127);
            let [t] = time_sides([&mut || {
                Mask::from_rgba(n, n, black_box(&bytes), rule).map_or(0, |m| m.solid_count())
            }]);
            println!("rgba {} {n} {t:.1}", family.name());
        }
    }
}
