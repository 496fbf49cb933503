//! The game's art and sound: embedded into the binary at build time, or read from a user directory.
//!
//! Engine-free: this module only holds and checks bytes (PNG and WAV files) and builds the collision
//! masks; the app turns the bytes into textures and sounds. A user directory (`--assets DIR`) must hold
//! every file, each valid, because a half-replaced set silently mixing in the built-in art would hide
//! the user's mistake.

use std::borrow::Cow;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use crate::collision::{Mask, MaskRule};
use crate::sim::{PowerUpKind, Shapes, BLOCK_SIZE, FIGURE_SIZE, POWERUP_SIZE};

/// One asset file the game uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AssetId {
    /// The player's figure (32 x 48 PNG).
    Figure,
    /// The plus-shaped spinner block (64 x 64 PNG).
    Block,
    /// The playfield background (PNG of any size, drawn stretched to the field).
    Background,
    /// The shrink power-up token (32 x 32 PNG).
    PowerUpShrink,
    /// The grow power-up token (32 x 32 PNG).
    PowerUpGrow,
    /// The shield power-up token (32 x 32 PNG).
    PowerUpShield,
    /// The slow-down power-up token (32 x 32 PNG).
    PowerUpSlow,
    /// Played on a hit (WAV).
    HitSound,
    /// Played when a block is dodged (WAV).
    DodgeSound,
    /// Played at game over (WAV).
    GameOverSound,
    /// Played when a power-up is caught (WAV).
    CollectSound,
    /// Played when a game starts (WAV).
    StartSound,
}

/// What a file must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    /// A PNG, of exactly this size when given.
    Png(Option<(u32, u32)>),
    /// A RIFF/WAVE file.
    Wav,
}

impl AssetId {
    /// Every asset, in a fixed order.
    pub const ALL: [AssetId; 12] = [
        AssetId::Figure,
        AssetId::Block,
        AssetId::Background,
        AssetId::PowerUpShrink,
        AssetId::PowerUpGrow,
        AssetId::PowerUpShield,
        AssetId::PowerUpSlow,
        AssetId::HitSound,
        AssetId::DodgeSound,
        AssetId::GameOverSound,
        AssetId::CollectSound,
        AssetId::StartSound,
    ];

    /// The asset's file name inside an assets directory.
    pub fn file_name(self) -> &'static str {
        match self {
            AssetId::Figure => "figure.png",
            AssetId::Block => "block.png",
            AssetId::Background => "background.png",
            AssetId::PowerUpShrink => "powerup_shrink.png",
            AssetId::PowerUpGrow => "powerup_grow.png",
            AssetId::PowerUpShield => "powerup_shield.png",
            AssetId::PowerUpSlow => "powerup_slow.png",
            AssetId::HitSound => "hit.wav",
            AssetId::DodgeSound => "dodge.wav",
            AssetId::GameOverSound => "game_over.wav",
            AssetId::CollectSound => "collect.wav",
            AssetId::StartSound => "start.wav",
        }
    }

    /// The token art of a power-up kind.
    pub fn powerup(kind: PowerUpKind) -> AssetId {
        match kind {
            PowerUpKind::Shrink => AssetId::PowerUpShrink,
            PowerUpKind::Grow => AssetId::PowerUpGrow,
            PowerUpKind::Shield => AssetId::PowerUpShield,
            PowerUpKind::Slow => AssetId::PowerUpSlow,
        }
    }

    fn format(self) -> Format {
        match self {
            AssetId::Figure => Format::Png(Some(FIGURE_SIZE)),
            AssetId::Block => Format::Png(Some(BLOCK_SIZE)),
            AssetId::Background => Format::Png(None),
            AssetId::PowerUpShrink
            | AssetId::PowerUpGrow
            | AssetId::PowerUpShield
            | AssetId::PowerUpSlow => Format::Png(Some(POWERUP_SIZE)),
            AssetId::HitSound
            | AssetId::DodgeSound
            | AssetId::GameOverSound
            | AssetId::CollectSound
            | AssetId::StartSound => Format::Wav,
        }
    }

    fn index(self) -> usize {
        // ALL lists every variant once, so the position always exists.
        AssetId::ALL.iter().position(|&a| a == self).unwrap_or(0)
    }

    fn embedded(self) -> &'static [u8] {
        match self {
            AssetId::Figure => include_bytes!("../assets/figure.png"),
            AssetId::Block => include_bytes!("../assets/block.png"),
            AssetId::Background => include_bytes!("../assets/background.png"),
            AssetId::PowerUpShrink => include_bytes!("../assets/powerup_shrink.png"),
            AssetId::PowerUpGrow => include_bytes!("../assets/powerup_grow.png"),
            AssetId::PowerUpShield => include_bytes!("../assets/powerup_shield.png"),
            AssetId::PowerUpSlow => include_bytes!("../assets/powerup_slow.png"),
            AssetId::HitSound => include_bytes!("../assets/hit.wav"),
            AssetId::DodgeSound => include_bytes!("../assets/dodge.wav"),
            AssetId::GameOverSound => include_bytes!("../assets/game_over.wav"),
            AssetId::CollectSound => include_bytes!("../assets/collect.wav"),
            AssetId::StartSound => include_bytes!("../assets/start.wav"),
        }
    }
}

