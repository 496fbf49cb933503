//! Command-line tests of the built binary: argument mistakes, headless output, replay files, game
//! speed. None of them opens a window: every run is either rejected before one would open or is
//! headless. Asset directories are tested in `cli_assets.rs`.

use crate::support;

use std::path::Path;
use std::process::Command;

use serde_json::Value;
use support::binary::{
    binary_beside, game, one_line_failure, spinfall, spinfall_within_twenty_seconds, text,
};

const KEYS: [&str; 15] = [
    "seed",
    "mode",
    "pilot",
    "speed",
    "seconds",
    "survived_seconds",
    "steps",
    "spawned",
    "rect_tests",
    "pixel_tests",
    "hits",
    "score",
    "powerups",
    "ended",
    "wall_ms",
];

#[test]
fn bad_arguments_print_one_line_and_exit_2() {
    for args in [
        &["--bogus"][..],
        &["--headless", "--seconds", "-5"],
        &["--headless", "--seconds", "abc"],
        &["--headless", "--seconds", "NaN"],
        &["--headless", "--seconds"],
        &["--seed", "twelve"],
        &["--mode", "hard"],
        &["--headless", "--pilot", "human"],
        &["--headless", "--fullscreen"],
        &["--record", "run.json"],
        &["--headless", "--replay", "run.json", "--seed", "4"],
        &["--headless", "--replay", "run.json", "--seconds", "4"],
        &["stray"],
    ] {
        let line = one_line_failure(&spinfall(args), 2);
        assert!(line.starts_with("spinfall: error: "), "{args:?}: {line}");
    }
    let line = one_line_failure(&spinfall(&["--headless", "--seconds", "-5"]), 2);
    assert!(line.contains("negative"), "{line}");
    let line = one_line_failure(&spinfall(&["--frobnicate"]), 2);
    assert!(line.contains("--frobnicate"), "{line}");
}

#[test]
fn help_and_version_still_work() {
    let help = spinfall(&["--help"]);
    assert_eq!(help.status.code(), Some(0));
    let out = text(&help.stdout);
    for flag in [
        "--seed",
        "--mode",
        "--assets",
        "--headless",
        "--seconds",
        "--pilot",
        "--fullscreen",
        "--record",
        "--replay",
    ] {
        assert!(out.contains(flag), "help lacks {flag}: {out}");
    }
    let version = spinfall(&["--version"]);
    assert_eq!(version.status.code(), Some(0));
    assert_eq!(
        text(&version.stdout).trim(),
        format!("spinfall {}", env!("CARGO_PKG_VERSION"))
    );
}

fn headless(args: &[&str]) -> serde_json::Map<String, Value> {
    let mut all = vec!["--headless"];
    all.extend_from_slice(args);
    let out = spinfall(&all);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    let value: Value = serde_json::from_str(stdout.trim()).expect("valid JSON");
    let map = value.as_object().expect("a JSON object").clone();
    let keys: Vec<&str> = map.keys().map(String::as_str).collect();
    let mut expected = KEYS.to_vec();
    expected.sort_unstable();
    let mut got = keys.clone();
    got.sort_unstable();
    assert_eq!(got, expected, "{stdout}");
    // The parsed map sorts its keys, so the printed order is checked on the line itself.
    let at: Vec<usize> = KEYS
        .iter()
        .map(|k| stdout.find(&format!("\"{k}\":")).expect("key printed"))
        .collect();
    assert!(
        at.windows(2).all(|w| w[0] < w[1]),
        "keys out of order: {stdout}"
    );
    map
}

fn without_wall_time(mut map: serde_json::Map<String, Value>) -> serde_json::Map<String, Value> {
    assert!(map.remove("wall_ms").unwrap().is_u64());
    map
}

