//! `Mask`: which texels of an image are solid, with pygame.mask's methods by pygame's names.

use pixel_collide::glam::{Affine2, Vec2};
use pixel_collide::{Mask, MaskRule, Sprite};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyType};

use crate::args;
use crate::detach::maybe_detach;
use crate::errors::mask_error;
use crate::rects::rect_like;

/// Which texels of a `width` x `height` image are solid, one bit each: pygame's `Mask`, with its
/// methods by their pygame names, that `Sprite` places anywhere in the world turned and scaled.
#[pyclass(module = "pixel_collide", name = "Mask")]
pub struct PyMask {
    pub inner: Mask,
}

impl PyMask {
    /// Wraps a crate mask.
    pub fn new(inner: Mask) -> Self {
        PyMask { inner }
    }

    /// How many words a word loop over this mask reads.
    pub fn words(&self) -> u64 {
        self.inner.strip_words().len() as u64
    }

    /// The count and the sums of x, y, x * x, y * y and x * y over the solid texels, exactly.
    fn moments(&self) -> (i128, i128, i128, i128, i128, i128) {
        // Every sum is under 2^110 for the largest masks.
        let m = self.inner.moments();
        let [sxx, sxy, syy] = m.sum_products.map(|v| v as i128);
        let (sx, sy) = (m.sum.0 as i128, m.sum.1 as i128);
        (i128::from(m.count), sx, sy, sxx, syy, sxy)
    }

    /// The texel at `pos`, or an `IndexError` naming it when it lies outside the mask.
    fn texel(&self, pos: &Bound<'_, PyAny>) -> PyResult<(u32, u32)> {
        let (x, y) = args::texel_pair(pos, "position")?;
        let (w, h) = (self.inner.width(), self.inner.height());
        if (0..i64::from(w)).contains(&x) && (0..i64::from(h)).contains(&y) {
            Ok((x as u32, y as u32))
        } else {
            Err(PyIndexError::new_err(format!(
                "position ({x}, {y}) is outside the {w} x {h} mask"
            )))
        }
    }
}

/// A `width` x `height` mask (a size `args::size` has checked), every texel `fill`, built from
/// words without a per-texel pass.
pub fn filled(width: u32, height: u32, fill: bool) -> PyResult<Mask> {
    let mut words = words_for(width, height)?;
    words.resize(words.capacity(), if fill { u64::MAX } else { 0 });
    Mask::from_strip_words(width, height, words).map_err(mask_error)
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

/// `mask`'s texel placed on this one's texel `offset`, as a sprite pair for the crate's queries.
fn aligned<'m>(a: &'m Mask, b: &'m Mask, offset: (i64, i64)) -> (Sprite<'m>, Sprite<'m>) {
    let at = Vec2::new(offset.0 as f32, offset.1 as f32);
    (
        Sprite::new(a, Affine2::IDENTITY),
        Sprite::new(b, Affine2::from_translation(at)),
    )
}

/// Whether `other` at `offset` cannot reach this mask at all: an offset past every mask's size,
/// where the `f32` world of a sprite would round it.
fn out_of_reach(offset: (i64, i64)) -> bool {
    let far = i64::from(Mask::MAX_SIDE);
    offset.0.abs() > far || offset.1.abs() > far
}

#[pymethods]
impl PyMask {
    /// Mask(width, height, fill=False) or Mask((width, height), fill=False)
    ///
    /// A mask of `width` x `height` texels, all solid when `fill` is true, else all empty. A size of
    /// zero (which pygame allows) raises `ValueError`: every mask here has at least one texel.
    #[new]
    #[pyo3(signature = (width, height = None, fill = None))]
    fn py_new(
        width: &Bound<'_, PyAny>,
        height: Option<&Bound<'_, PyAny>>,
        fill: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        // Any true value fills, as in pygame.
        let fill = fill.map_or(Ok(false), |f| f.is_truthy())?;
        // pygame's form, `Mask((w, h), fill)`: the size as one pair, then the fill.
        if !width.is_instance_of::<pyo3::types::PyInt>() && width.len().is_ok() {
            let (w, h) = args::texel_pair(width, "size")?;
            let fill = match height {
                Some(f) => f.is_truthy()?,
                None => fill,
            };
            return Self::py_new_sized(w, h, fill);
        }
        let height = height.ok_or_else(|| {
            pyo3::exceptions::PyTypeError::new_err(
                "Mask takes a width and a height, or a (width, height) size",
            )
        })?;
        Self::py_new_sized(
            args::int(width, "width")?,
            args::int(height, "height")?,
            fill,
        )
    }

