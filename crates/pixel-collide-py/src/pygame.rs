//! Masks to and from pygame: a `Surface` read as `pygame.mask.from_surface` reads it, and a
//! `pygame.mask.Mask` copied word for word (both keep texels in strips of one machine word).

use pixel_collide::{Mask, MaskRule};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyBytes;

use crate::args;
use crate::detach::maybe_detach;
use crate::errors::mask_error;

/// A mask read from pygame: its texels, or the size of one with a zero side (which pygame allows
/// and the crate's masks do not).
pub enum Texels {
    /// A mask with texels.
    Mask(Box<Mask>),
    /// A width and height, one of them 0.
    ZeroSize(u32, u32),
}

/// `width` x `height` as a mask size that may have a zero side, or the error `args::size` gives.
fn zero_size(width: i64, height: i64) -> PyResult<Option<Texels>> {
    let (w, h) = args::size_or_zero(width, height)?;
    Ok((w == 0 || h == 0).then_some(Texels::ZeroSize(w, h)))
}

/// `pixel_collide._pygame`'s function `name`, which does the part that needs pygame's own API.
fn helper<'py>(
    py: Python<'py>,
    cell: &'static PyOnceLock<Py<PyAny>>,
    name: &str,
) -> PyResult<&'py Bound<'py, PyAny>> {
    cell.import(py, "pixel_collide._pygame", name)
}

/// The mask `pygame.mask.from_surface(surface, threshold)` gives: with a colour key, every pixel
/// whose raw value differs from the key is solid; otherwise every pixel whose alpha is above
/// `threshold` (opaque everywhere for a surface without per-pixel alpha). Any C `int` threshold
/// is taken, as pygame takes it: below 0 every pixel is solid, from 255 on none is.
pub fn from_surface(
    py: Python<'_>,
    surface: &Bound<'_, PyAny>,
    threshold: i64,
) -> PyResult<Texels> {
    static PIXELS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let threshold = i32::try_from(threshold).map_err(|_| {
        pyo3::exceptions::PyOverflowError::new_err(format!(
            "threshold {threshold} is outside a C int (pygame's threshold)"
        ))
    })?;
    let pixels = helper(py, &PIXELS, "surface_pixels")?.call1((surface,))?;
    let (mode, data, width, height, pitch, bytesize, value, shift, loss): (
        Bound<'_, pyo3::types::PyString>,
        Bound<'_, PyBytes>,
        i64,
        i64,
        usize,
        usize,
        i64,
        u32,
        u32,
    ) = pixels.extract()?;
    if let Some(zero) = zero_size(width, height)? {
        return Ok(zero);
    }
    let (w, h) = args::size(width, height)?;
    let bytes = data.as_bytes();
    let as_texels = |m: Result<Mask, pixel_collide::MaskError>| {
        m.map(|m| Texels::Mask(Box::new(m))).map_err(mask_error)
    };
    // pygame hands a 32-bit pixel value back signed when its top bit is set.
    let value = value as u32;
    let solid = |m: PyResult<Mask>| m.map(|m| Texels::Mask(Box::new(m)));
    match &*mode.to_cow()? {
        "key" => {
            let raw = RawPixels::new(bytes, w, h, pitch, bytesize)?;
            let key = key_bytes(value, bytesize);
            as_texels(maybe_detach(py, bytes.len() as u64 / 256, || {
                raw.mask(|pixel| pixel != &key[..bytesize])
            }))
        }
        "opaque" => solid(crate::room::filled(w, h, threshold < 255)),
        _ if threshold < 0 => solid(crate::room::filled(w, h, true)),
        "rgba" => {
            let rule = MaskRule::alpha(threshold.min(255) as u8);
            as_texels(maybe_detach(py, bytes.len() as u64 / 256, || {
                Mask::from_rgba(w, h, bytes, rule)
            }))
        }
        _ => {
            let raw = RawPixels::new(bytes, w, h, pitch, bytesize)?;
            let (bits, threshold) = (8 - loss.min(7), threshold.min(255) as u32);
            as_texels(maybe_detach(py, bytes.len() as u64 / 256, || {
                raw.mask(|pixel| {
                    let alpha = (pixel_value(pixel) & value) >> shift.min(31);
                    widened(alpha, bits) > threshold
                })
            }))
        }
    }
}

