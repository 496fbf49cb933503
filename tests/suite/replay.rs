//! Replays: recording and playing back reproduce the game exactly, in both modes and under every
//! pilot; the file format round-trips; other formats, damaged files and oversized files are refused
//! with one line naming the file; kept replays are pruned to the ones still named.

use crate::support;

use std::path::Path;

use spinfall::cli::Pilot;
use spinfall::replay::{self, ErrorKind, Recorder, Replay, MAX_REPLAY_BYTES, REPLAY_FORMAT};
use spinfall::run;
use spinfall::sim::{Bot, Casual, Event, GameSpeed, Input, Mode, Stats, World};
use support::{shapes, SECOND};

/// A stick-like input that sweeps and pauses, with values off the replay's 1/128 grid.
fn wobbly(step: u64) -> Input {
    let t = step as f32;
    Input::new((t * 0.023).sin() * 1.2 + if step % 211 < 40 { -0.37 } else { 0.0 })
}

/// Chooses the input for a world's next step, given the step number.
type Steer<'a> = dyn FnMut(&World, u64) -> Input + 'a;

/// Plays `steps` steps of a game, recording it, and returns the replay with every step's events and
/// the final counters.
fn record(
    mode: Mode,
    seed: u64,
    steps: u64,
    mut steer: impl FnMut(&World, u64) -> Input,
) -> (Replay, Vec<Vec<Event>>, Stats) {
    let mut world = World::new(mode, seed, shapes());
    let mut recorder = Recorder::new();
    let mut events = Vec::new();
    while world.stats().steps < steps && !world.is_over() {
        let input = recorder.record(steer(&world, world.stats().steps));
        events.push(world.step(input).to_vec());
    }
    let seconds = steps as f64 / SECOND as f64;
    (recorder.finish(&world, seconds), events, *world.stats())
}

/// Plays a replay back and returns every step's events and the final counters.
fn play(replay: &Replay) -> (Vec<Vec<Event>>, Stats) {
    let mut world = World::new(replay.mode, replay.seed, shapes());
    let events = replay.inputs().map(|i| world.step(i).to_vec()).collect();
    (events, *world.stats())
}

#[test]
fn recorded_games_play_back_step_for_step_in_both_modes() {
    for mode in [Mode::Arcade, Mode::Classic] {
        for seed in [1u64, 7, 42] {
            let mut bot = Bot::new();
            let mut casual = Casual::new(seed);
            let steers: [&mut Steer; 3] = [
                &mut |w, _| bot.input(w),
                &mut |w, _| casual.input(w),
                &mut |_, s| wobbly(s),
            ];
            for (pilot, steer) in steers.into_iter().enumerate() {
                let (replay, events, stats) = record(mode, seed, 90 * SECOND, steer);
                let what = format!("{mode:?} seed {seed} pilot {pilot}");
                let happened = events.iter().map(Vec::len).sum::<usize>();
                assert!(happened > 20, "{what}: too quiet to compare");
                // Through the file format and back.
                let text = replay.to_json();
                let read = Replay::from_json(&text, Path::new("memory")).unwrap();
                assert_eq!(read, replay, "{what}");
                assert_eq!(read.steps(), stats.steps, "{what}");
                assert_eq!(read.score, stats.score, "{what}");
                assert_eq!(read.game_over, mode == Mode::Arcade && stats.lives == 0);
                let (replayed, replayed_stats) = play(&read);
                assert_eq!(replayed_stats, stats, "{what}");
                assert!(replayed == events, "{what}: the events differ");
                // Run-length encoding keeps even a stick-driven game small.
                assert!(read.runs() as u64 <= read.steps(), "{what}");
                assert!(text.len() < 64 * 1024, "{what}: {} bytes", text.len());
            }
        }
    }
}

#[test]
fn headless_record_and_replay_give_the_same_report() {
    let dir = tempfile::tempdir().unwrap();
    for (mode, pilot) in [
        (Mode::Arcade, Pilot::Bot),
        (Mode::Arcade, Pilot::Idle),
        (Mode::Classic, Pilot::Casual),
    ] {
        let path = dir
            .path()
            .join(format!("{}-{}.json", mode.name(), pilot.name()));
        let recorded =
            run::record(&path, 5, mode, pilot, GameSpeed::FULL, 45.0, shapes()).expect("recorded");
        let replayed = run::play_back(&path, shapes()).expect("played back");
        assert_eq!(replayed.pilot, "replay");
        let same = |r: &run::Report| {
            (
                r.seed,
                r.mode,
                r.seconds,
                r.steps,
                r.spawned,
                r.rect_tests,
                r.pixel_tests,
                r.hits,
                r.score,
                r.powerups,
                r.ended,
            )
        };
        assert_eq!(same(&replayed), same(&recorded), "{mode:?} {pilot:?}");
        let plain = run::run(5, mode, pilot, 45.0, shapes());
        assert_eq!(
            same(&recorded),
            same(&plain),
            "{mode:?} {pilot:?}: recording changed the run"
        );
        assert_eq!(recorded.pilot, plain.pilot);
    }
}