/// Why an asset could not be used; `Display` is one line naming the file and the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AssetError {
    /// The assets directory itself cannot be read.
    Directory {
        /// The directory given.
        path: PathBuf,
        /// What is wrong with it.
        problem: String,
    },
    /// A file the game needs is not in the directory.
    Missing {
        /// The path looked for.
        path: PathBuf,
        /// What the file should be.
        expected: String,
    },
    /// A file exists but cannot be read.
    Unreadable {
        /// The file.
        path: PathBuf,
        /// The operating system's message.
        problem: String,
    },
    /// A file was read but is not what the game needs.
    Invalid {
        /// The file (or the asset's name, for embedded data).
        path: PathBuf,
        /// What is wrong with it.
        problem: String,
    },
}

impl fmt::Display for AssetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AssetError::Directory { path, problem } => {
                write!(f, "assets directory {}: {}", path.display(), problem)
            }
            AssetError::Missing { path, expected } => {
                write!(f, "{}: missing (expected {})", path.display(), expected)
            }
            AssetError::Unreadable { path, problem } => {
                write!(f, "{}: cannot read: {}", path.display(), problem)
            }
            AssetError::Invalid { path, problem } => write!(f, "{}: {}", path.display(), problem),
        }
    }
}

impl std::error::Error for AssetError {}

/// The full set of asset files, as bytes, checked to be usable.
#[derive(Clone, Debug)]
pub struct Assets {
    files: Vec<Cow<'static, [u8]>>,
    dir: Option<PathBuf>,
}

impl Assets {
    /// The assets built into the binary.
    pub fn embedded() -> Assets {
        Assets {
            files: AssetId::ALL
                .iter()
                .map(|id| Cow::Borrowed(id.embedded()))
                .collect(),
            dir: None,
        }
    }

    /// Reads and checks every asset from `dir`; any missing, unreadable or invalid file is an error.
    ///
    /// PNGs must decode (and the sprites must have the sizes the game is tuned for); WAVs must be
    /// readable and hold at least one sample.
    pub fn from_dir(dir: impl AsRef<Path>) -> Result<Assets, AssetError> {
        let dir = dir.as_ref();
        match std::fs::metadata(dir) {
            Ok(meta) if meta.is_dir() => {}
            Ok(_) => {
                return Err(AssetError::Directory {
                    path: dir.to_path_buf(),
                    problem: "not a directory".into(),
                })
            }
            Err(e) => {
                return Err(AssetError::Directory {
                    path: dir.to_path_buf(),
                    problem: io_message(&e),
                })
            }
        }
        let mut files = Vec::with_capacity(AssetId::ALL.len());
        for id in AssetId::ALL {
            let path = dir.join(id.file_name());
            let bytes = match crate::files::read_capped(&path, MAX_ASSET_BYTES) {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::NotFound => {
                    return Err(AssetError::Missing {
                        path,
                        expected: describe(id.format()),
                    })
                }
                Err(e) => {
                    return Err(AssetError::Unreadable {
                        path,
                        problem: io_message(&e),
                    })
                }
            };
            check(id.format(), &bytes).map_err(|problem| AssetError::Invalid {
                path: path.clone(),
                problem,
            })?;
            files.push(Cow::Owned(bytes));
        }
        Ok(Assets {
            files,
            dir: Some(dir.to_path_buf()),
        })
    }

