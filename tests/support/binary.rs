//! Running the built game binary from a test: its output, and the one-line failures it must give.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The game binary cargo built for this test: the one in the folder above the test's own
/// (`target/debug/spinfall` for `target/debug/deps/cli-HASH`), so that a build folder moved after it was
/// built (another HOME, a restored cache), where cargo builds nothing again, still runs this build;
/// `CARGO_BIN_EXE_spinfall`, which names the folder of the build that compiled the test, otherwise.
pub fn game_binary() -> PathBuf {
    let baked = Path::new(env!("CARGO_BIN_EXE_spinfall"));
    std::env::current_exe()
        .ok()
        .and_then(|test| binary_beside(&test, baked))
        .unwrap_or_else(|| baked.to_path_buf())
}

/// The file named as `baked` is in the folder above the one holding `test`, when there is one.
pub fn binary_beside(test: &Path, baked: &Path) -> Option<PathBuf> {
    let path = test.parent()?.parent()?.join(baked.file_name()?);
    path.is_file().then_some(path)
}

/// The game binary as a command.
pub fn game() -> Command {
    Command::new(game_binary())
}

/// Runs the game binary with `args`, without a display, and waits for it.
pub fn spinfall(args: &[&str]) -> Output {
    game()
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("the binary runs")
}

/// Bytes a run printed, as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Asserts that the run failed with `code` and exactly one line on stderr, and returns that line.
pub fn one_line_failure(out: &Output, code: i32) -> String {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "stderr: {err}");
    assert_eq!(err.lines().count(), 1, "expected one line, got: {err:?}");
    assert!(out.stdout.is_empty(), "stdout: {}", text(&out.stdout));
    err.trim_end().to_string()
}

/// Runs the binary as [`spinfall`] does, failing the test instead of hanging when it has not finished
/// within twenty seconds.
pub fn spinfall_within_twenty_seconds(args: &[&str]) -> Output {
    let mut child = game()
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let deadline = Instant::now() + Duration::from_secs(20);
    while child.try_wait().expect("wait").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("spinfall {args:?} still running after twenty seconds");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().expect("output")
}
