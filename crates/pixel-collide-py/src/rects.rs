//! Rectangles handed back to Python: the installed pygame's own `Rect` (and pygame-ce's `FRect`),
//! whether or not the program imported pygame first; plain `(x, y, w, h)` tuples only where no
//! pygame is installed (or, for fractional rectangles, under pygame 2, which has no `FRect`).

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyTuple;

/// pygame's `Rect` and `FRect` classes, where they exist.
type Classes = (Option<Py<PyAny>>, Option<Py<PyAny>>);

/// pygame's `Rect` and `FRect` classes, looked up once.
fn classes(py: Python<'_>) -> PyResult<&Classes> {
    static CLASSES: PyOnceLock<Classes> = PyOnceLock::new();
    CLASSES.get_or_try_init(py, || {
        let found = py
            .import("pixel_collide._pygame")?
            .getattr("rect_classes")?
            .call0()?;
        if found.is_none() {
            return Ok((None, None));
        }
        let (rect, frect): (Py<PyAny>, Py<PyAny>) = found.extract()?;
        let frect = (!frect.is_none(py)).then_some(frect);
        Ok((Some(rect), frect))
    })
}

/// `(x, y, w, h)` as a `pygame.Rect` (whole numbers), a `pygame.FRect` (`float`) or a tuple.
pub fn rect_like(py: Python<'_>, xywh: [f64; 4], float: bool) -> PyResult<Py<PyAny>> {
    let (rect, frect) = classes(py)?;
    let class = if float { frect } else { rect };
    let [x, y, w, h] = xywh;
    Ok(match (class, float) {
        (Some(class), true) => class.bind(py).call1((x, y, w, h))?.unbind(),
        (Some(class), false) => class
            .bind(py)
            .call1((x as i64, y as i64, w as i64, h as i64))?
            .unbind(),
        (None, true) => PyTuple::new(py, xywh)?.into_any().unbind(),
        (None, false) => PyTuple::new(py, xywh.map(|v| v as i64))?
            .into_any()
            .unbind(),
    })
}