/// A surface's raw pixel buffer: rows `pitch` bytes apart, `bytesize` bytes a pixel.
struct RawPixels<'a> {
    bytes: &'a [u8],
    width: usize,
    height: usize,
    pitch: usize,
    bytesize: usize,
}

impl<'a> RawPixels<'a> {
    /// The buffer of a `width` x `height` surface, or a `ValueError` when it is too short for it.
    fn new(bytes: &'a [u8], w: u32, h: u32, pitch: usize, bytesize: usize) -> PyResult<Self> {
        let (width, height) = (w as usize, h as usize);
        if !(1..=4).contains(&bytesize)
            || pitch < width * bytesize
            || bytes.len() < pitch * (height - 1) + width * bytesize
        {
            return Err(PyValueError::new_err(format!(
                "surface of {w} x {h} pixels: its pixel buffer ({} bytes, pitch {pitch}, \
                 {bytesize} bytes a pixel) is too short",
                bytes.len()
            )));
        }
        Ok(RawPixels {
            bytes,
            width,
            height,
            pitch,
            bytesize,
        })
    }

    /// The mask solid where `solid` holds for a pixel's bytes.
    fn mask(&self, solid: impl Fn(&[u8]) -> bool) -> Result<Mask, pixel_collide::MaskError> {
        let (w, h) = (self.width, self.height);
        let mut words = vec![0u64; w.div_ceil(64) * h];
        for y in 0..h {
            let row = &self.bytes[y * self.pitch..][..w * self.bytesize];
            for (x, pixel) in row.chunks_exact(self.bytesize).enumerate() {
                if solid(pixel) {
                    words[x / 64 * h + y] |= 1 << (x % 64);
                }
            }
        }
        Mask::from_strip_words(w as u32, h as u32, words)
    }
}

/// The value of a pixel of one to four bytes, as SDL reads it on this machine.
fn pixel_value(pixel: &[u8]) -> u32 {
    let mut word = [0u8; 4];
    if cfg!(target_endian = "little") {
        word[..pixel.len()].copy_from_slice(pixel);
        u32::from_le_bytes(word)
    } else {
        word[4 - pixel.len()..].copy_from_slice(pixel);
        u32::from_be_bytes(word)
    }
}

/// A channel of `bits` bits widened to eight as SDL widens it (its bits repeated: 4-bit 1 is 17).
fn widened(value: u32, bits: u32) -> u32 {
    let (mut out, mut filled) = (0u32, 0u32);
    while filled < 8 {
        out = out << bits | value;
        filled += bits;
    }
    out >> (filled - 8)
}

/// How a raw pixel value of `bytesize` bytes lies in memory, as SDL stores it.
fn key_bytes(key: u32, bytesize: usize) -> [u8; 4] {
    let mut out = [0u8; 4];
    match bytesize {
        1 => out[0] = key as u8,
        2 => out[..2].copy_from_slice(&(key as u16).to_ne_bytes()),
        // Three-byte pixels are read byte by byte, lowest first on a little-endian machine.
        3 if cfg!(target_endian = "little") => out[..3].copy_from_slice(&key.to_le_bytes()[..3]),
        3 => out[..3].copy_from_slice(&key.to_be_bytes()[1..]),
        _ => out = key.to_ne_bytes(),
    }
    out
}