    /// get_size() -> (width, height)
    ///
    /// The mask's width and height in texels.
    fn get_size(&self) -> (u32, u32) {
        (self.inner.width(), self.inner.height())
    }

    /// The mask's width in texels.
    #[getter]
    fn width(&self) -> u32 {
        self.inner.width()
    }

    /// The mask's height in texels.
    #[getter]
    fn height(&self) -> u32 {
        self.inner.height()
    }

    /// get_at(pos) -> int
    ///
    /// 1 when texel `pos` (an `(x, y)` pair) is solid, else 0; `IndexError` outside the mask.
    fn get_at(&self, pos: &Bound<'_, PyAny>) -> PyResult<u8> {
        let (x, y) = self.texel(pos)?;
        Ok(u8::from(self.inner.is_solid(x, y)))
    }

    /// set_at(pos, value=1) -> None
    ///
    /// Makes texel `pos` solid (any true `value`) or empty; `IndexError` outside the mask.
    #[pyo3(signature = (pos, value = None))]
    fn set_at(&mut self, pos: &Bound<'_, PyAny>, value: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let (x, y) = self.texel(pos)?;
        let solid = value.map_or(Ok(true), |v| v.is_truthy())?;
        self.inner.set(x, y, solid);
        Ok(())
    }

    /// count() -> int
    ///
    /// How many texels are solid.
    fn count(&self) -> u64 {
        self.inner.solid_count()
    }

    /// overlap(other, offset) -> (x, y) or None
    ///
    /// A texel solid in both masks, with `other`'s top-left texel on this mask's texel `offset`, in
    /// this mask's texels; `None` when they share none.
    ///
    /// The texel given is the first shared one in row order (the topmost shared row, its leftmost
    /// texel). pygame gives the first it meets in its own scan of 64-texel columns, which for masks
    /// wider than 64 texels can be another shared texel; whether there is one is always the same.
    fn overlap(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        offset: &Bound<'_, PyAny>,
    ) -> PyResult<Option<(u32, u32)>> {
        let other = other_mask(other)?;
        let offset = args::texel_pair(offset, "offset")?;
        let at = (args::clamp_i32(offset.0), args::clamp_i32(offset.1));
        let (a, b) = (&self.inner, &other.inner);
        Ok(maybe_detach(py, self.words().min(other.words()), || {
            a.overlap_at(b, at)
        }))
    }

    /// overlap_area(other, offset) -> int
    ///
    /// How many texels are solid in both masks, `other` placed as in `overlap`.
    fn overlap_area(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        offset: &Bound<'_, PyAny>,
    ) -> PyResult<u64> {
        let other = other_mask(other)?;
        let offset = args::texel_pair(offset, "offset")?;
        let at = (args::clamp_i32(offset.0), args::clamp_i32(offset.1));
        let (a, b) = (&self.inner, &other.inner);
        Ok(maybe_detach(py, self.words().min(other.words()), || {
            a.overlap_area_at(b, at)
        }))
    }

    /// overlap_mask(other, offset) -> Mask
    ///
    /// A mask of this one's size whose solid texels are those solid in both, `other` placed as in
    /// `overlap`.
    fn overlap_mask(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        offset: &Bound<'_, PyAny>,
    ) -> PyResult<PyMask> {
        let other = other_mask(other)?;
        let offset = args::texel_pair(offset, "offset")?;
        if out_of_reach(offset) {
            return Ok(PyMask::new(filled(
                self.inner.width(),
                self.inner.height(),
                false,
            )?));
        }
        drop(words_for(self.inner.width(), self.inner.height())?);
        let (a, b) = (&self.inner, &other.inner);
        let shared = maybe_detach(py, self.words(), || {
            let (a, b) = aligned(a, b, offset);
            pixel_collide::overlap_mask(a, b)
        });
        Ok(PyMask::new(shared))
    }