/// A valid replay's JSON, as a value to damage.
fn valid_json() -> serde_json::Value {
    let (replay, _, _) = record(Mode::Arcade, 3, 5 * SECOND, |_, s| wobbly(s));
    serde_json::from_str(&replay.to_json()).unwrap()
}

fn refused(text: &str) -> replay::ReplayError {
    Replay::from_json(text, Path::new("dir/bad.json")).expect_err(text)
}

#[test]
fn other_formats_and_damaged_files_are_one_line_naming_the_file() {
    let base = valid_json();
    let with = |key: &str, value: serde_json::Value| {
        let mut v = base.clone();
        v[key] = value;
        v.to_string()
    };
    for format in [
        serde_json::json!(3),
        serde_json::json!(0),
        serde_json::json!(1.5),
    ] {
        let e = refused(&with("format", format.clone()));
        assert!(matches!(e.kind, ErrorKind::OtherFormat(_)), "{format}: {e}");
        assert!(e.to_string().contains(&format!("format {format}")), "{e}");
    }
    // A later format is named even when its shape would be damage here.
    let e = refused(r#"{"format": 9, "frames": "zstd:..."}"#);
    assert!(matches!(e.kind, ErrorKind::OtherFormat(_)), "{e}");

    let mut missing = base.clone();
    missing.as_object_mut().unwrap().remove("seed");
    let mut unknown = base.clone();
    unknown["player"] = serde_json::json!("ana");
    let steps = base["steps"].as_u64().unwrap();
    let damaged = [
        "".to_string(),
        "not json".to_string(),
        "[1, 2, 3]".to_string(),
        "null".to_string(),
        r#"{"seed": 3}"#.to_string(),
        with("format", serde_json::json!("1")),
        missing.to_string(),
        unknown.to_string(),
        with("mode", serde_json::json!("hard")),
        with("ended", serde_json::json!("quit")),
        with("input", serde_json::json!([[129, steps]])),
        with("input", serde_json::json!([[0, 0], [0, steps]])),
        with("input", serde_json::json!([[0, steps + 1]])),
        with("input", serde_json::json!([[0, -1]])),
        with("input", serde_json::json!([[0.5, steps]])),
        with("seconds", serde_json::json!(-1.0)),
        with("seconds", serde_json::json!(0.01)),
        with("seconds", serde_json::json!(1e300)),
        with("game_version", serde_json::json!("")),
        with("seed", serde_json::json!(-4)),
        {
            // A classic game has no game over.
            let mut v = base.clone();
            v["mode"] = serde_json::json!("classic");
            v["ended"] = serde_json::json!("game_over");
            v.to_string()
        },
    ];
    for text in &damaged {
        let e = refused(text);
        assert!(matches!(e.kind, ErrorKind::Damaged(_)), "{text}: {e}");
        let line = e.to_string();
        assert!(line.contains("dir/bad.json"), "{line}");
        assert_eq!(line.lines().count(), 1, "{line}");
    }
    assert!(Replay::from_json(&base.to_string(), Path::new("ok")).is_ok());
    assert_eq!(base["format"], REPLAY_FORMAT);
}

/// Found by the `replay_file` fuzz target: serde names an unknown field as the file spells it, and a
/// carriage return inside the name broke the message's one line.
#[test]
fn control_characters_from_a_shared_file_are_escaped_in_its_error() {
    let base = valid_json();
    let mut unknown = base.clone();
    unknown["seed,\r0000\r0000000004"] = serde_json::json!(4);
    for (text, name) in [
        (unknown.to_string(), "seed,\\r0000"),
        (r#"{"format": 9}"#.to_string(), "format 9"),
    ] {
        let e = Replay::from_json(&text, Path::new("dir/bad\nname.json")).expect_err(&text);
        let line = e.to_string();
        assert!(!line.contains(['\n', '\r']), "{line:?}");
        assert!(line.contains(name), "{line}");
        assert!(line.contains("dir/bad\\nname.json"), "{line}");
    }
}

#[test]
fn files_are_read_whole_only_up_to_the_cap() {
    let dir = tempfile::tempdir().unwrap();
    let (replay, _, _) = record(Mode::Classic, 8, 20 * SECOND, |_, s| wobbly(s));
    let path = dir.path().join("ok.json");
    replay.save(&path).unwrap();
    assert_eq!(Replay::load(&path).unwrap(), replay);

    // Valid JSON padded with whitespace past the cap: refused for its size, not parsed.
    let big = dir.path().join("big.json");
    let mut text = replay.to_json().into_bytes();
    text.resize(MAX_REPLAY_BYTES as usize + 1, b' ');
    std::fs::write(&big, &text).unwrap();
    let e = Replay::load(&big).unwrap_err();
    assert_eq!(e.kind, ErrorKind::TooLarge, "{e}");
    assert!(e.to_string().contains("big.json"), "{e}");

    let binary = dir.path().join("binary.json");
    std::fs::write(&binary, b"{\"format\": 1, \xff\xfe}").unwrap();
    assert!(matches!(
        Replay::load(&binary).unwrap_err().kind,
        ErrorKind::Damaged(_)
    ));

    let e = Replay::load(&dir.path().join("missing.json")).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Io(_)), "{e}");
    assert!(e.to_string().contains("missing.json"), "{e}");
    let e = Replay::load(dir.path()).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Io(_)), "{e}");
}

