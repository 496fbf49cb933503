//! The crate's errors as Python exceptions: a file that cannot be read is an `OSError`, memory the
//! machine could not give a `MemoryError`, everything else about a mask's input a `ValueError`,
//! each with the crate's one-line message.

use pixel_collide::MaskError;
use pyo3::exceptions::{PyMemoryError, PyOSError, PyValueError};
use pyo3::PyErr;

/// `err` as the Python exception a caller expects.
pub fn mask_error(err: MaskError) -> PyErr {
    match err {
        MaskError::Io { .. } => PyOSError::new_err(err.to_string()),
        MaskError::OutOfMemory { .. } => PyMemoryError::new_err(err.to_string()),
        _ => PyValueError::new_err(err.to_string()),
    }
}