    /// fitted_circle() -> ((x, y), radius) or None
    ///
    /// The circle this mask is a filled raster of, in texel coordinates (x right, y down, a texel one
    /// unit across): the solid texels' centroid and the radius of their area; None for a mask that is
    /// no circle's raster: a texel centre within the radius less three quarters of a texel empty, or
    /// one beyond it plus that solid (a ring, a disc with a hole or a bite, a square, an ellipse), or
    /// a radius under 6 texels. A ball drawn with `pygame.draw.circle` is one; its `Sprite` can then
    /// stand for a circle wherever a smooth outline matters more than its texels' corners. A circle
    /// is `(center, radius)` throughout, as `touches_circle` and `pygame.draw.circle` take it.
    fn fitted_circle(&self) -> Option<((f32, f32), f32)> {
        self.inner
            .fitted_circle()
            .map(|c| ((c.center.x, c.center.y), c.radius))
    }

    /// centroid() -> (x, y)
    ///
    /// The mean texel of the solid texels, each coordinate rounded down, as pygame gives it; (0, 0)
    /// when none is solid. (`Sprite`s turn about `origin`, by default the mask's centre.)
    fn centroid(&self) -> (i128, i128) {
        let (n, sx, sy, ..) = self.moments();
        if n == 0 {
            return (0, 0);
        }
        (sx / n, sy / n)
    }

    /// angle() -> float
    ///
    /// The orientation of the solid texels in degrees, from -90 to 90, from their second moments
    /// in pygame's own arithmetic (each moment divided by the count in whole numbers, as its C code
    /// does), so it gives pygame's number; 0.0 for an empty mask. (The crate's `orientation`
    /// keeps the moments exact.)
    fn angle(&self) -> f64 {
        let (n, sx, sy, sxx, syy, sxy) = self.moments();
        if n == 0 {
            return 0.0;
        }
        let (xc, yc) = (sx / n, sy / n);
        let cross = 2.0 * (sxy / n - xc * yc) as f64;
        let spread = ((sxx / n - xc * xc) - (syy / n - yc * yc)) as f32;
        -90.0 * cross.atan2(f64::from(spread)) / std::f64::consts::PI
    }

    /// outline(every=1) -> list of (x, y)
    ///
    /// The boundary texels of the first component in row order, traced clockwise on screen from
    /// its first texel back to it (the first texel ends the list again, as in pygame), every
    /// `every`-th one (pygame's `outline`).
    #[pyo3(signature = (every = 1))]
    fn outline(&self, every: i64) -> PyResult<Vec<(u32, u32)>> {
        if every < 1 {
            return Err(PyValueError::new_err(format!(
                "every must be at least 1, not {every}"
            )));
        }
        let mut ring = self.inner.outline();
        // pygame's trace ends where it began: the first texel again, for a ring of more than one.
        if ring.len() > 1 {
            ring.push(ring[0]);
        }
        Ok(ring
            .into_iter()
            .step_by(usize::try_from(every).unwrap_or(usize::MAX))
            .collect())
    }

    /// components(minimum=0) -> list of Mask
    ///
    /// Each 8-connected component of at least `minimum` texels as a mask of this mask's size,
    /// largest first (pygame's `connected_components`, which lists them in scan order). Each takes
    /// the whole mask's bytes, as in pygame: `MemoryError` when they do not fit.
    #[pyo3(signature = (minimum = 0))]
    fn components(&self, py: Python<'_>, minimum: i64) -> PyResult<Vec<PyMask>> {
        let minimum = u64::try_from(minimum).unwrap_or(0);
        let (w, h) = (self.inner.width(), self.inner.height());
        let mask = &self.inner;
        let parts = maybe_detach(py, self.words(), || mask.components(minimum));
        parts
            .iter()
            .map(|c| {
                let mut words = words_for(w, h)?;
                words.resize(words.capacity(), 0);
                for run in c.runs() {
                    fill_run(&mut words, h as usize, run.x, run.x + run.w, run.y);
                }
                Mask::from_strip_words(w, h, words)
                    .map(PyMask::new)
                    .map_err(mask_error)
            })
            .collect()
    }