#[test]
fn headless_prints_one_json_line_that_repeats_apart_from_wall_time() {
    for args in [
        &["--seed", "7", "--seconds", "20"][..],
        &["--seed", "7", "--seconds", "20", "--pilot", "bot"],
        &["--seed", "3", "--seconds", "30", "--mode", "classic"],
    ] {
        let a = without_wall_time(headless(args));
        let b = without_wall_time(headless(args));
        assert_eq!(a, b, "{args:?}");
    }
    let run = headless(&["--seed", "7", "--seconds", "20", "--pilot", "bot"]);
    assert_eq!(run["seed"], 7);
    assert_eq!(run["mode"], "arcade");
    assert_eq!(run["pilot"], "bot");
    assert_eq!(run["seconds"], 20.0);
    assert_eq!(run["steps"], 1200);
    assert_eq!(run["ended"], "time");
}

#[test]
fn headless_defaults_and_endings() {
    let run = headless(&["--seed", "2", "--seconds", "0.5"]);
    assert_eq!(run["mode"], "arcade");
    assert_eq!(run["pilot"], "idle");
    assert_eq!(run["steps"], 30);

    // An idle arcade player loses all three lives well within ten minutes.
    let run = headless(&["--seed", "2", "--seconds", "600"]);
    assert_eq!(run["ended"], "game_over");
    assert_eq!(run["hits"], 3);
    assert!(run["steps"].as_u64().unwrap() < 600 * 60);

    // Classic never ends early and counts every hit.
    let run = headless(&["--seed", "2", "--seconds", "120", "--mode", "classic"]);
    assert_eq!(run["ended"], "time");
    assert_eq!(run["steps"], 7200);
    assert!(run["hits"].as_u64().unwrap() > 3);
    assert!(run["rect_tests"].as_u64() >= run["pixel_tests"].as_u64());

    // Without a seed a random one is chosen and reported.
    let a = headless(&["--seconds", "0"]);
    let b = headless(&["--seconds", "0"]);
    assert!(a["seed"].is_u64() && b["seed"].is_u64());
    assert_ne!(a["seed"], b["seed"]);
    assert_eq!(a["steps"], 0);
}

#[test]
fn mode_names_are_accepted_in_any_case() {
    for (given, mode) in [
        ("Arcade", "arcade"),
        ("ARCADE", "arcade"),
        ("Classic", "classic"),
    ] {
        let run = headless(&["--seed", "1", "--seconds", "1", "--mode", given]);
        assert_eq!(run["mode"], mode, "--mode {given}");
    }
}

#[test]
fn survived_seconds_is_the_game_time_played_when_a_game_ends_early() {
    // An idle arcade player loses all three lives long before ten minutes.
    let run = headless(&["--seed", "2", "--seconds", "600"]);
    assert_eq!(run["ended"], "game_over");
    assert_eq!(run["seconds"], 600.0);
    let survived = run["survived_seconds"].as_f64().unwrap();
    let steps = run["steps"].as_u64().unwrap();
    // serde_json's default float parsing may be off in the last bit.
    assert!((survived - steps as f64 / 60.0).abs() < 1e-9, "{run:?}");
    assert!(survived > 0.0 && survived < 600.0, "{run:?}");

    // A run that lasts its time survives all of it.
    let run = headless(&["--seed", "2", "--seconds", "2.5", "--mode", "classic"]);
    assert_eq!(run["ended"], "time");
    assert_eq!(run["survived_seconds"], 2.5);
}

#[test]
fn different_seeds_give_different_headless_runs() {
    let a = without_wall_time(headless(&["--seed", "1", "--seconds", "60"]));
    let b = without_wall_time(headless(&["--seed", "2", "--seconds", "60"]));
    assert_ne!(a, b);
}

#[test]
fn headless_counts_the_powerups_caught_in_arcade_only() {
    let arcade = headless(&["--seed", "3", "--seconds", "120", "--pilot", "bot"]);
    assert!(arcade["powerups"].as_u64().unwrap() > 0, "{arcade:?}");
    let classic = headless(&[
        "--seed",
        "3",
        "--seconds",
        "120",
        "--pilot",
        "bot",
        "--mode",
        "classic",
    ]);
    assert_eq!(classic["powerups"], 0);
}

