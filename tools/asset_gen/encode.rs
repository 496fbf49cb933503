//! Encoding finished images as PNG and finished sounds as 16-bit mono WAV.

use std::io::Cursor;

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ColorType, ImageEncoder, RgbaImage};

/// The sample rate of every sound, in samples per second.
pub(super) const RATE: u32 = 44_100;

pub(super) fn png(image: &RgbaImage) -> Vec<u8> {
    let mut bytes = Vec::new();
    PngEncoder::new_with_quality(&mut bytes, CompressionType::Best, FilterType::Adaptive)
        .write_image(
            image.as_raw(),
            image.width(),
            image.height(),
            ColorType::Rgba8,
        )
        .expect("encoding a PNG into memory cannot fail");
    bytes
}

pub(super) fn wav(samples: &[f64]) -> Vec<u8> {
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: RATE,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut cursor = Cursor::new(Vec::new());
    let mut writer = hound::WavWriter::new(&mut cursor, spec)
        .expect("writing a WAV header into memory cannot fail");
    for &s in samples {
        let value = (s.clamp(-1.0, 1.0) * f64::from(i16::MAX)).round() as i16;
        writer
            .write_sample(value)
            .expect("writing WAV samples into memory cannot fail");
    }
    writer
        .finalize()
        .expect("finishing a WAV in memory cannot fail");
    cursor.into_inner()
}