    /// Checks every file (the embedded set is checked by the test suite; this is for tools).
    pub fn validate(&self) -> Result<(), AssetError> {
        for id in AssetId::ALL {
            check(id.format(), self.get(id)).map_err(|problem| AssetError::Invalid {
                path: self.path_of(id),
                problem,
            })?;
        }
        Ok(())
    }

    /// The directory the assets came from, or `None` for the embedded set.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The bytes of one asset file.
    pub fn get(&self, id: AssetId) -> &[u8] {
        &self.files[id.index()]
    }

    /// The figure's PNG bytes.
    pub fn figure_png(&self) -> &[u8] {
        self.get(AssetId::Figure)
    }

    /// The spinner block's PNG bytes.
    pub fn block_png(&self) -> &[u8] {
        self.get(AssetId::Block)
    }

    /// The background's PNG bytes.
    pub fn background_png(&self) -> &[u8] {
        self.get(AssetId::Background)
    }

    /// The PNG bytes of a power-up kind's token.
    pub fn powerup_png(&self, kind: PowerUpKind) -> &[u8] {
        self.get(AssetId::powerup(kind))
    }

    /// The hit sound's WAV bytes.
    pub fn hit_wav(&self) -> &[u8] {
        self.get(AssetId::HitSound)
    }

    /// The dodge sound's WAV bytes.
    pub fn dodge_wav(&self) -> &[u8] {
        self.get(AssetId::DodgeSound)
    }

    /// The game-over sound's WAV bytes.
    pub fn game_over_wav(&self) -> &[u8] {
        self.get(AssetId::GameOverSound)
    }

    /// The power-up sound's WAV bytes.
    pub fn collect_wav(&self) -> &[u8] {
        self.get(AssetId::CollectSound)
    }

    /// The game-start sound's WAV bytes.
    pub fn start_wav(&self) -> &[u8] {
        self.get(AssetId::StartSound)
    }

    /// The figure's collision mask: every texel with alpha > 0 is solid.
    pub fn figure_mask(&self) -> Result<Mask, AssetError> {
        self.mask(AssetId::Figure)
    }

    /// The block's collision mask: every texel with alpha > 0 is solid.
    pub fn block_mask(&self) -> Result<Mask, AssetError> {
        self.mask(AssetId::Block)
    }

    /// A power-up token's collision mask: every texel with alpha > 0 is solid.
    pub fn powerup_mask(&self, kind: PowerUpKind) -> Result<Mask, AssetError> {
        self.mask(AssetId::powerup(kind))
    }

    /// Every collision mask (figure, block, power-up tokens), ready for [`crate::sim::World::new`].
    pub fn shapes(&self) -> Result<Shapes, AssetError> {
        let [shrink, grow, shield, slow] = PowerUpKind::ALL.map(|kind| self.powerup_mask(kind));
        Ok(Shapes::new(self.figure_mask()?, self.block_mask()?)
            .with_powerups([shrink?, grow?, shield?, slow?]))
    }

    fn mask(&self, id: AssetId) -> Result<Mask, AssetError> {
        let invalid = |problem: String| AssetError::Invalid {
            path: self.path_of(id),
            problem: one_line(&problem),
        };
        // Decoded by the game's own PNG reader (macroquad's image), with its limits, so that the
        // collision crate's decoder is not built into the game.
        let rgba = decode_png(self.get(id)).map_err(invalid)?.to_rgba8();
        Mask::from_rgba(
            rgba.width(),
            rgba.height(),
            rgba.as_raw(),
            MaskRule::alpha(0),
        )
        .map_err(|e| invalid(e.to_string()))
    }