    /// get_bounding_rects() -> list of Rect
    ///
    /// The bounding rectangle of each 8-connected component, largest component first: `pygame.Rect`s
    /// when pygame is imported, else `(x, y, w, h)` tuples.
    fn get_bounding_rects(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        self.inner
            .bounding_rects()
            .into_iter()
            .map(|r| rect_like(py, [r.x as f64, r.y as f64, r.w as f64, r.h as f64], false))
            .collect()
    }

    /// convolve(other) -> Mask
    ///
    /// Every whole-texel offset at which `other` overlaps this mask, as a mask of
    /// `(width + other.width - 1) x (height + other.height - 1)` texels: texel `(x, y)` is solid when
    /// `other` at offset `(x - other.width + 1, y - other.height + 1)` overlaps (pygame's
    /// `convolve`). `ValueError` when that size is past the limits.
    fn convolve(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyMask> {
        let other = other_mask(other)?;
        let (a, b) = (&self.inner, &other.inner);
        // The answer's room, tried before the crate allocates it (where a failure would abort).
        let (w, h) = (
            u64::from(a.width()) + u64::from(b.width()) - 1,
            u64::from(a.height()) + u64::from(b.height()) - 1,
        );
        if let (Ok(w), Ok(h)) = (u32::try_from(w), u32::try_from(h)) {
            if args::size(w.into(), h.into()).is_ok() {
                drop(words_for(w, h)?);
            }
        }
        maybe_detach(py, self.words().max(other.words()), || a.convolve(b))
            .map(PyMask::new)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "convolving a {} x {} mask with a {} x {} one is over the size allowed",
                    a.width(),
                    a.height(),
                    b.width(),
                    b.height()
                ))
            })
    }

    /// copy() -> Mask
    ///
    /// A new mask with the same texels. A mask edited with `set_at` after its first turned query
    /// keeps a tree shaped for edits; its copy gets the tree best for its shape, which turned
    /// queries of a mask built texel by texel and then left alone answer faster.
    fn copy(&self) -> PyResult<PyMask> {
        let m = &self.inner;
        let mut words = words_for(m.width(), m.height())?;
        words.extend_from_slice(m.strip_words());
        Mask::from_strip_words(m.width(), m.height(), words)
            .map(PyMask::new)
            .map_err(mask_error)
    }

    fn __copy__(&self) -> PyResult<PyMask> {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyResult<PyMask> {
        self.copy()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyMask>()
            .is_ok_and(|o| o.borrow().inner == self.inner)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Mask {} x {}, {} solid>",
            self.inner.width(),
            self.inner.height(),
            self.inner.solid_count()
        )
    }

    /// Mask.from_surface(surface, threshold=127) -> Mask
    ///
    /// The mask `pygame.mask.from_surface` makes of a pygame or pygame-ce `Surface`: with a colour
    /// key, every pixel not of the key colour is solid; otherwise every pixel whose alpha is above
    /// `threshold` (all of them on a surface without per-pixel alpha).
    #[classmethod]
    #[pyo3(signature = (surface, threshold = 127))]
    fn from_surface(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        surface: &Bound<'_, PyAny>,
        threshold: i64,
    ) -> PyResult<PyMask> {
        crate::pygame::from_surface(py, surface, threshold).map(PyMask::new)
    }

    /// Mask.from_pygame(mask) -> Mask
    ///
    /// A copy of a `pygame.mask.Mask` (pygame 2 or pygame-ce), word for word.
    #[classmethod]
    fn from_pygame(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        mask: &Bound<'_, PyAny>,
    ) -> PyResult<PyMask> {
        crate::pygame::from_pygame(py, mask).map(PyMask::new)
    }

    /// to_pygame() -> pygame.mask.Mask
    ///
    /// A `pygame.mask.Mask` with the same texels, word for word.
    fn to_pygame(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        crate::pygame::to_pygame(py, &self.inner)
    }

    /// Mask.from_rgba(data, width, height, threshold=0) -> Mask
    ///
    /// A mask from `width * height` RGBA pixels, four bytes each, row by row from the top left
    /// (any bytes-like object: `bytes`, `bytearray`, `memoryview`, a NumPy array's buffer); a
    /// texel is solid when its alpha is above `threshold`. `ValueError` for a byte count that
    /// does not match the size.
    #[classmethod]
    #[pyo3(signature = (data, width, height, threshold = 0))]
    fn from_rgba(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        data: &Bound<'_, PyAny>,
        width: &Bound<'_, PyAny>,
        height: &Bound<'_, PyAny>,
        threshold: i64,
    ) -> PyResult<PyMask> {
        let (w, h) = args::size(args::int(width, "width")?, args::int(height, "height")?)?;
        let rule = MaskRule::alpha(args::threshold(threshold)?);
        let bytes = as_bytes(data)?;
        let rgba = bytes.as_bytes();
        maybe_detach(py, rgba.len() as u64 / 256, || {
            Mask::from_rgba(w, h, rgba, rule)
        })
        .map(PyMask::new)
        .map_err(mask_error)
    }

    /// Mask.load(path, threshold=0) -> Mask
    ///
    /// A mask from an image file (PNG), a texel solid when its alpha is above `threshold`.
    /// `OSError` when the file cannot be read, `ValueError` when it is not an image or is
    /// larger than 8192 x 8192 texels (16384 a side).
    #[classmethod]
    #[pyo3(signature = (path, threshold = 0))]
    fn load(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        path: std::path::PathBuf,
        threshold: i64,
    ) -> PyResult<PyMask> {
        let rule = MaskRule::alpha(args::threshold(threshold)?);
        py.detach(|| Mask::open(&path, rule))
            .map(PyMask::new)
            .map_err(mask_error)
    }
}

