//! Runs the collision suites side by side and prints tables of median times per case group:
//! the game's rotated solid sprites and rotated noisy families against the tutorial's per-pixel loop,
//! translation-only families against two bit-packed peers (a plain shifted-AND loop, the way pygame's
//! bitmask works, and the `binary_raster` crate), then memory and build time.
//!
//! `cargo run --release --example collision_report`; the last line is
//! `speedup_vs_reference: <median ratio over the near-misses>x`. One part alone: `-- rotated` (the
//! two rotated tables and the summary lines), `-- aligned`, `-- pygame`, `-- prefilter`,
//! `-- convolve`, `-- many` (the broad phase), `-- motion` (time of impact and push-out), `-- casts`
//! (convex shapes cast exactly and as rasters), `-- rgba [DIR]` or `-- largest [SIDE]` (the queries
//! whose work grows with the overlap, on masks up to 16,384 px; minutes, so not in the whole
//! report). Every case's answer is checked on all sides before anything is timed, and the sides of
//! a case are timed in turn, round after round.
//!
//! Each suite lives in a module of its own; `timing` holds the clock and the medians they share.

#[path = "../../tests/support/mod.rs"]
mod support;

mod aligned;
mod cast_shapes;
mod convolve;
mod editing;
mod largest;
mod many_sprites;
mod memory;
mod motion;
mod prefilter;
mod pygame;
mod pygame_ground;
mod rgba;
mod rotated;
mod timing;

fn main() {
    // `-- motion` prints only the time of impact and push-out tables.
    if std::env::args().any(|a| a == "motion") {
        motion::tables();
        return;
    }
    // `-- casts` prints only the cast-shape table.
    if std::env::args().any(|a| a == "casts") {
        cast_shapes::table();
        return;
    }
    // `-- aligned` prints only the translation-only table.
    if std::env::args().any(|a| a == "aligned") {
        aligned::table();
        return;
    }
    // `-- pygame` prints only the table against pygame's C bitmask.
    if std::env::args().any(|a| a == "pygame") {
        pygame::table();
        return;
    }
    // `-- rgba [DIR]` prints only the times to build masks from RGBA bytes (and writes the images to
    // DIR, for `scripts/rgba_vs_pygame.py`).
    if let Some(i) = std::env::args().position(|a| a == "rgba") {
        rgba::times(std::env::args().nth(i + 1).as_deref());
        return;
    }
    // `-- prefilter` prints only the rectangle prefilter's row.
    if std::env::args().any(|a| a == "prefilter") {
        prefilter::row();
        return;
    }
    // `-- largest [SIDE]` times the queries whose work grows with the overlap on the largest masks
    // (not part of the whole report: it takes minutes).
    if let Some(i) = std::env::args().position(|a| a == "largest") {
        largest::table(std::env::args().nth(i + 1).and_then(|s| s.parse().ok()));
        return;
    }
    // `-- many` prints only the many-sprites table.
    if std::env::args().any(|a| a == "many") {
        many_sprites::table();
        return;
    }
    // `-- convolve` prints only the convolution table.
    if std::env::args().any(|a| a == "convolve") {
        convolve::table();
        return;
    }
    let summary = rotated::tables();

    // `-- rotated` stops after the two rotated tables, with their summary lines.
    if !std::env::args().any(|a| a == "rotated") {
        the_rest();
    }
    summary.print();
}

/// Every table after the rotated ones.
fn the_rest() {
    aligned::table();
    pygame::table();
    memory::table();

    println!();
    println!("== the rectangle prefilter: the game's figure and a turned block far apart");
    prefilter::row();
    many_sprites::table();
    editing::row();
    convolve::table();
    motion::tables();
    cast_shapes::table();
}
