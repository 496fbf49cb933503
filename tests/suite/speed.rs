//! The game-speed assist: a slower game is the same game in game time, its replays say their speed
//! and play back identically, and a full-speed run is what it was before the assist existed.

use crate::support;

use std::collections::HashMap;
use std::path::Path;

use spinfall::cli::Pilot;
use spinfall::replay::{Replay, REPLAY_FORMAT, SLOW_REPLAY_FORMAT};
use spinfall::run;
use spinfall::sim::{CasualLimits, GameSpeed, Input, Mode, Pacer, World, STEPS_PER_SECOND};
use support::shapes;

/// A replay recorded by the bot (seed 3, arcade, 20 s) before the game-speed assist existed.
const FULL_SPEED_REPLAY: &str = include_str!("../data/replay-before-speed.json");

#[test]
fn a_full_speed_replay_is_byte_for_byte_what_it_was_before_the_speed_setting() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("again.json");
    let report = run::record(
        &path,
        3,
        Mode::Arcade,
        Pilot::Bot,
        GameSpeed::FULL,
        20.0,
        shapes(),
    )
    .expect("recorded");
    assert_eq!(report.speed, 100);
    let again = std::fs::read_to_string(&path).unwrap();
    assert_eq!(again, FULL_SPEED_REPLAY);
    let old = Replay::from_json(FULL_SPEED_REPLAY, Path::new("old")).expect("still reads");
    assert_eq!(old.speed, GameSpeed::FULL);
    assert!(FULL_SPEED_REPLAY.starts_with(&format!("{{\"format\":{REPLAY_FORMAT},")));
}

#[test]
fn a_replay_recorded_at_80_percent_says_so_and_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("slow.json");
    let eighty = GameSpeed::from_percent(80).unwrap();
    for pilot in [Pilot::Casual, Pilot::Bot] {
        let recorded =
            run::record(&path, 11, Mode::Arcade, pilot, eighty, 40.0, shapes()).expect("recorded");
        assert_eq!(recorded.speed, 80);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.starts_with(&format!("{{\"format\":{SLOW_REPLAY_FORMAT},\"speed\":80,")),
            "{text:.60}"
        );
        assert_eq!(Replay::load(&path).unwrap().speed, eighty);
        let replayed = run::play_back(&path, shapes()).expect("plays back as recorded");
        let strip = |r: &run::Report| (r.speed, r.steps, r.score, r.hits, r.ended, r.pixel_tests);
        assert_eq!(strip(&replayed), strip(&recorded));
        assert_eq!(replayed.pilot, "replay");
    }
}

#[test]
fn a_slow_replay_without_its_speed_or_with_another_is_damaged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("slow.json");
    let seventy = GameSpeed::from_percent(70).unwrap();
    run::record(&path, 4, Mode::Classic, Pilot::Idle, seventy, 5.0, shapes()).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    for bad in [
        text.replacen("\"speed\":70,", "", 1),
        text.replacen("\"speed\":70", "\"speed\":75", 1),
        text.replacen("\"speed\":70", "\"speed\":120", 1),
        text.replacen(
            &format!("\"format\":{SLOW_REPLAY_FORMAT}"),
            "\"format\":1",
            1,
        ),
    ] {
        let e = Replay::from_json(&bad, Path::new("bad.json")).unwrap_err();
        assert!(e.to_string().contains("damaged"), "{bad:.60}: {e}");
    }
}

#[test]
fn at_full_speed_the_casual_pilot_is_unchanged_and_slower_games_give_it_fewer_steps_to_react() {
    assert_eq!(
        CasualLimits::at_speed(GameSpeed::FULL),
        CasualLimits::default()
    );
    let full = CasualLimits::default();
    let mut last = full.reaction_steps;
    for percent in [90, 80, 70, 60] {
        let limits = CasualLimits::at_speed(GameSpeed::from_percent(percent).unwrap());
        // 250 ms of real time is 15 steps at full speed, 0.25 * 60 * speed steps below it.
        let expected = (f64::from(full.reaction_steps) * f64::from(percent) / 100.0).round();
        assert_eq!(f64::from(limits.reaction_steps), expected, "{percent}%");
        assert!(limits.reaction_steps < last);
        last = limits.reaction_steps;
        assert_eq!(limits.horizon, full.horizon);
    }
}

/// Every block's y after each step of a world stepped by a [`Pacer`] for `real_seconds` of 60 Hz
/// frames at `speed`; returns the positions by block id and step, and the steps taken.
fn fall(speed: GameSpeed, real_seconds: u32) -> (HashMap<u64, Vec<(u64, f32)>>, u64) {
    let mut world = World::new(Mode::Classic, 21, shapes());
    let mut pacer = Pacer::default();
    let mut seen: HashMap<u64, Vec<(u64, f32)>> = HashMap::new();
    for _ in 0..real_seconds * 60 {
        pacer.add(1.0 / 60.0, speed);
        while pacer.take_step() {
            world.step(Input::IDLE);
            let step = world.stats().steps;
            for block in world.blocks() {
                seen.entry(block.id())
                    .or_default()
                    .push((step, block.position().y));
            }
        }
    }
    (seen, world.stats().steps)
}

#[test]
fn at_every_speed_a_block_falls_the_same_distance_per_unit_of_game_time() {
    let (full, full_steps) = fall(GameSpeed::FULL, 30);
    assert!(full.len() > 5, "{} blocks", full.len());
    for speed in GameSpeed::ALL {
        let (slow, steps) = fall(speed, 30);
        // The same real time holds game time in proportion to the speed.
        let expected = f64::from(30 * STEPS_PER_SECOND) * speed.fraction();
        assert!(
            (steps as f64 - expected).abs() <= 1.0,
            "{speed}: {steps} steps"
        );
        assert!(steps <= full_steps);
        // Each block is at the same height at the same game time, whatever the speed it is shown at.
        let mut compared = 0;
        for (id, path) in &slow {
            let reference = &full[id];
            for (a, b) in path.iter().zip(reference) {
                assert_eq!(a, b, "{speed}: block {id}");
                compared += 1;
            }
        }
        assert!(compared > 100, "{speed}: {compared} positions compared");
        // And it falls per second of game time as at full speed: the block seen longest, over the
        // game time both runs share.
        let (id, path) = slow.iter().max_by_key(|(_, p)| p.len()).unwrap();
        let (first, last) = (path[0], path[path.len() - 1]);
        let per_game_second = |(s0, y0): (u64, f32), (s1, y1): (u64, f32)| {
            (y1 - y0) as f64 / ((s1 - s0) as f64 / f64::from(STEPS_PER_SECOND))
        };
        let reference = &full[id];
        let same_span = reference.iter().find(|(s, _)| *s == last.0).unwrap();
        let full_rate = per_game_second(reference[0], *same_span);
        let rate = per_game_second(first, last);
        assert!(rate > 0.0);
        assert!(
            (rate - full_rate).abs() < 1e-6,
            "{speed}: {rate} vs {full_rate} px/s"
        );
    }
}