impl PyMask {
    /// The constructor once the size is read.
    fn py_new_sized(width: i64, height: i64, fill: bool) -> PyResult<Self> {
        let (w, h) = args::size(width, height)?;
        Ok(PyMask::new(filled(w, h, fill)?))
    }
}

/// `obj` as a mask of this package, or a `TypeError` that says how to get one.
fn other_mask<'py>(obj: &Bound<'py, PyAny>) -> PyResult<PyRef<'py, PyMask>> {
    let mask = obj.cast::<PyMask>().map_err(|_| {
        let from = if obj.get_type().name().is_ok_and(|n| n == "Mask") {
            " (Mask.from_pygame converts a pygame mask)"
        } else {
            ""
        };
        pyo3::exceptions::PyTypeError::new_err(format!(
            "other must be a pixel_collide.Mask{from}, not {}",
            args::describe(obj)
        ))
    })?;
    Ok(mask.try_borrow()?)
}

/// Sets texels `x0..x1` of row `y` in strip words of a mask `height` rows tall.
fn fill_run(words: &mut [u64], height: usize, x0: u32, x1: u32, y: u32) {
    let mut x = x0;
    while x < x1 {
        let (k, bit) = (x as usize / 64, x % 64);
        let n = (x1 - x).min(64 - bit);
        let ones = if n == 64 {
            u64::MAX
        } else {
            ((1u64 << n) - 1) << bit
        };
        words[k * height + y as usize] |= ones;
        x += n;
    }
}

/// `data`'s bytes: `bytes` itself, or anything with the buffer protocol copied into `bytes`.
pub fn as_bytes<'py>(data: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBytes>> {
    if let Ok(b) = data.cast::<PyBytes>() {
        return Ok(b.clone());
    }
    static READER: pyo3::sync::PyOnceLock<Py<PyAny>> = pyo3::sync::PyOnceLock::new();
    let read = READER.import(data.py(), "pixel_collide._arrays", "as_bytes")?;
    Ok(read.call1((data,))?.cast_into::<PyBytes>()?)
}
