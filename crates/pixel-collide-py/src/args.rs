//! The argument forms pygame accepts (a position as a tuple or any two-item sequence, a size, a
//! threshold), read into Rust values with one clear exception for anything else.

use pixel_collide::glam::Vec2;
use pixel_collide::Mask;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyFloat, PyList, PyTuple};

/// The two items of a tuple, a list, a `pygame.Vector2` or any other two-item sequence (not a
/// string), or `None`.
fn items<'py>(obj: &Bound<'py, PyAny>) -> Option<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    // Tuples first: the form nearly every call passes, read without the sequence protocol.
    if let Ok(t) = obj.cast::<PyTuple>() {
        return (t.len() == 2).then(|| Some((t.get_item(0).ok()?, t.get_item(1).ok()?)))?;
    }
    if obj.is_instance_of::<pyo3::types::PyString>() || obj.len().ok() != Some(2) {
        return None;
    }
    Some((obj.get_item(0).ok()?, obj.get_item(1).ok()?))
}

/// The error for a value that is not a pair of numbers.
fn not_a_pair(obj: &Bound<'_, PyAny>, what: &str) -> PyErr {
    PyTypeError::new_err(format!(
        "{what} must be a pair of numbers (a tuple or two-item sequence), not {}",
        describe(obj)
    ))
}