#[test]
fn seconds_beyond_a_day_are_one_line_and_exit_2() {
    let out = spinfall(&["--headless", "--mode", "classic", "--seconds", "1e30"]);
    let line = one_line_failure(&out, 2);
    assert!(
        line.contains("--seconds") && line.contains("at most 86400"),
        "{line}"
    );
}

#[test]
fn negative_seed_names_the_seed_option() {
    let line = one_line_failure(&spinfall(&["--seed", "-1"]), 2);
    assert!(line.contains("--seed"), "{line}");
}

#[cfg(target_os = "linux")]
#[test]
fn full_standard_output_is_one_line_and_exit_1_not_a_panic() {
    for args in [&["--headless", "--seconds", "1"][..], &["--help"]] {
        let out = game()
            .args(args)
            .stdout(std::fs::File::create("/dev/full").expect("/dev/full opens"))
            .output()
            .expect("the binary runs");
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
        assert!(err.contains("cannot write to standard output"), "{err}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn no_display_is_one_line_and_exit_1_not_a_panic() {
    let out = spinfall(&["--seed", "1"]);
    let line = one_line_failure(&out, 1);
    assert!(
        line.contains("no display") && line.contains("--headless"),
        "{line}"
    );

    // A display that names no server fails inside the windowing library: still one line, and no
    // seed or sound warning before it.
    let out = game()
        .args(["--seed", "1"])
        .env("DISPLAY", ":219")
        .output()
        .expect("the binary runs");
    let line = one_line_failure(&out, 1);
    assert!(line.contains("cannot open a window"), "{line}");
}

#[test]
fn newline_in_a_path_stays_on_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let odd = dir.path().join("two\nlines");
    std::fs::create_dir(&odd).unwrap();
    let out = spinfall(&["--headless", "--assets", odd.to_str().unwrap()]);
    let line = one_line_failure(&out, 1);
    assert!(line.contains("two\\nlines"), "{line}");
}

#[test]
fn seconds_minus_inf_names_the_option_and_the_value() {
    let line = one_line_failure(&spinfall(&["--headless", "--seconds", "-inf"]), 2);
    assert!(
        line.contains("'-inf'") && line.contains("'--seconds <S>'") && line.contains("finite"),
        "{line}"
    );
}

/// Runs headless with `args` and returns (stdout, stderr, exit code).
fn headless_raw(args: &[&str]) -> (String, String, Option<i32>) {
    let mut all = vec!["--headless"];
    all.extend_from_slice(args);
    let out = spinfall(&all);
    (text(&out.stdout), text(&out.stderr), out.status.code())
}

#[test]
fn recorded_runs_replay_to_the_same_line_in_both_modes() {
    let dir = tempfile::tempdir().unwrap();
    for mode in ["arcade", "classic"] {
        for (seed, pilot) in [("1", "bot"), ("9", "casual"), ("23", "idle")] {
            let file = dir.path().join(format!("{mode}-{seed}.json"));
            let file = file.to_str().expect("utf-8 temp path");
            let run = [
                "--seed",
                seed,
                "--seconds",
                "40",
                "--pilot",
                pilot,
                "--mode",
                mode,
            ];
            let mut recording = run.to_vec();
            recording.extend(["--record", file]);
            let recorded = without_wall_time(headless(&recording));
            // Recording does not change the run.
            assert_eq!(recorded, without_wall_time(headless(&run)), "{mode} {seed}");
            let mut replayed = without_wall_time(headless(&["--replay", file]));
            assert_eq!(
                replayed.insert("pilot".into(), pilot.into()),
                Some("replay".into())
            );
            assert_eq!(replayed, recorded, "{mode} seed {seed} {pilot}");
        }
    }
}

#[test]
fn unusable_replays_are_one_line_naming_the_file_and_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.json");
    let good = good.to_str().unwrap();
    headless(&["--seed", "4", "--seconds", "10", "--record", good]);
    let json = std::fs::read_to_string(good).unwrap();

    let cases = [
        ("missing.json", None, "No such file"),
        (
            "newer.json",
            Some(json.replacen("\"format\":1", "\"format\":3", 1)),
            "format 3",
        ),
        (
            "garbage.json",
            Some("{\"format\":1,".to_string()),
            "damaged",
        ),
        (
            "cut.json",
            Some(json[..json.len() / 2].to_string()),
            "damaged",
        ),
        (
            "claimed.json",
            Some(json.replacen("\"score\":", "\"score\":9", 1)),
            "does not play back as recorded",
        ),
    ];
    for (name, contents, says) in cases {
        let path = dir.path().join(name);
        if let Some(contents) = &contents {
            std::fs::write(&path, contents).unwrap();
        }
        let out = spinfall(&["--headless", "--replay", path.to_str().unwrap()]);
        let line = one_line_failure(&out, 1);
        assert!(line.contains(name) && line.contains(says), "{name}: {line}");
    }
}

