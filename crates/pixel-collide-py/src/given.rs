//! The masks a caller hands a method: this package's, or pygame's (copied word for word, as
//! pygame's own methods take any pygame mask), and the output `convolve` draws onto.

use pixel_collide::Mask;
use pyo3::prelude::*;

use crate::args;
use crate::mask_data::PyMask;

/// Another mask a method was given: one of this package's, borrowed, or a copy (of pygame's, or
/// of the mask a method was called on, laid on itself).
pub enum OtherMask<'py> {
    /// A `pixel_collide.Mask` (or an instance of a subclass).
    Ours(PyRef<'py, PyMask>),
    /// A `pygame.mask.Mask` copied word for word, or a copy of the mask itself.
    Theirs(Box<PyMask>),
}

impl std::ops::Deref for OtherMask<'_> {
    type Target = PyMask;

    fn deref(&self) -> &PyMask {
        match self {
            OtherMask::Ours(m) => m,
            OtherMask::Theirs(m) => m,
        }
    }
}

/// `obj` as a mask: this package's, or pygame's copied (as pygame's own methods take any pygame
/// mask); else a `TypeError` naming what was given.
pub fn other_mask<'py>(obj: &Bound<'py, PyAny>) -> PyResult<OtherMask<'py>> {
    if let Ok(mask) = obj.cast::<PyMask>() {
        return Ok(OtherMask::Ours(mask.try_borrow()?));
    }
    crate::pygame::pygame_mask(obj)?
        .map(|texels| PyMask::from_texels(texels).map(|m| OtherMask::Theirs(Box::new(m))))
        .unwrap_or_else(|| {
            Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "other must be a Mask (pixel_collide's or pygame's), not {}",
                args::describe(obj)
            )))
        })
}

/// The mask `convolve` draws onto: one of this package's, or pygame's, written back word for word.
pub enum Output<'py> {
    /// A `pixel_collide.Mask`.
    Ours(Bound<'py, PyMask>),
    /// A `pygame.mask.Mask` and a copy of its texels.
    Theirs(Bound<'py, PyAny>, Box<PyMask>),
}

impl<'py> Output<'py> {
    /// `obj` as an output mask, or a `TypeError` naming what was given.
    pub fn of(obj: &Bound<'py, PyAny>) -> PyResult<Self> {
        if let Ok(mask) = obj.cast::<PyMask>() {
            return Ok(Output::Ours(mask.clone()));
        }
        match crate::pygame::pygame_mask(obj)? {
            Some(texels) => Ok(Output::Theirs(
                obj.clone(),
                Box::new(PyMask::from_texels(texels)?),
            )),
            None => Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "output must be a Mask (pixel_collide's or pygame's), not {}",
                args::describe(obj)
            ))),
        }
    }

    /// `conv` drawn on the output with its top-left texel on the output's texel `offset`.
    pub fn draw(&mut self, conv: &Mask, offset: (i32, i32)) -> PyResult<()> {
        match self {
            Output::Ours(mask) => mask.try_borrow_mut()?.draw_at(mask.py(), conv, offset)?,
            Output::Theirs(target, copy) => {
                if !copy.is_zero_size() {
                    copy.draw_at(target.py(), conv, offset)?;
                    crate::pygame::write_pygame(target, &copy.inner)?;
                }
            }
        }
        Ok(())
    }

    /// The output as the object returned.
    pub fn into_any(self) -> Bound<'py, PyAny> {
        match self {
            Output::Ours(mask) => mask.into_any(),
            Output::Theirs(target, _) => target,
        }
    }
}
