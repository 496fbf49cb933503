//! The editing row: carving a circle out of a large terrain mask and filling it back.

use std::time::Instant;

use glam::Vec2;
use pixel_collide::Mask;

use crate::timing::time_sides;

/// The time of one carve and refill, and of the first edit, which builds the per-block tree.
pub fn row() {
    println!();
    println!("== editing: a 16 px circle carved out of a 4096 x 1024 terrain, then filled back");
    let mut terrain = Mask::from_fn(4096, 1024, |x, y| {
        y as f32 > 600.0 + 120.0 * (x as f32 / 300.0).sin()
    })
    .expect("not empty");
    let build = Instant::now();
    terrain.set(0, 1023, true);
    let first_edit_ms = build.elapsed().as_secs_f64() * 1e3;
    let mut i = 0u32;
    let [carve] = time_sides([&mut || {
        i = i.wrapping_add(97);
        let x = (i % 4000) as f32 + 48.0;
        terrain.fill_circle(Vec2::new(x, 700.0), 8.0, false);
        terrain.fill_circle(Vec2::new(x, 700.0), 8.0, true);
        terrain.solid_count()
    }]);
    println!(
        "{:.1} us per carve and refill (two edits); the first edit builds the per-block tree once: {first_edit_ms:.1} ms",
        carve / 1e3
    );
}