/// Two numbers given as a tuple or any two-item sequence.
pub fn pair_f64(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<(f64, f64)> {
    // A tuple of two `float`s, the form a game passes each frame, read with no reference counted.
    if let Ok(t) = obj.cast::<PyTuple>() {
        if t.len() == 2 {
            let (x, y) = (t.get_borrowed_item(0)?, t.get_borrowed_item(1)?);
            if let (Ok(x), Ok(y)) = (x.cast::<PyFloat>(), y.cast::<PyFloat>()) {
                return Ok((x.value(), y.value()));
            }
        }
    }
    let (x, y) = items(obj).ok_or_else(|| not_a_pair(obj, what))?;
    match (x.extract::<f64>(), y.extract::<f64>()) {
        (Ok(x), Ok(y)) => Ok((x, y)),
        _ => Err(not_a_pair(obj, what)),
    }
}

/// A world point or vector: two finite numbers.
pub fn point(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec2> {
    let (x, y) = pair_f64(obj, what)?;
    finite_vec(x, y, what)
}

/// `Vec2(x, y)`, or a `ValueError` naming `what` when either is NaN, infinite or past `f32`.
pub fn finite_vec(x: f64, y: f64, what: &str) -> PyResult<Vec2> {
    let v = Vec2::new(x as f32, y as f32);
    if v.is_finite() {
        Ok(v)
    } else {
        Err(PyValueError::new_err(format!(
            "{what} ({x}, {y}) is not finite"
        )))
    }
}

/// A finite number.
pub fn finite(x: f64, what: &str) -> PyResult<f32> {
    let v = x as f32;
    if v.is_finite() {
        Ok(v)
    } else {
        Err(PyValueError::new_err(format!("{what} {x} is not finite")))
    }
}

/// A whole-texel offset or position: two integers, or numbers cut towards zero (pygame-ce's forms).
/// Values past `i64` are clamped: no mask is that large, so a clamped offset misses exactly as the
/// true one does.
pub fn texel_pair(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<(i64, i64)> {
    // The form nearly every call passes, a tuple of two `int`s, read with no reference counted and
    // no error made and dropped: per call, this is most of the work a small query does.
    if let Ok(t) = obj.cast::<PyTuple>() {
        if t.len() == 2 {
            let (x, y) = (t.get_borrowed_item(0)?, t.get_borrowed_item(1)?);
            if x.is_exact_instance_of::<pyo3::types::PyInt>()
                && y.is_exact_instance_of::<pyo3::types::PyInt>()
            {
                if let (Ok(x), Ok(y)) = (x.extract::<i64>(), y.extract::<i64>()) {
                    return Ok((x, y));
                }
            }
        }
    }
    let (x, y) = items(obj).ok_or_else(|| not_a_pair_of_ints(obj, what))?;
    // Anything with `__index__` (NumPy's integers too), or a float cut towards zero as pygame-ce
    // cuts it; a float that is not finite names no texel.
    let whole = |v: &Bound<'_, PyAny>| -> PyResult<i64> {
        if let Ok(n) = int(v, what) {
            return Ok(n);
        }
        let f: f64 = v.extract().map_err(|_| not_a_pair_of_ints(obj, what))?;
        if !f.is_finite() {
            return Err(PyValueError::new_err(format!(
                "{what} {} is not finite",
                describe(obj)
            )));
        }
        // `as` saturates: a float past i64 lands on its end, as far out as any mask reaches.
        Ok(f.trunc() as i64)
    };
    Ok((whole(&x)?, whole(&y)?))
}

/// The error for a value that is not a pair of integers.
fn not_a_pair_of_ints(obj: &Bound<'_, PyAny>, what: &str) -> PyErr {
    PyTypeError::new_err(format!(
        "{what} must be a pair of numbers (a tuple or two-item sequence), not {}",
        describe(obj)
    ))
}

/// A whole number named `what`: anything with `__index__`; integers past `i64` are clamped (a size
/// or threshold that large is refused by its own check, with the right message).
pub fn int(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<i64> {
    if let Ok(n) = obj.extract::<i64>() {
        return Ok(n);
    }
    let big = obj.cast::<pyo3::types::PyInt>().map_err(|_| {
        PyTypeError::new_err(format!("{what} must be an integer, not {}", describe(obj)))
    })?;
    Ok(if big.lt(0)? { i64::MIN } else { i64::MAX })
}

/// `v` clamped into `i32`.
pub fn clamp_i32(v: i64) -> i32 {
    v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

/// A mask size: two whole numbers, each at least 1, within the crate's limits (checked here, before
/// anything is allocated).
pub fn size(width: i64, height: i64) -> PyResult<(u32, u32)> {
    match (u32::try_from(width), u32::try_from(height)) {
        (Ok(w), Ok(h)) if w > 0 && h > 0 => check_size(w, h).map(|()| (w, h)),
        _ if width == i64::MAX || height == i64::MAX => Err(PyValueError::new_err(format!(
            "mask size is over the {} texels a side allowed",
            Mask::MAX_SIDE
        ))),
        _ if width < 0 || height < 0 => Err(PyValueError::new_err(format!(
            "mask size {width} x {height} is negative"
        ))),
        _ if width == 0 || height == 0 => Err(PyValueError::new_err(format!(
            "mask size {width} x {height} has no texels: a mask needs at least one"
        ))),
        _ => Err(PyValueError::new_err(format!(
            "mask size {width} x {height} is over the {} texels a side allowed",
            Mask::MAX_SIDE
        ))),
    }
}

/// A mask size as pygame takes one: [`size`]'s checks, but a side of 0 allowed (a mask with no
/// texels).
pub fn size_or_zero(width: i64, height: i64) -> PyResult<(u32, u32)> {
    match (u32::try_from(width), u32::try_from(height)) {
        (Ok(w), Ok(h)) if w == 0 || h == 0 => Ok((w, h)),
        _ => size(width, height),
    }
}

/// An alpha threshold, 0 to 255.
pub fn threshold(t: i64) -> PyResult<u8> {
    u8::try_from(t).map_err(|_| PyValueError::new_err(format!("threshold {t} is outside 0 to 255")))
}

/// A sprite's scale: one number for both axes or an `(sx, sy)` pair, finite.
pub fn scale(obj: &Bound<'_, PyAny>) -> PyResult<Vec2> {
    if let Ok(s) = obj.extract::<f64>() {
        return finite_vec(s, s, "scale");
    }
    let (x, y) = pair_f64(obj, "scale").map_err(|_| {
        PyTypeError::new_err(format!(
            "scale must be a number or a pair of numbers, not {}",
            describe(obj)
        ))
    })?;
    finite_vec(x, y, "scale")
}

/// `count` floats from a list or tuple of numbers (or of pairs, flattened), or from anything
/// `pixel_collide._arrays.float64_bytes` reads (NumPy arrays, `array.array`, other sequences).
pub fn floats(obj: &Bound<'_, PyAny>, count: usize, what: &str) -> PyResult<Vec<f64>> {
    let py = obj.py();
    let mut out = Vec::with_capacity(count);
    let flat = if let Ok(list) = obj.cast::<PyList>() {
        read_items(list.iter(), &mut out, what)
    } else if let Ok(tuple) = obj.cast::<PyTuple>() {
        read_items(tuple.iter(), &mut out, what)
    } else {
        static READER: pyo3::sync::PyOnceLock<Py<PyAny>> = pyo3::sync::PyOnceLock::new();
        let read = READER.import(py, "pixel_collide._arrays", "float64_bytes")?;
        let bytes: Vec<u8> = read.call1((obj, what))?.extract()?;
        out.extend(
            bytes
                .chunks_exact(8)
                .map(|c| f64::from_ne_bytes(c.try_into().expect("eight bytes"))),
        );
        Ok(())
    };
    flat?;
    if out.len() != count {
        return Err(PyValueError::new_err(format!(
            "{what} holds {} numbers where {count} are needed",
            out.len()
        )));
    }
    if let Some(i) = out.iter().position(|v| !(*v as f32).is_finite()) {
        return Err(PyValueError::new_err(format!(
            "{what}: number {i} ({}) is not finite",
            out[i]
        )));
    }
    Ok(out)
}

/// Numbers, or pairs of numbers, from a list's or tuple's items.
fn read_items<'py>(
    items: impl Iterator<Item = Bound<'py, PyAny>>,
    out: &mut Vec<f64>,
    what: &str,
) -> PyResult<()> {
    for item in items {
        if let Ok(v) = item.extract::<f64>() {
            out.push(v);
        } else {
            let (x, y) = pair_f64(&item, what)?;
            out.extend([x, y]);
        }
    }
    Ok(())
}

/// A short description of a value for an error message: its type, and its value when short.
pub fn describe(obj: &Bound<'_, PyAny>) -> String {
    let ty = obj
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into());
    match obj.repr() {
        Ok(r) if r.to_string().len() <= 40 => format!("{ty} {r}"),
        _ => ty,
    }
}

/// A `ValueError` unless the crate builds masks of this size.
fn check_size(width: u32, height: u32) -> PyResult<()> {
    let (w, h) = (u64::from(width), u64::from(height));
    if width > Mask::MAX_SIDE || height > Mask::MAX_SIDE || w * h > Mask::MAX_TEXELS {
        return Err(PyValueError::new_err(format!(
            "mask size {width} x {height} is over the {} texels a side or {} texels allowed",
            Mask::MAX_SIDE,
            Mask::MAX_TEXELS
        )));
    }
    Ok(())
}
