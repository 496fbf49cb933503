//! Masks from images and files: alpha thresholds, colour keys, hot-spot images, atlas rectangles, and
//! every bad input (undecodable, missing, corrupt, oversized, special files) as an error naming it.

use image::{Rgba, RgbaImage};
use pixel_collide::{Mask, MaskError, MaskRule, PixelRect};

fn rgba(w: u32, h: u32, f: impl Fn(u32, u32) -> [u8; 4]) -> RgbaImage {
    RgbaImage::from_fn(w, h, |x, y| Rgba(f(x, y)))
}

#[test]
fn alpha_threshold_separates_faint_noise() {
    let img = rgba(3, 1, |x, _| [9, 9, 9, [0, 20, 21][x as usize]]);
    let zero = Mask::from_image(&img, MaskRule::default()).unwrap();
    let twenty = Mask::from_image(&img, MaskRule::alpha(20)).unwrap();
    assert_eq!(
        (
            zero.is_solid(0, 0),
            zero.is_solid(1, 0),
            zero.is_solid(2, 0)
        ),
        (false, true, true)
    );
    assert_eq!(
        (twenty.is_solid(1, 0), twenty.is_solid(2, 0)),
        (false, true)
    );
    assert_eq!(
        MaskRule::default(),
        MaskRule::alpha(MaskRule::DEFAULT_ALPHA_THRESHOLD)
    );
}

#[test]
fn colour_key_marks_air() {
    let img = rgba(3, 1, |x, _| match x {
        0 => [255, 0, 255, 255],
        1 => [255, 0, 254, 255],
        _ => [10, 20, 30, 0],
    });
    let m = Mask::from_image(&img, MaskRule::magenta_key()).unwrap();
    assert_eq!(
        (m.is_solid(0, 0), m.is_solid(1, 0), m.is_solid(2, 0)),
        (false, true, false)
    );
}

#[test]
fn hotspot_image_decides_instead_of_the_drawn_one() {
    let drawn = rgba(2, 2, |_, _| [1, 2, 3, 255]);
    let hot = rgba(2, 2, |x, y| {
        if x == y {
            [0, 0, 0, 255]
        } else {
            [255, 0, 255, 255]
        }
    });
    let m = Mask::from_hotspot(&drawn, &hot, MaskRule::magenta_key()).unwrap();
    assert_eq!(m.solid_count(), 2);
    assert!(m.is_solid(1, 1) && !m.is_solid(1, 0));
}

#[test]
fn atlas_rectangle_cuts_out_one_frame() {
    let atlas = rgba(8, 4, |x, y| {
        if x >= 4 && y == 2 {
            [0, 0, 0, 255]
        } else {
            [0, 0, 0, 0]
        }
    });
    let m = Mask::from_atlas(&atlas, PixelRect::new(4, 0, 4, 4), MaskRule::default()).unwrap();
    assert_eq!((m.width(), m.height(), m.solid_count()), (4, 4, 4));
    assert_eq!(m.solid_bounds(), Some(PixelRect::new(0, 2, 4, 1)));
}

#[test]
fn counts_bounds_and_cover_of_a_wide_mask() {
    // Wider than one 64-bit word, with runs crossing word boundaries.
    let m = Mask::from_fn(150, 3, |x, y| (60..70).contains(&x) && y > 0 || x == 149).unwrap();
    assert_eq!(m.solid_count(), 10 * 2 + 3);
    assert_eq!(m.solid_bounds(), Some(PixelRect::new(60, 0, 90, 3)));
    assert!(m.is_solid(149, 0) && m.is_solid(63, 1) && m.is_solid(64, 2) && !m.is_solid(70, 1));
    assert!(!m.is_solid(-1, 0) && !m.is_solid(150, 0) && !m.is_solid(0, 3));
    let cover: u64 = m.cover().iter().map(|r| u64::from(r.w * r.h)).sum();
    assert_eq!(cover, m.solid_count());
}

// ---- Bad input -------------------------------------------------------------------------------

#[test]
fn undecodable_bytes_are_an_error_naming_the_source() {
    let err = Mask::decode(b"definitely not a png", MaskRule::default()).unwrap_err();
    assert!(matches!(err, MaskError::Decode { .. }));
    assert!(
        err.to_string()
            .starts_with("image data: not a readable image"),
        "{err}"
    );
    assert!(!err.to_string().contains('\n'));
}

#[test]
fn missing_file_is_an_error_naming_the_path() {
    let err = Mask::open("/no/such/dir/sprite.png", MaskRule::default()).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("/no/such/dir/sprite.png: cannot read"),
        "{err}"
    );
}

#[test]
fn corrupt_file_is_an_error_naming_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.png");
    std::fs::write(&path, [0x89, b'P', b'N', b'G', 0, 1, 2]).unwrap();
    let err = Mask::open(&path, MaskRule::default()).unwrap_err();
    assert!(
        err.to_string().contains("broken.png: not a readable image"),
        "{err}"
    );
}

