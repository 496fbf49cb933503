//! The same world on every platform: headless runs pinned to the lines they print, so that a change
//! of maths library, compiler or target (the browser's wasm included) that changes a game is caught.
//!
//! `tests/data/same-world.jsonl` holds each run's line without `wall_ms`; the browser tests
//! (`.ci/web`) load the same runs in a page and expect the same lines.

use spinfall::assets::Assets;
use spinfall::cli::Pilot;
use spinfall::run::run_at;
use spinfall::sim::{GameSpeed, Mode};

/// The pinned runs, one JSON line each.
const PINNED: &str = include_str!("../data/same-world.jsonl");

/// The line a report prints, without the one field that varies between identical runs.
fn without_wall_time(line: &str) -> String {
    let mut json: serde_json::Value = serde_json::from_str(line).expect("a report line is JSON");
    json.as_object_mut()
        .expect("a report line is an object")
        .remove("wall_ms");
    json.to_string()
}

#[test]
fn pinned_runs_print_their_pinned_lines() {
    let shapes = Assets::embedded()
        .shapes()
        .expect("embedded assets build masks");
    let mut runs = 0;
    for pinned in PINNED.lines().filter(|l| !l.trim().is_empty()) {
        let json: serde_json::Value = serde_json::from_str(pinned).expect("pinned lines are JSON");
        let seed = json["seed"].as_u64().expect("a seed");
        let mode = match json["mode"].as_str() {
            Some("classic") => Mode::Classic,
            _ => Mode::Arcade,
        };
        let pilot = match json["pilot"].as_str() {
            Some("bot") => Pilot::Bot,
            Some("casual") => Pilot::Casual,
            _ => Pilot::Idle,
        };
        let speed = json["speed"]
            .as_u64()
            .and_then(|p| GameSpeed::from_percent(p as u32))
            .expect("a game speed");
        let seconds = json["seconds"].as_f64().expect("seconds");
        let report = run_at(seed, mode, pilot, speed, seconds, shapes.clone());
        assert_eq!(
            without_wall_time(&report.to_json_line()),
            without_wall_time(pinned),
            "seed {seed}, {mode:?}, {pilot:?}: the world changed"
        );
        runs += 1;
    }
    assert!(runs >= 6, "only {runs} pinned runs");
}
