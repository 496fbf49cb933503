//! Pixel bodies in avian measured side by side with avian's own colliders, in headless apps stepped
//! at 60 Hz: resting height and drift, a stack of five, rolling down a 30 degree slope (a pixel disc
//! beside avian's circle and beside avian's own polygon of the disc's outline), the energy of a
//! dropped body, the cost of a step with 500 bodies on a 2048 x 512 terrain, and 300 ragged rocks
//! in a box as exact masks against avian's convex hulls of them, settled and awake, and whether they
//! sleep (`-- sleep`).
//!
//! ```sh
//! cargo run -p bevy_pixel_collide --example avian_report --features example --profile measure
//! ```
//!
//! The `measure` profile optimises every crate, as the README's figures were taken; in the plain dev
//! profile, whose dependencies are mostly unoptimised, the times read several times longer.
//!
//! One file per part: `setup.rs` (the apps and shapes), `bodies.rs`, `crowd.rs` and `pile.rs`.

mod bodies;
mod casts;
mod crowd;
mod pile;
mod rest;
mod setup;
mod walk;

use bodies::*;
use casts::casts;
use crowd::crowd;
use pile::{pile_sleep, traced};
use rest::rest_depth;
use setup::{GRAVITY, Kind};
use walk::walks;

fn main() {
    let uptime = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average at start: {}", uptime.trim());
    // One part alone: `crowd` (the 500 bodies, for profiling the step), `sleep` (whether the
    // settled pile sleeps, with avian's own exact raster beside), `rest` (how deep settled bodies
    // rest in each other, beside avian's hulls), `casts` (shape casts at pixel masks and at avian's
    // boxes of the same texels), `walk` (a character over pixel hills through `PixelMoveAndSlide`),
    // `traced` (exact masks against avian's convex hulls of them).
    let part: Option<fn()> = match std::env::args().nth(1).as_deref() {
        Some("crowd") => Some(crowd),
        Some("sleep") => Some(pile_sleep),
        Some("rest") => Some(rest_depth),
        Some("casts") => Some(casts),
        Some("walk") => Some(walks),
        Some("traced") => Some(traced),
        _ => None,
    };
    if let Some(part) = part {
        part();
        return;
    }
    // Interleaved: each measure runs for both kinds in turn.
    let (pixel_rest, avian_rest) = (rest(Kind::Pixel), rest(Kind::Avian));
    for (kind, (y, drift)) in [(Kind::Pixel, pixel_rest), (Kind::Avian, avian_rest)] {
        println!(
            "{:>12}: box rests at y = {y:.4} (exact 8), moves {drift:.4} px over 10 s",
            kind.name()
        );
    }
    println!(
        "  rest height difference: {:.4} px",
        (pixel_rest.0 - avian_rest.0).abs()
    );
    for kind in [Kind::Pixel, Kind::Avian] {
        let (moved, stands) = stack(kind);
        println!(
            "{:>12}: stack of five, top box moves {moved:.4} px in 10 s, stands: {stands}",
            kind.name()
        );
    }
    let rolls = [
        (
            Slope::PixelStairs,
            Wheel::PixelDisc(32),
            "32-texel pixel disc on pixel stairs",
        ),
        (
            Slope::AvianBox,
            Wheel::AvianCircle,
            "avian's circle on avian's turned box",
        ),
        (
            Slope::PixelStairs,
            Wheel::PixelDiscTexels,
            "the 32-texel disc on its texels, on pixel stairs",
        ),
        (
            Slope::AvianBox,
            Wheel::AvianHull,
            "avian's hull of the 32-texel disc on the box",
        ),
        (
            Slope::TurnedPixelSlab,
            Wheel::PixelDiscTexels,
            "the 32-texel disc on its texels, on a turned pixel slab",
        ),
        (
            Slope::PixelStairs,
            Wheel::PixelCircle,
            "the pixel backend's circle on pixel stairs",
        ),
        (
            Slope::PixelStairs,
            Wheel::PixelDisc(64),
            "64-texel pixel disc (0.5 px texels) on stairs",
        ),
    ]
    .map(|(slope, wheel, name)| (name, roll(slope, wheel)));
    let exact = 2.0 / 3.0 * GRAVITY * 0.5;
    let circle = rolls[1].1;
    println!(
        "rolling 32 px bodies down 30 degrees for 1 s (a solid disc rolling exactly: {exact:.2} px/s):"
    );
    for (name, v) in rolls {
        println!(
            "  {name}: {v:.2} px/s ({:+.1}% against avian's circle)",
            100.0 * (v - circle) / circle
        );
    }
    println!(
        "largest energy rise over one step of a dropped turned box, as a fraction of its drop's \
         energy: pixel {:.2e}, avian {:.2e}; a ragged pixel rock {:.2e}",
        energy(Kind::Pixel, false),
        energy(Kind::Avian, false),
        energy(Kind::Pixel, true)
    );
    crowd();
    traced();
    rest_depth();
    walks();
    casts();
    let uptime = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average at the end: {}", uptime.trim());
}