#[test]
fn zero_by_zero_image_is_an_error() {
    let err = Mask::from_image(&RgbaImage::new(0, 0), MaskRule::default()).unwrap_err();
    assert_eq!(
        err,
        MaskError::Empty {
            width: 0,
            height: 0
        }
    );
    assert_eq!(
        err.to_string(),
        "image is 0 x 0: a mask needs at least one texel"
    );
    let mut png = Vec::new();
    let encoded = image::codecs::png::PngEncoder::new(&mut png);
    // A PNG claiming 0 x 0 fails in the decoder or in the mask; either way an error, not a panic.
    let _ = image::ImageEncoder::write_image(encoded, &[], 0, 0, image::ExtendedColorType::Rgba8);
    assert!(Mask::decode(&png, MaskRule::default()).is_err());
}

#[test]
fn hotspot_of_another_size_is_an_error() {
    let err = Mask::from_hotspot(
        &RgbaImage::new(32, 48),
        &RgbaImage::new(30, 48),
        MaskRule::magenta_key(),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "hot-spot image is 30 x 48 but the drawn image is 32 x 48: they must match"
    );
}

#[test]
fn atlas_rectangle_outside_its_image_is_an_error() {
    let atlas = RgbaImage::new(64, 64);
    let err =
        Mask::from_atlas(&atlas, PixelRect::new(40, 0, 32, 32), MaskRule::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "atlas rectangle 32 x 32 at (40, 0) reaches outside the 64 x 64 image"
    );
    let overflow = PixelRect::new(u32::MAX, u32::MAX, 2, 2);
    assert!(matches!(
        Mask::from_atlas(&atlas, overflow, MaskRule::default()),
        Err(MaskError::RectOutside { .. })
    ));
}

#[test]
fn empty_atlas_rectangle_error_names_its_position() {
    let atlas = RgbaImage::new(64, 64);
    let err =
        Mask::from_atlas(&atlas, PixelRect::new(3, 7, 0, 5), MaskRule::default()).unwrap_err();
    assert_eq!(
        err,
        MaskError::EmptyRect {
            rect: PixelRect::new(3, 7, 0, 5)
        }
    );
    assert_eq!(
        err.to_string(),
        "atlas rectangle 0 x 5 at (3, 7) has no texels"
    );
}

#[test]
fn file_name_with_a_newline_stays_on_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two\nlines.png");
    std::fs::write(&path, b"not a png").unwrap();
    let err = Mask::open(&path, MaskRule::default())
        .unwrap_err()
        .to_string();
    assert!(!err.contains('\n'), "{err:?}");
    assert!(
        err.contains("two\\nlines.png: not a readable image"),
        "{err}"
    );
    let missing = Mask::open(dir.path().join("gone\r\n.png"), MaskRule::default())
        .unwrap_err()
        .to_string();
    assert!(!missing.contains(['\r', '\n']), "{missing:?}");
    assert!(missing.contains("gone\\r\\n.png: cannot read"), "{missing}");
}

// ---- Rectangles ------------------------------------------------------------------------------

/// A valid 1-bit PNG of `side` x `side` texels, all air: a few kilobytes that claim a huge image.
fn png_bomb(side: u32) -> Vec<u8> {
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, side, side);
        encoder.set_color(png::ColorType::Grayscale);
        encoder.set_depth(png::BitDepth::One);
        encoder.set_compression(png::Compression::Best);
        let mut writer = encoder.write_header().unwrap();
        let mut rows = writer.stream_writer().unwrap();
        let row = vec![0u8; side.div_ceil(8) as usize];
        for _ in 0..side {
            std::io::Write::write_all(&mut rows, &row).unwrap();
        }
        rows.finish().unwrap();
    }
    bytes
}

#[test]
fn decoding_a_compressed_image_bomb_is_refused_from_its_header() {
    let bomb = png_bomb(20_000);
    assert!(bomb.len() < 100_000, "{} bytes", bomb.len());
    let started = std::time::Instant::now();
    let err = Mask::decode(&bomb, MaskRule::default()).unwrap_err();
    assert!(
        matches!(
            err,
            MaskError::TooLarge {
                width: 20_000,
                height: 20_000,
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("20000 x 20000"), "{err}");
    // Refused from the header: far quicker than inflating 400 M texels would be.
    assert!(started.elapsed().as_secs_f64() < 2.0);
}

#[test]
fn opening_a_named_pipe_is_an_error_not_a_hang() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("mask.png");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // No mkfifo on this system: nothing to test.
    }
    let (tx, rx) = std::sync::mpsc::channel();
    let path = fifo.clone();
    std::thread::spawn(move || {
        let _ = tx.send(Mask::open(&path, MaskRule::default()).map(|_| ()));
    });
    let result = rx
        .recv_timeout(std::time::Duration::from_secs(20))
        .expect("Mask::open on a named pipe must return, not wait for a writer");
    let err = result.unwrap_err();
    assert!(err.to_string().contains("not a regular file"), "{err}");
    assert!(err.to_string().contains("mask.png"), "{err}");
}

#[test]
fn opening_a_device_is_an_error_not_an_endless_read() {
    let err = Mask::open("/dev/zero", MaskRule::default()).unwrap_err();
    assert!(err.to_string().contains("not a regular file"), "{err}");
}
