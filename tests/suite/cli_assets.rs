//! Command-line tests of `--assets DIR`: missing, corrupt, oversized, hostile and special files are one
//! line naming the file and exit code 1, in a headless run and in a window run alike (which checks its
//! assets before it looks for a display, so no display is needed).

use crate::support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use support::binary::{one_line_failure, spinfall, spinfall_within_twenty_seconds, text};

/// The package's own assets, found when the test runs: a test binary kept in a shared build folder
/// from another checkout would otherwise read that checkout's files.
fn shipped_assets() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(
            || Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf(),
            Into::into,
        )
        .join("assets")
}

/// A temporary copy of the shipped assets directory.
fn asset_copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for entry in std::fs::read_dir(shipped_assets()).expect("assets dir") {
        let entry = entry.expect("entry");
        std::fs::copy(entry.path(), dir.path().join(entry.file_name())).expect("copy");
    }
    dir
}

fn headless_with_assets(dir: &Path) -> Output {
    spinfall(&[
        "--headless",
        "--seed",
        "1",
        "--seconds",
        "1",
        "--assets",
        dir.to_str().expect("utf-8 temp path"),
    ])
}

#[test]
fn a_full_asset_directory_is_accepted() {
    let dir = asset_copy();
    let out = headless_with_assets(dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn a_missing_asset_directory_is_one_line_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nowhere");
    let line = one_line_failure(&headless_with_assets(&missing), 1);
    assert!(line.contains("nowhere"), "{line}");
}

#[test]
fn a_missing_asset_file_is_one_line_naming_it() {
    for name in ["figure.png", "background.png", "game_over.wav"] {
        let dir = asset_copy();
        std::fs::remove_file(dir.path().join(name)).unwrap();
        let line = one_line_failure(&headless_with_assets(dir.path()), 1);
        assert!(line.contains(name) && line.contains("missing"), "{line}");
    }
}

#[test]
fn a_corrupt_asset_file_is_one_line_naming_it() {
    let dir = asset_copy();
    std::fs::write(dir.path().join("block.png"), b"\x89PNG\r\n\x1a\n garbage").unwrap();
    let line = one_line_failure(&headless_with_assets(dir.path()), 1);
    assert!(line.contains("block.png") && line.contains("PNG"), "{line}");

    let dir = asset_copy();
    std::fs::write(dir.path().join("hit.wav"), b"ID3 this is an mp3").unwrap();
    let line = one_line_failure(&headless_with_assets(dir.path()), 1);
    assert!(line.contains("hit.wav") && line.contains("WAV"), "{line}");

    let dir = asset_copy();
    std::fs::write(dir.path().join("powerup_slow.png"), b"").unwrap();
    let line = one_line_failure(&headless_with_assets(dir.path()), 1);
    assert!(line.contains("powerup_slow.png"), "{line}");
}

#[test]
fn a_sprite_of_the_wrong_size_is_one_line_naming_it() {
    let dir = asset_copy();
    std::fs::copy(
        shipped_assets().join("block.png"),
        dir.path().join("figure.png"),
    )
    .unwrap();
    let line = one_line_failure(&headless_with_assets(dir.path()), 1);
    assert!(
        line.contains("figure.png") && line.contains("64x64") && line.contains("32x48"),
        "{line}"
    );
}

/// Runs headless and returns the parsed JSON line after checking it is the only output.
/// The two ways a run reads `--assets DIR`: headless, and a window run (which checks the assets
/// before it looks for a display, so no display is needed to test it).
fn both_runs(dir: &Path) -> [Vec<String>; 2] {
    let dir = dir.to_str().expect("utf-8 temp path").to_string();
    let headless = ["--headless", "--seed", "1", "--seconds", "1", "--assets"];
    let window = ["--seed", "1", "--assets"];
    [&headless[..], &window[..]].map(|args| {
        let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        args.push(dir.clone());
        args
    })
}

/// Asserts that both runs with `dir` fail in one line holding every one of `needles`.
fn both_runs_refuse(dir: &Path, needles: &[&str]) {
    for args in both_runs(dir) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let line = one_line_failure(&spinfall_within_twenty_seconds(&args), 1);
        for needle in needles {
            assert!(line.contains(needle), "{args:?}: {needle:?} not in {line}");
        }
    }
}

/// A PNG of `width` x `height` transparent RGBA pixels.
fn rgba_png(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgba8(image::RgbaImage::new(width, height))
        .write_to(&mut bytes, image::ImageFormat::Png)
        .expect("encodes");
    bytes.into_inner()
}

#[test]
fn an_image_over_8192_px_on_a_side_is_one_line_naming_it_in_both_runs() {
    for (width, height) in [(8193, 1), (1, 65536)] {
        let dir = asset_copy();
        std::fs::write(dir.path().join("background.png"), rgba_png(width, height)).unwrap();
        let size = format!("{width}x{height}");
        both_runs_refuse(dir.path(), &["background.png", &size, "8192 px"]);
    }
    // The bound itself is accepted.
    let dir = asset_copy();
    std::fs::write(dir.path().join("background.png"), rgba_png(8192, 2)).unwrap();
    let out = headless_with_assets(dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn a_png_bomb_is_refused_from_its_header_before_decoding() {
    // 48 KB that decode to 400 million pixels: 1.96 GB once the window converted them to RGBA.
    let mut bomb = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bomb, 20_000, 20_000);
        encoder.set_color(png::ColorType::Grayscale);
        encoder.set_depth(png::BitDepth::One);
        encoder.set_compression(png::Compression::Best);
        let mut writer = encoder.write_header().unwrap();
        let mut rows = writer.stream_writer().unwrap();
        let row = [0u8; 2_500];
        for _ in 0..20_000 {
            std::io::Write::write_all(&mut rows, &row).unwrap();
        }
        rows.finish().unwrap();
    }
    assert!(bomb.len() < 100_000, "{} bytes", bomb.len());
    let dir = asset_copy();
    std::fs::write(dir.path().join("background.png"), &bomb).unwrap();
    let started = Instant::now();
    both_runs_refuse(dir.path(), &["background.png", "20000x20000", "8192 px"]);
    // Decoding it took seconds; reading a header takes nothing.
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
}

#[cfg(unix)]
#[test]
fn a_named_pipe_in_place_of_an_asset_is_one_line_not_a_hang() {
    for name in ["figure.png", "start.wav"] {
        let dir = asset_copy();
        let path = dir.path().join(name);
        std::fs::remove_file(&path).unwrap();
        let made = Command::new("mkfifo")
            .arg(&path)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        both_runs_refuse(dir.path(), &[name, "a named pipe, not a regular file"]);
    }
}

#[cfg(unix)]
#[test]
fn an_asset_linked_to_a_device_is_one_line_without_reading_it() {
    let dir = asset_copy();
    let path = dir.path().join("figure.png");
    std::fs::remove_file(&path).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
    both_runs_refuse(dir.path(), &["figure.png", "a device, not a regular file"]);
}

#[test]
fn an_asset_over_8_mib_is_one_line_without_reading_it() {
    for name in ["background.png", "hit.wav"] {
        let dir = asset_copy();
        // Sparse: the size is there without the disk space or the time to write it.
        let file = std::fs::File::create(dir.path().join(name)).unwrap();
        file.set_len(120_000_000).unwrap();
        both_runs_refuse(dir.path(), &[name, "too large: 114.4 MiB", "8 MiB limit"]);
    }
}