    fn path_of(&self, id: AssetId) -> PathBuf {
        match &self.dir {
            Some(dir) => dir.join(id.file_name()),
            None => PathBuf::from(format!("embedded {}", id.file_name())),
        }
    }
}

/// The most bytes read from one asset file: far above any sprite, background or short sound the game
/// uses, far below what would hurt to hold in memory.
pub const MAX_ASSET_BYTES: u64 = 8 << 20;

/// The widest and tallest image accepted, in pixels: every GPU the game runs on takes textures this
/// large, and the window library cannot take more than 65535.
pub const MAX_IMAGE_SIDE: u32 = 8192;

/// The most memory a PNG may decode into: an 8-bit RGBA image of [`MAX_IMAGE_SIDE`] on both sides.
pub const MAX_DECODED_BYTES: u64 = MAX_IMAGE_SIDE as u64 * MAX_IMAGE_SIDE as u64 * 4;

/// Decodes PNG `bytes`, refusing from the header alone an image wider or taller than
/// [`MAX_IMAGE_SIDE`], and within that any that needs more than [`MAX_DECODED_BYTES`]; or says in a
/// few words why not.
pub fn decode_png(bytes: &[u8]) -> Result<image::DynamicImage, String> {
    let invalid = |e: image::ImageError| match e {
        image::ImageError::Limits(_) => format!(
            "image needs more than {} of memory to decode",
            crate::files::bytes(MAX_DECODED_BYTES)
        ),
        e => one_line(&format!("not a valid PNG image ({e})")),
    };
    let reader = || image::io::Reader::with_format(io::Cursor::new(bytes), image::ImageFormat::Png);
    // A few kilobytes of compressed data can declare gigapixels; the header is all it takes to say no.
    let (width, height) = reader().into_dimensions().map_err(invalid)?;
    if width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE {
        return Err(format!(
            "image is {width}x{height}, larger than {MAX_IMAGE_SIDE} px on a side"
        ));
    }
    let mut limits = image::io::Limits::default();
    limits.max_image_width = Some(MAX_IMAGE_SIDE);
    limits.max_image_height = Some(MAX_IMAGE_SIDE);
    limits.max_alloc = Some(MAX_DECODED_BYTES);
    let mut reader = reader();
    reader.limits(limits);
    reader.decode().map_err(invalid)
}

/// Says what a file of `format` should be, for messages.
fn describe(format: Format) -> String {
    match format {
        Format::Png(Some((w, h))) => format!("a {w}x{h} PNG image"),
        Format::Png(None) => "a PNG image".into(),
        Format::Wav => "a WAV sound".into(),
    }
}

/// Checks that `bytes` are a usable file of `format`, or says in a few words why not.
fn check(format: Format, bytes: &[u8]) -> Result<(), String> {
    match format {
        Format::Png(size) => {
            if bytes.is_empty() {
                return Err("empty file (expected a PNG image)".into());
            }
            let image = decode_png(bytes)?;
            let actual = (image.width(), image.height());
            match size {
                Some(expected) if expected != actual => Err(format!(
                    "image is {}x{}, expected {}x{}",
                    actual.0, actual.1, expected.0, expected.1
                )),
                _ => Ok(()),
            }
        }
        Format::Wav => check_wav(bytes),
    }
}

/// The sample rates a sound may have, in hertz: the mixer resamples everything to 44.1 kHz by
/// stretching, so a rate far below would multiply a small file into gigabytes.
pub const WAV_RATES: std::ops::RangeInclusive<u32> = 8_000..=192_000;

/// The longest sound accepted, in seconds: these are effects, and the mixer holds them decoded.
pub const WAV_MAX_SECONDS: u32 = 60;

