//! Room for a mask's words, asked for before anything is built: a machine without it gets a
//! `MemoryError`, where an allocation inside Rust would abort the interpreter.

use pixel_collide::Mask;
use pyo3::prelude::*;

use crate::errors::mask_error;

/// A `width` x `height` mask (a size `args::size` has checked), every texel `fill`: the crate's
/// `Mask::filled`, which asks for its words before building, a `MemoryError` without them.
pub fn filled(width: u32, height: u32, fill: bool) -> PyResult<Mask> {
    Mask::filled(width, height, fill).map_err(mask_error)
}

/// Room for the words of a `width` x `height` mask, or a `MemoryError` when the machine has not
/// got it (where an allocation inside Rust would abort the interpreter).
pub fn words_for(width: u32, height: u32) -> PyResult<Vec<u64>> {
    let n = u64::from(width).div_ceil(64) * u64::from(height);
    let mut words = Vec::new();
    words.try_reserve_exact(n as usize).map_err(|_| {
        pyo3::exceptions::PyMemoryError::new_err(format!(
            "a {width} x {height} mask needs {} bytes, which could not be allocated",
            n * 8
        ))
    })?;
    Ok(words)
}