#[test]
fn a_replay_that_plays_back_differently_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("claimed.json");
    run::record(
        &path,
        2,
        Mode::Arcade,
        Pilot::Idle,
        GameSpeed::FULL,
        60.0,
        shapes(),
    )
    .unwrap();
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let score = json["score"].as_u64().unwrap();
    json["score"] = serde_json::json!(score + 1000);
    std::fs::write(&path, json.to_string()).unwrap();
    let e = run::play_back(&path, shapes()).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Diverged { .. }), "{e}");
    let line = e.to_string();
    assert!(
        line.contains(&format!("score {score} "))
            && line.contains(&format!("score {}", score + 1000)),
        "{line}"
    );
    assert_eq!(line.lines().count(), 1);
}

#[test]
fn pruning_keeps_named_replays_and_touches_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let (replay, _, _) = record(Mode::Arcade, 4, 3 * SECOND, |_, _| Input::IDLE);
    let ids: Vec<u64> = (0..4)
        .map(|_| replay::keep(dir.path(), &replay).unwrap())
        .collect();
    let mut unique = ids.clone();
    unique.dedup();
    assert_eq!(unique.len(), 4, "ids must differ: {ids:?}");
    for other in [
        "scores.json",
        "replay-notes.txt",
        "replay-12.json.corrupt-1",
    ] {
        std::fs::write(dir.path().join(other), b"x").unwrap();
    }
    let deleted = replay::prune(dir.path(), &[ids[1], ids[3]]).unwrap();
    assert_eq!(deleted, 2);
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut expected = vec![
        format!("replay-{}.json", ids[1]),
        format!("replay-{}.json", ids[3]),
        "replay-12.json.corrupt-1".to_string(),
        "replay-notes.txt".to_string(),
        "scores.json".to_string(),
    ];
    expected.sort();
    assert_eq!(names, expected);
    assert_eq!(
        Replay::load(&replay::kept_path(dir.path(), ids[3])).unwrap(),
        replay
    );
}

#[test]
fn pruning_takes_the_lock_and_keeps_the_replays_another_game_sharing_the_folder_named_or_just_kept()
{
    use spinfall::store::{HighScores, ScoreEntry, Store};
    let dir = tempfile::tempdir().unwrap();
    let (replay, _, _) = record(Mode::Arcade, 4, 3 * SECOND, |_, _| Input::IDLE);
    let keep = |age_s: u64| {
        let id = replay::keep(dir.path(), &replay).unwrap();
        let file = std::fs::File::options()
            .write(true)
            .open(replay::kept_path(dir.path(), id))
            .unwrap();
        let then = std::time::SystemTime::now() - std::time::Duration::from_secs(age_s);
        file.set_modified(then).unwrap();
        id
    };
    // Another game kept its replay an hour ago and saved the entry that names it.
    let theirs = keep(3600);
    let other = Store::new(Some(dir.path().to_path_buf()));
    let mut their_scores = HighScores::default();
    their_scores.arcade.record(ScoreEntry {
        score: 500,
        seed: 9,
        unix_time: 1_700_000_000,
        replay: Some(theirs),
        speed: None,
    });
    other.save_scores(&their_scores).unwrap();
    // A third game has just kept its replay and is about to save the entry naming it.
    let about_to_be_named = keep(0);
    // Nobody names this one, and it has been there for an hour.
    let orphan = keep(3600);
    // This game, which loaded its scores before the others saved, keeps only its own last game.
    let ours = keep(0);
    let store = Store::new(Some(dir.path().to_path_buf()));
    let deleted = replay::prune_unnamed(&store, &[ours]).unwrap();
    assert_eq!(deleted, 1);
    for (id, kept) in [
        (theirs, true),
        (about_to_be_named, true),
        (orphan, false),
        (ours, true),
    ] {
        assert_eq!(replay::kept_path(dir.path(), id).exists(), kept, "{id}");
    }
}
