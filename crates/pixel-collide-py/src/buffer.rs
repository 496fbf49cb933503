//! The buffer protocol for masks (`memoryview(mask)`), as pygame's masks offer it: the mask's own
//! words, strips of 64 columns, a word per row of a strip, as a read-only two-dimensional array
//! indexed `[strip, row]` (bit `x % 64` of word `[x // 64, y]` is texel `(x, y)`).
//!
//! Read-only because the crate keeps a tree of each mask's solid regions beside its words, which
//! writes behind its back would leave stale. The stable ABI has the protocol from CPython 3.11 on,
//! so the wheels for 3.9 and 3.10 go without it.

use std::ffi::{c_char, c_int, c_void};
use std::ptr;

use pyo3::exceptions::PyBufferError;
use pyo3::{ffi, prelude::*};

/// A word's format for `struct` and `memoryview`: an unsigned 64-bit integer.
static FORMAT: &[u8; 2] = b"Q\0";

/// The shape and strides a view points at, kept until the view is released.
struct Layout {
    shape: [ffi::Py_ssize_t; 2],
    strides: [ffi::Py_ssize_t; 2],
}

/// Fills `view` with `words` (`strips` strips of `height` words each) read-only, for `owner`.
///
/// # Safety
///
/// `view` is the view CPython passes to `bf_getbuffer`, and `words` stays where it is, unchanged
/// but through `owner`'s in-place edits, until `release` is called with the same view.
pub unsafe fn export(
    view: *mut ffi::Py_buffer,
    flags: c_int,
    owner: Bound<'_, PyAny>,
    words: &[u64],
    strips: usize,
    height: usize,
) -> PyResult<()> {
    if view.is_null() {
        return Err(PyBufferError::new_err("no view to fill"));
    }
    if flags & ffi::PyBUF_WRITABLE == ffi::PyBUF_WRITABLE {
        return Err(PyBufferError::new_err(
            "a mask's buffer is read-only: set_at, draw and erase change its texels",
        ));
    }
    let len = strips * height;
    debug_assert!(len <= words.len());
    let layout = Box::new(Layout {
        shape: [strips as ffi::Py_ssize_t, height as ffi::Py_ssize_t],
        strides: [(height * 8) as ffi::Py_ssize_t, 8],
    });
    // SAFETY: CPython hands a valid, writable view to fill (checked for null above).
    let v = unsafe { &mut *view };
    v.obj = owner.into_ptr();
    v.buf = words.as_ptr() as *mut c_void;
    v.len = (len * 8) as ffi::Py_ssize_t;
    v.readonly = 1;
    v.itemsize = 8;
    v.format = if flags & ffi::PyBUF_FORMAT == ffi::PyBUF_FORMAT {
        FORMAT.as_ptr() as *mut c_char
    } else {
        ptr::null_mut()
    };
    let (nd, strided) = (
        flags & ffi::PyBUF_ND == ffi::PyBUF_ND,
        flags & ffi::PyBUF_STRIDES == ffi::PyBUF_STRIDES,
    );
    v.ndim = if nd { 2 } else { 1 };
    v.shape = if nd {
        layout.shape.as_ptr() as *mut _
    } else {
        ptr::null_mut()
    };
    v.strides = if strided {
        layout.strides.as_ptr() as *mut _
    } else {
        ptr::null_mut()
    };
    v.suboffsets = ptr::null_mut();
    v.internal = Box::into_raw(layout) as *mut c_void;
    Ok(())
}

/// Frees what `export` kept for `view`.
///
/// # Safety
///
/// `view` is a view `export` filled, released once.
pub unsafe fn release(view: *mut ffi::Py_buffer) {
    // SAFETY: `export` put a boxed `Layout` in `internal`, and each view is released once.
    unsafe {
        let internal = (*view).internal as *mut Layout;
        if !internal.is_null() {
            drop(Box::from_raw(internal));
            (*view).internal = ptr::null_mut();
        }
    }
}