/// The texels of a `pygame.mask.Mask`, copied from its words.
pub fn from_pygame(py: Python<'_>, mask: &Bound<'_, PyAny>) -> PyResult<Texels> {
    static WORDS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let (width, height, data, itemsize): (i64, i64, Bound<'_, PyBytes>, usize) =
        helper(py, &WORDS, "mask_words")?
            .call1((mask,))?
            .extract()?;
    if let Some(zero) = zero_size(width, height)? {
        return Ok(zero);
    }
    let (w, h) = args::size(width, height)?;
    let bytes = data.as_bytes();
    let words: Vec<u64> = match itemsize {
        8 => bytes
            .chunks_exact(8)
            .map(|c| u64::from_ne_bytes(c.try_into().expect("eight bytes")))
            .collect(),
        // 32-bit strips (a C `long` of four bytes): two of them make one of ours.
        4 => {
            let narrow: Vec<u32> = bytes
                .chunks_exact(4)
                .map(|c| u32::from_ne_bytes(c.try_into().expect("four bytes")))
                .collect();
            let (h, strips) = (h as usize, (w as usize).div_ceil(64));
            let at = |k: usize, y: usize| narrow.get(k * h + y).copied().unwrap_or(0);
            (0..strips * h)
                .map(|i| {
                    let (k, y) = (i / h, i % h);
                    u64::from(at(2 * k, y)) | u64::from(at(2 * k + 1, y)) << 32
                })
                .collect()
        }
        _ => {
            return Err(PyTypeError::new_err(format!(
                "pygame mask words of {itemsize} bytes are not supported"
            )))
        }
    };
    Mask::from_strip_words(w, h, words)
        .map(|m| Texels::Mask(Box::new(m)))
        .map_err(mask_error)
}

/// The texels of `obj` when it is a `pygame.mask.Mask` (of a pygame already imported), else `None`.
pub fn pygame_mask(obj: &Bound<'_, PyAny>) -> PyResult<Option<Texels>> {
    static IS_MASK: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let py = obj.py();
    if !helper(py, &IS_MASK, "is_mask")?
        .call1((obj,))?
        .is_truthy()?
    {
        return Ok(None);
    }
    from_pygame(py, obj).map(Some)
}

/// A `pygame.mask.Mask` with the same texels as `mask`, or an empty one of `zero_size` when given.
pub fn to_pygame(
    py: Python<'_>,
    mask: &Mask,
    zero_size: Option<(u32, u32)>,
) -> PyResult<Py<PyAny>> {
    static NEW: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let (w, h) = zero_size.unwrap_or((mask.width(), mask.height()));
    let target = helper(py, &NEW, "new_mask")?.call1(((w, h),))?;
    if zero_size.is_none() {
        write_pygame(&target, mask)?;
    }
    Ok(target.unbind())
}

/// Copies `mask`'s texels over those of `target`, a `pygame.mask.Mask` of the same size.
pub fn write_pygame(target: &Bound<'_, PyAny>, mask: &Mask) -> PyResult<()> {
    static WORD_SIZE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    static WRITE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let py = target.py();
    let (w, h) = (mask.width(), mask.height());
    let itemsize: usize = helper(py, &WORD_SIZE, "word_size")?
        .call1((target,))?
        .extract()?;
    let words = mask.strip_words();
    let bytes: Vec<u8> = match itemsize {
        8 => words.iter().flat_map(|w| w.to_ne_bytes()).collect(),
        4 => {
            let (h, strips) = (h as usize, (w as usize).div_ceil(32));
            (0..strips * h)
                .flat_map(|i| {
                    let (k, y) = (i / h, i % h);
                    let word = words[k / 2 * h + y] >> (32 * (k % 2));
                    (word as u32).to_ne_bytes()
                })
                .collect()
        }
        _ => {
            return Err(PyTypeError::new_err(format!(
                "pygame mask words of {itemsize} bytes are not supported"
            )))
        }
    };
    helper(py, &WRITE, "write_words")?.call1((target, PyBytes::new(py, &bytes)))?;
    Ok(())
}