/// Checks that `bytes` are a WAV sound the game's mixer plays: readable to the last sample, mono or
/// stereo, at a rate in [`WAV_RATES`], between one sample and [`WAV_MAX_SECONDS`] long; or says in a
/// few words why not.
pub fn check_wav(bytes: &[u8]) -> Result<(), String> {
    if bytes.len() < 12 || &bytes[0..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
        return Err("not a WAV file (no RIFF/WAVE header)".into());
    }
    let mut reader = hound::WavReader::new(io::Cursor::new(bytes))
        .map_err(|e| one_line(&format!("not a valid WAV sound ({e})")))?;
    let spec = reader.spec();
    if !(1..=2).contains(&spec.channels) {
        return Err(format!(
            "WAV sound has {} channels (mono or stereo expected)",
            spec.channels
        ));
    }
    if !WAV_RATES.contains(&spec.sample_rate) {
        return Err(format!(
            "WAV sound runs at {} Hz (expected {} to {} Hz)",
            spec.sample_rate,
            WAV_RATES.start(),
            WAV_RATES.end()
        ));
    }
    let frames = reader.duration();
    if frames == 0 {
        return Err("WAV sound holds no samples".into());
    }
    if frames / spec.sample_rate >= WAV_MAX_SECONDS {
        return Err(format!(
            "WAV sound lasts {} s (at most {WAV_MAX_SECONDS} s)",
            frames / spec.sample_rate
        ));
    }
    // Reading every sample finds data cut short, which the mixer's decoder would panic on.
    let read = match spec.sample_format {
        hound::SampleFormat::Int => reader.samples::<i32>().try_for_each(|s| s.map(drop)),
        hound::SampleFormat::Float => reader.samples::<f32>().try_for_each(|s| s.map(drop)),
    };
    read.map_err(|e| one_line(&format!("not a valid WAV sound ({e})")))
}

/// An OS error's message without the "(os error N)" suffix, which tells a player nothing.
fn io_message(e: &io::Error) -> String {
    let text = e.to_string();
    let text = match text.find(" (os error") {
        Some(at) => &text[..at],
        None => &text,
    };
    one_line(text)
}

