//! Several games saving high scores at the same moment, each in its own process (this test binary
//! started again with a game number in its environment): every game's score survives.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use spinfall::store::{ScoreEntry, Store};

/// Set in the environment of a started copy: the directory the games share.
const SHARED_DIR: &str = "SPINFALL_TEST_SHARED_DIR";

/// Set in the environment of a started copy: which game it plays (1 to [`GAMES`]).
const GAME: &str = "SPINFALL_TEST_GAME";

/// As many games as a table holds, so that every one of them must be kept.
const GAMES: u64 = 5;

/// How often each game saves the table as it loaded it, after saving its own score once, so that the
/// saves overlap. Such a save has nothing of its own to add: without merging under a lock, each
/// could write back a table read before another game's score arrived, and that score would be gone.
const STALE_SAVES_PER_GAME: usize = 20;

/// This test's name as the harness knows it: its path in the test binary, less the binary's name.
fn test_name() -> String {
    let module = module_path!().split_once("::").map_or("", |(_, rest)| rest);
    format!("{module}::several_processes_saving_at_once_keep_every_score")
}

#[test]
fn several_processes_saving_at_once_keep_every_score() {
    if let Some(shared) = std::env::var_os(SHARED_DIR) {
        return play_one_game(Path::new(&shared));
    }
    let shared = tempfile::tempdir().unwrap();
    let games: Vec<_> = (1..=GAMES)
        .map(|n| {
            Command::new(std::env::current_exe().unwrap())
                .args(["--exact", &test_name(), "--test-threads=1"])
                .env(SHARED_DIR, shared.path())
                .env(GAME, n.to_string())
                .stdout(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    // Every game loads the (empty) table before any of them saves: the case that lost scores.
    wait_for("every game to load", || {
        (1..=GAMES).all(|n| shared.path().join(format!("loaded-{n}")).exists())
    });
    std::fs::write(shared.path().join("go"), b"").unwrap();
    for mut game in games {
        assert!(game.wait().unwrap().success(), "a game failed to save");
    }
    let scores = Store::new(Some(shared.path().join("config")))
        .load_scores()
        .value;
    let kept: Vec<u64> = scores.arcade.entries().iter().map(|e| e.score).collect();
    assert_eq!(kept, vec![500, 400, 300, 200, 100]);
}

/// One game: loads the scores, says so, waits for the others, records its score and saves, then
/// saves the table as it loaded it again and again.
fn play_one_game(shared: &Path) {
    let n: u64 = std::env::var(GAME).unwrap().parse().unwrap();
    let mut store = Store::new(Some(shared.join("config")));
    let loaded = store.load_scores().value;
    std::fs::write(shared.join(format!("loaded-{n}")), b"").unwrap();
    wait_for("the start signal", || shared.join("go").exists());
    let mut scores = loaded.clone();
    scores.arcade.record(ScoreEntry {
        score: n * 100,
        seed: n,
        unix_time: 1_700_000_000,
        replay: None,
        speed: None,
    });
    store.save_scores(&scores).unwrap();
    for _ in 0..STALE_SAVES_PER_GAME {
        store.save_scores(&loaded).unwrap();
    }
}

fn wait_for(what: &str, done: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done() {
        assert!(Instant::now() < deadline, "gave up waiting for {what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}
