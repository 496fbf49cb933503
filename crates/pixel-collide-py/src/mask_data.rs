//! The `Mask` class's data and the constructors every other room builds masks with: split from its
//! methods (`mask.rs`) so that the rooms those methods call, which make masks too, need not import
//! the methods' file back.

use pixel_collide::Mask;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::detach::maybe_detach;
use crate::errors::mask_error;
use crate::pygame::Texels;
use crate::room;

/// Which texels of a `width` x `height` image are solid, one bit each: pygame's `Mask`, with its
/// methods by their pygame names, that `Sprite` places anywhere in the world turned and scaled.
#[pyclass(module = "pixel_collide", name = "Mask", subclass)]
pub struct PyMask {
    /// The texels. A mask of zero width or height (pygame allows them; the crate's masks have a
    /// texel at least) keeps one empty texel here, which no query can find solid.
    pub inner: Mask,
    /// The size Python sees: `inner`'s, or one with a zero side.
    pub(crate) size: (u32, u32),
    /// How many buffer views of `inner`'s words are open: while any is, the words stay in place.
    pub(crate) exports: AtomicUsize,
}

impl PyMask {
    /// Wraps a crate mask.
    pub fn new(inner: Mask) -> Self {
        let size = (inner.width(), inner.height());
        PyMask {
            inner,
            size,
            exports: AtomicUsize::new(0),
        }
    }

    /// A `width` x `height` mask (a size `args::size_or_zero` has checked), every texel `fill`.
    pub fn sized(width: u32, height: u32, fill: bool) -> PyResult<Self> {
        if width == 0 || height == 0 {
            return Ok(PyMask {
                inner: room::filled(1, 1, false)?,
                size: (width, height),
                exports: AtomicUsize::new(0),
            });
        }
        Ok(PyMask::new(room::filled(width, height, fill)?))
    }

    /// A mask read from pygame.
    pub fn from_texels(texels: Texels) -> PyResult<Self> {
        match texels {
            Texels::Mask(m) => Ok(PyMask::new(*m)),
            Texels::ZeroSize(w, h) => PyMask::sized(w, h, false),
        }
    }

    /// The mask as Python sees it: width and height, either of which may be 0.
    pub fn size(&self) -> (u32, u32) {
        self.size
    }

    /// Whether a side is 0: no texel at all.
    pub fn is_zero_size(&self) -> bool {
        self.size.0 == 0 || self.size.1 == 0
    }

    /// A mask of this one's size with the texels of `words` (strip words of `inner`'s size).
    pub fn with_words(&self, words: Vec<u64>) -> PyResult<Self> {
        if self.is_zero_size() {
            return PyMask::sized(self.size.0, self.size.1, false);
        }
        Mask::from_strip_words(self.size.0, self.size.1, words)
            .map(PyMask::new)
            .map_err(mask_error)
    }

    /// `ValueError` for a mask of zero size where a `Sprite` would place it: a sprite has texels.
    pub fn placeable(&self) -> PyResult<()> {
        if self.is_zero_size() {
            return Err(PyValueError::new_err(format!(
                "a Sprite needs a mask with texels, not a {} x {} one",
                self.size.0, self.size.1
            )));
        }
        Ok(())
    }

    /// How many words a word loop over this mask reads.
    pub fn words(&self) -> u64 {
        self.inner.strip_words().len() as u64
    }

    /// A `BufferError` while a buffer view of the words is open: the words may not be replaced
    /// then, and the mask's texels stay as the view shows them.
    pub fn unviewed(&self) -> PyResult<()> {
        if self.exports.load(Ordering::Acquire) > 0 {
            return Err(pyo3::exceptions::PyBufferError::new_err(
                "the mask's words are exported through a memoryview: release it first",
            ));
        }
        Ok(())
    }

    /// `other` drawn on this mask with its top-left texel on this mask's texel `at`, in place,
    /// letting other threads run while a large mask is drawn on; nothing for a mask with a zero
    /// side (its placeholder texel is no texel).
    pub fn draw_at(&mut self, py: Python<'_>, other: &Mask, at: (i32, i32)) -> PyResult<()> {
        self.edit(py, |m| m.draw_at(other, at))
    }

    /// Changes the texels in place by `edit`, as `draw_at` does.
    pub fn edit(&mut self, py: Python<'_>, edit: impl FnOnce(&mut Mask) + Send) -> PyResult<()> {
        self.unviewed()?;
        if !self.is_zero_size() {
            let words = self.words();
            let inner = &mut self.inner;
            maybe_detach(py, words, || edit(inner));
        }
        Ok(())
    }
}
