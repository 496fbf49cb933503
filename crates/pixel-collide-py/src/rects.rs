//! Rectangles handed back to Python: pygame's own `Rect` (and pygame-ce's `FRect`) when the program
//! has imported pygame, plain `(x, y, w, h)` tuples otherwise, which pygame accepts wherever it takes
//! a rectangle.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// `(x, y, w, h)` as a `pygame.Rect` (whole numbers), a `pygame.FRect` (`float`, pygame-ce only)
/// or a tuple. pygame is never imported here: only a program that uses it gets its types.
pub fn rect_like(py: Python<'_>, xywh: [f64; 4], float: bool) -> PyResult<Py<PyAny>> {
    let modules = py.import("sys")?.getattr("modules")?;
    let pygame = modules.cast::<PyDict>()?.get_item("pygame")?;
    let class = match &pygame {
        Some(pg) if float => pg.getattr("FRect").ok(),
        Some(pg) => pg.getattr("Rect").ok(),
        None => None,
    };
    let [x, y, w, h] = xywh;
    Ok(match (class, float) {
        (Some(class), true) => class.call1((x, y, w, h))?.unbind(),
        (Some(class), false) => class
            .call1((x as i64, y as i64, w as i64, h as i64))?
            .unbind(),
        (None, true) => PyTuple::new(py, xywh)?.into_any().unbind(),
        (None, false) => PyTuple::new(py, xywh.map(|v| v as i64))?
            .into_any()
            .unbind(),
    })
}