#[test]
fn a_replay_that_cannot_be_written_is_one_line_and_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("file");
    std::fs::write(&blocker, b"x").unwrap();
    let target = blocker.join("run.json");
    let (stdout, stderr, code) =
        headless_raw(&["--seconds", "1", "--record", target.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("run.json"), "{stderr}");
}

#[cfg(unix)]
#[test]
fn a_named_pipe_given_as_a_replay_is_one_line_not_a_hang() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.json");
    let made = Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    // Nothing ever writes to the pipe: a game that waited on it would never end.
    let out = spinfall_within_twenty_seconds(&["--headless", "--replay", path.to_str().unwrap()]);
    let line = one_line_failure(&out, 1);
    assert!(
        line.contains("run.json") && line.contains("a named pipe, not a regular file"),
        "{line}"
    );
}

#[test]
fn a_game_speed_outside_60_to_100_in_tens_is_one_line_and_exit_2() {
    for bad in ["75", "50", "110", "abc", "-70", "0.7"] {
        let line = one_line_failure(&spinfall(&["--headless", "--speed", bad]), 2);
        assert!(
            line.contains("--speed") && line.contains(bad),
            "{bad}: {line}"
        );
    }
}

#[test]
fn the_headless_line_says_the_speed_and_a_full_speed_run_is_unchanged_by_it() {
    let full = headless(&["--seed", "5", "--seconds", "20", "--pilot", "casual"]);
    assert_eq!(full["speed"], 100);
    let given = headless(&[
        "--seed",
        "5",
        "--seconds",
        "20",
        "--pilot",
        "casual",
        "--speed",
        "100",
    ]);
    assert_eq!(without_wall_time(full.clone()), without_wall_time(given));
    let slow = headless(&[
        "--seed",
        "5",
        "--seconds",
        "20",
        "--pilot",
        "casual",
        "--speed",
        "70",
    ]);
    assert_eq!(slow["speed"], 70);
    // Game time is game time: the same seconds asked for are the same steps at any speed.
    assert_eq!(slow["seconds"], full["seconds"]);
}

#[test]
fn a_build_folder_moved_after_the_build_still_runs_the_binary_beside_the_tests() {
    let root = std::env::temp_dir().join(format!("spinfall-moved-{}", std::process::id()));
    let deps = root.join("moved/debug/deps");
    std::fs::create_dir_all(&deps).expect("folders");
    let test = deps.join("cli-0123");
    let binary = root.join("moved/debug/spinfall");
    std::fs::write(&test, b"").expect("test file");
    std::fs::write(&binary, b"").expect("binary file");
    let baked = Path::new("/the/first/build/debug/spinfall");
    assert_eq!(binary_beside(&test, baked), Some(binary.clone()));
    std::fs::remove_file(&binary).expect("remove");
    assert_eq!(
        binary_beside(&test, baked),
        None,
        "nothing beside: the baked path is kept"
    );
    std::fs::remove_dir_all(&root).expect("clean up");
}
