//! The committed `assets/` are exactly what `tools/asset_gen` produces, and each is well formed.

#[path = "../../tools/asset_gen/mod.rs"]
mod asset_gen;

use std::io::Cursor;
use std::path::Path;

use image::RgbaImage;

const REGENERATE: &str = "run `cargo run --example make_assets` and commit assets/";

/// Every asset the game and its web page load, with the pixel size of the images.
const IMAGES: [(&str, u32, u32); 9] = [
    ("figure.png", 32, 48),
    ("block.png", 64, 64),
    ("background.png", 800, 600),
    ("powerup_shrink.png", 32, 32),
    ("powerup_grow.png", 32, 32),
    ("powerup_shield.png", 32, 32),
    ("powerup_slow.png", 32, 32),
    ("icon-192.png", 192, 192),
    ("icon-512.png", 512, 512),
];
const SOUNDS: [&str; 5] = [
    "hit.wav",
    "dodge.wav",
    "game_over.wav",
    "collect.wav",
    "start.wav",
];

fn generated(name: &str) -> Vec<u8> {
    asset_gen::generate()
        .into_iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("the generator makes no {name}"))
        .1
}

fn decode(name: &str) -> RgbaImage {
    image::load_from_memory_with_format(&generated(name), image::ImageFormat::Png)
        .unwrap_or_else(|e| panic!("{name} does not decode: {e}"))
        .into_rgba8()
}

#[test]
fn generator_makes_exactly_the_expected_files() {
    let mut names: Vec<&str> = asset_gen::generate().into_iter().map(|(n, _)| n).collect();
    let mut expected: Vec<&str> = IMAGES.iter().map(|(n, _, _)| *n).chain(SOUNDS).collect();
    names.sort_unstable();
    expected.sort_unstable();
    assert_eq!(names, expected);
}

#[test]
fn generator_is_deterministic() {
    assert!(asset_gen::generate() == asset_gen::generate());
}

#[test]
fn committed_assets_match_the_generator() {
    // The folder cargo runs the test for, read when it runs: a test binary kept in a shared build
    // folder from another checkout would otherwise read that checkout's files.
    let dir = std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(
            || Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf(),
            Into::into,
        )
        .join("assets");
    for (name, bytes) in asset_gen::generate() {
        let path = dir.join(name);
        let committed = std::fs::read(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}; {REGENERATE}", path.display()));
        if committed == bytes {
            continue;
        }
        // Tell a changed drawing apart from a changed PNG encoder, which needs the same fix.
        let same_pixels = name.ends_with(".png")
            && image::load_from_memory(&committed).is_ok_and(|c| c.into_rgba8() == decode(name));
        let why = if same_pixels {
            "same pixels, different encoding"
        } else {
            "different content"
        };
        panic!(
            "{} differs from the generator ({why}); {REGENERATE}",
            path.display()
        );
    }
}

#[test]
fn images_have_their_sizes_and_clean_alpha() {
    for (name, width, height) in IMAGES {
        let image = decode(name);
        assert_eq!(image.dimensions(), (width, height), "{name}");
        if name == "background.png" || name.starts_with("icon-") {
            assert!(image.pixels().all(|p| p[3] == 255), "{name} must be opaque");
        } else {
            // Collision treats alpha > 0 as solid, so sprites are crisp: no faint fringes.
            assert!(
                image.pixels().all(|p| p[3] == 0 || p[3] == 255),
                "{name} has partial alpha"
            );
            assert_eq!(image.get_pixel(0, 0)[3], 0, "{name} has an opaque corner");
            assert_eq!(
                image.get_pixel(width / 2, height / 2)[3],
                255,
                "{name} is hollow"
            );
        }
    }
}

#[test]
fn block_is_the_plus_with_bars_over_21_to_42() {
    let image = decode("block.png");
    for (x, y, pixel) in image.enumerate_pixels() {
        let on_bar = |v: u32| (21..=42).contains(&v);
        assert_eq!(
            pixel[3] > 0,
            on_bar(x) || on_bar(y),
            "block.png at ({x}, {y})"
        );
    }
}

#[test]
fn figure_spans_the_frame_from_head_to_feet() {
    let image = decode("figure.png");
    let opaque: Vec<(u32, u32)> = image
        .enumerate_pixels()
        .filter(|(_, _, p)| p[3] > 0)
        .map(|(x, y, _)| (x, y))
        .collect();
    let min_x = opaque.iter().map(|p| p.0).min();
    let max_x = opaque.iter().map(|p| p.0).max();
    let min_y = opaque.iter().map(|p| p.1).min();
    let max_y = opaque.iter().map(|p| p.1).max();
    assert_eq!(
        (min_x, max_x, min_y, max_y),
        (Some(6), Some(25), Some(0), Some(47))
    );
}

#[test]
fn powerups_are_round() {
    for name in [
        "powerup_shrink.png",
        "powerup_grow.png",
        "powerup_shield.png",
        "powerup_slow.png",
    ] {
        let image = decode(name);
        for (x, y, pixel) in image.enumerate_pixels() {
            let (dx, dy) = (x as f32 + 0.5 - 16.0, y as f32 + 0.5 - 16.0);
            let r = (dx * dx + dy * dy).sqrt();
            if r < 15.0 {
                assert_eq!(pixel[3], 255, "{name} at ({x}, {y})");
            } else if r > 16.5 {
                assert_eq!(pixel[3], 0, "{name} at ({x}, {y})");
            }
        }
    }
}

#[test]
fn sounds_are_short_audible_16_bit_pcm() {
    for name in SOUNDS {
        let mut reader = hound::WavReader::new(Cursor::new(generated(name)))
            .unwrap_or_else(|e| panic!("{name} is not a WAV file: {e}"));
        let spec = reader.spec();
        assert!(
            matches!(spec.channels, 1 | 2),
            "{name}: {} channels",
            spec.channels
        );
        assert_eq!(spec.bits_per_sample, 16, "{name}");
        assert_eq!(spec.sample_format, hound::SampleFormat::Int, "{name}");
        assert_eq!(spec.sample_rate, 44_100, "{name}");

        let samples: Vec<i16> = reader
            .samples::<i16>()
            .collect::<Result<_, _>>()
            .unwrap_or_else(|e| panic!("{name} has unreadable samples: {e}"));
        let seconds = samples.len() as f64 / f64::from(spec.channels) / f64::from(spec.sample_rate);
        assert!(seconds > 0.0 && seconds < 2.0, "{name} lasts {seconds} s");
        let peak = samples.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
        assert!(peak > 1_000, "{name} is silent (peak {peak})");
        // Starting and ending at rest is what keeps playback free of clicks.
        let edge = |s: &i16| s.unsigned_abs() < 200;
        assert!(
            edge(&samples[0]) && edge(&samples[samples.len() - 1]),
            "{name} clicks"
        );
    }
}