/// Joins a possibly multi-line message into one line.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_assets_are_valid_and_build_masks() {
        let assets = Assets::embedded();
        assert_eq!(assets.validate(), Ok(()));
        let shapes = assets.shapes().expect("embedded masks");
        assert_eq!((shapes.figure.width(), shapes.figure.height()), FIGURE_SIZE);
        assert_eq!((shapes.block.width(), shapes.block.height()), BLOCK_SIZE);
        assert!(shapes.figure.solid_count() > 0 && shapes.block.solid_count() > 0);
        for kind in PowerUpKind::ALL {
            let mask = shapes.powerup(kind);
            assert_eq!((mask.width(), mask.height()), POWERUP_SIZE);
            // Round tokens: solid in the middle, air in the corners.
            assert!(mask.is_solid(16, 16) && !mask.is_solid(0, 0), "{kind:?}");
            assert_eq!(mask, &assets.powerup_mask(kind).unwrap());
        }
    }

    /// A 16-bit mono PCM WAV of `samples` samples at 22.05 kHz.
    fn wav(samples: usize) -> Vec<u8> {
        wav_with(1, 22_050, samples)
    }

    /// A 16-bit PCM WAV of `frames` frames.
    fn wav_with(channels: u16, sample_rate: u32, frames: usize) -> Vec<u8> {
        let spec = hound::WavSpec {
            channels,
            sample_rate,
            bits_per_sample: 16,
            sample_format: hound::SampleFormat::Int,
        };
        let samples = frames * usize::from(channels);
        let mut bytes = io::Cursor::new(Vec::new());
        let mut writer = hound::WavWriter::new(&mut bytes, spec).unwrap();
        for i in 0..samples {
            writer.write_sample((i as i16).wrapping_mul(300)).unwrap();
        }
        writer.finalize().unwrap();
        bytes.into_inner()
    }

    #[test]
    fn wav_check_wants_a_riff_wave_header() {
        assert!(check(Format::Wav, &wav(100)).is_ok());
        assert!(check(Format::Wav, AssetId::HitSound.embedded()).is_ok());
        assert!(check(Format::Wav, b"RIFX\0\0\0\0WAVE").is_err());
        assert!(check(Format::Wav, b"RIFF").is_err());
    }

    #[test]
    fn header_only_wav_is_refused() {
        let header_only = check(Format::Wav, b"RIFF\0\0\0\0WAVEfmt ").unwrap_err();
        assert!(
            header_only.starts_with("not a valid WAV sound"),
            "{header_only}"
        );
        assert_eq!(
            check(Format::Wav, &wav(0)).unwrap_err(),
            "WAV sound holds no samples"
        );
    }

    #[test]
    fn wav_the_mixer_cannot_hold_is_refused() {
        assert!(check_wav(&wav_with(2, 44_100, 10)).is_ok());
        let surround = check_wav(&wav_with(6, 44_100, 10)).unwrap_err();
        assert!(surround.contains("6 channels"), "{surround}");
        // At 1 Hz the mixer would stretch every sample 44100-fold.
        let slow = check_wav(&wav_with(1, 1, 100)).unwrap_err();
        assert!(slow.contains("1 Hz"), "{slow}");
        let mut zero_hz = wav(100);
        zero_hz[24..32].fill(0); // the sample rate and byte rate fields
        assert!(check_wav(&zero_hz).is_err());
        let long = check_wav(&wav_with(1, 8_000, 8_000 * 61)).unwrap_err();
        assert!(long.contains("61 s"), "{long}");
    }

    #[test]
    fn wav_cut_short_is_refused() {
        let full = wav(100);
        let cut = check_wav(&full[..full.len() - 50]).unwrap_err();
        assert!(cut.starts_with("not a valid WAV sound"), "{cut}");
        assert!(check_wav(b"RIFF\xff\xff\xff\xffWAVEfmt \xff\xff\xff\xff").is_err());
        assert!(check_wav(b"").is_err());
    }

    #[test]
    fn png_check_reports_wrong_size_and_garbage() {
        let png = AssetId::Figure.embedded();
        assert!(check(Format::Png(Some(FIGURE_SIZE)), png).is_ok());
        let wrong = check(Format::Png(Some((10, 10))), png).unwrap_err();
        assert_eq!(wrong, "image is 32x48, expected 10x10");
        let garbage = check(Format::Png(None), b"not a png at all").unwrap_err();
        assert!(garbage.starts_with("not a valid PNG image"), "{garbage}");
        assert!(!garbage.contains('\n'));
    }

    /// The signature, header and a first data chunk of a PNG: enough for a decoder to size its
    /// buffer, with no image data behind it.
    fn png_header(width: u32, height: u32, color: png::ColorType, depth: png::BitDepth) -> Vec<u8> {
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, width, height);
        encoder.set_color(color);
        encoder.set_depth(depth);
        let mut writer = encoder.write_header().unwrap();
        writer.write_chunk(png::chunk::IDAT, &[0; 16]).unwrap();
        drop(writer);
        bytes
    }

    #[test]
    fn the_header_alone_refuses_an_image_over_8192_px_on_a_side() {
        // No pixel data: the refusal cannot have come from decoding.
        let wide = png_header(100_000, 1, png::ColorType::Rgba, png::BitDepth::Eight);
        assert_eq!(
            decode_png(&wide).unwrap_err(),
            "image is 100000x1, larger than 8192 px on a side"
        );
        let tall = png_header(1, 8193, png::ColorType::Grayscale, png::BitDepth::One);
        assert_eq!(
            check(Format::Png(None), &tall).unwrap_err(),
            "image is 1x8193, larger than 8192 px on a side"
        );
    }

    #[test]
    fn decoder_limits_refuse_what_the_side_bound_lets_through() {
        // Within 8192 px on each side, 16 bits per channel would take 512 MiB.
        let deep = png_header(8192, 8192, png::ColorType::Rgba, png::BitDepth::Sixteen);
        assert_eq!(
            decode_png(&deep).unwrap_err(),
            "image needs more than 256 MiB of memory to decode"
        );
    }

    #[test]
    fn every_asset_has_a_distinct_slot() {
        for (i, id) in AssetId::ALL.iter().enumerate() {
            assert_eq!(id.index(), i);
        }
    }
}
