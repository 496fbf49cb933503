//! `Mask`: which texels of an image are solid, with pygame.mask's methods by pygame's names.

use pixel_collide::{Component, Mask, MaskRule};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyType};
use std::sync::atomic::Ordering;

use crate::args;
use crate::components::{component_mask, in_scan_order};
use crate::detach::maybe_detach;
use crate::errors::mask_error;
use crate::given::{other_mask, OtherMask, Output};
use crate::mask_data::PyMask;
use crate::rects::rect_like;
use crate::room::words_for;

#[pymethods]
impl PyMask {
    /// A mask of no texels, which `__init__` then sizes: pygame's masks are made in two steps, so a
    /// subclass's `__init__` may take other arguments than `Mask`'s and pass its own to it.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn py_new(
        _args: &Bound<'_, pyo3::types::PyTuple>,
        _kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Self> {
        PyMask::sized(0, 0, false)
    }

    /// Mask(width, height, fill=False) or Mask(size, fill=False)
    ///
    /// A mask of `width` x `height` texels (or of `size`, a `(width, height)` pair, as pygame takes
    /// it), all solid when `fill` is true, else all empty. A side may be 0, as in pygame: such a
    /// mask has no texel, and a `Sprite` refuses it.
    #[pyo3(signature = (width = None, height = None, fill = None, *, size = None))]
    fn __init__(
        &mut self,
        width: Option<&Bound<'_, PyAny>>,
        height: Option<&Bound<'_, PyAny>>,
        fill: Option<&Bound<'_, PyAny>>,
        size: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        self.replace(PyMask::from_arguments(width, height, fill, size)?)
    }

    /// The buffer protocol (`memoryview(mask)`): the mask's words, read-only, `[strip, row]`.
    #[cfg(not(any(feature = "python39", feature = "python310")))]
    unsafe fn __getbuffer__(
        slf: Bound<'_, Self>,
        view: *mut pyo3::ffi::Py_buffer,
        flags: std::ffi::c_int,
    ) -> PyResult<()> {
        let this = slf.try_borrow()?;
        let (w, h) = this.size;
        let (strips, rows) = (w.div_ceil(64) as usize, h as usize);
        let words = this.inner.strip_words();
        // SAFETY: the words stay in place while `exports` counts the view: `replace` refuses.
        unsafe { crate::buffer::export(view, flags, slf.clone().into_any(), words, strips, rows)? };
        this.exports.fetch_add(1, Ordering::AcqRel);
        Ok(())
    }

    /// Ends a buffer view `__getbuffer__` opened.
    #[cfg(not(any(feature = "python39", feature = "python310")))]
    unsafe fn __releasebuffer__(&self, view: *mut pyo3::ffi::Py_buffer) {
        // SAFETY: CPython releases each view it got from `__getbuffer__` once.
        unsafe { crate::buffer::release(view) };
        self.exports.fetch_sub(1, Ordering::AcqRel);
    }

    /// to_surface(surface=None, setsurface=None, unsetsurface=None, setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 255), dest=(0, 0)) -> Surface
    ///
    /// The mask drawn on a pygame `Surface`, exactly as pygame's `to_surface` draws it (it runs
    /// pygame's own, on a copy of this mask): solid texels in `setcolor` or from `setsurface`,
    /// empty ones in `unsetcolor` or from `unsetsurface`, onto `surface` at `dest` or a new one.
    #[pyo3(signature = (*args, **kwargs))]
    fn to_surface(
        &self,
        py: Python<'_>,
        args: &Bound<'_, pyo3::types::PyTuple>,
        kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let theirs = self.to_pygame(py)?;
        Ok(theirs
            .bind(py)
            .call_method("to_surface", args, kwargs)?
            .unbind())
    }

    /// get_size() -> (width, height)
    ///
    /// The mask's width and height in texels.
    fn get_size(&self) -> (u32, u32) {
        self.size
    }

    /// The mask's width in texels.
    #[getter]
    fn width(&self) -> u32 {
        self.size.0
    }

    /// The mask's height in texels.
    #[getter]
    fn height(&self) -> u32 {
        self.size.1
    }

    /// get_rect(**kwargs) -> Rect
    ///
    /// A `pygame.Rect` at (0, 0) of the mask's size, with each keyword argument set on it as an
    /// attribute (`get_rect(center=(100, 100))`), as pygame's `get_rect` gives it.
    #[pyo3(signature = (**kwargs))]
    fn get_rect(
        &self,
        py: Python<'_>,
        kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let (w, h) = self.size;
        let rect = rect_like(py, [0.0, 0.0, f64::from(w), f64::from(h)], false)?;
        if let Some(kwargs) = kwargs {
            for (name, value) in kwargs {
                rect.bind(py)
                    .setattr(name.cast::<pyo3::types::PyString>()?, value)?;
            }
        }
        Ok(rect)
    }

    /// fill() -> None
    ///
    /// Makes every texel solid.
    fn fill(&mut self) -> PyResult<()> {
        self.replace(PyMask::sized(self.size.0, self.size.1, true)?)
    }

    /// clear() -> None
    ///
    /// Makes every texel empty.
    fn clear(&mut self) -> PyResult<()> {
        self.replace(PyMask::sized(self.size.0, self.size.1, false)?)
    }

    /// invert() -> None
    ///
    /// Makes every solid texel empty and every empty one solid.
    fn invert(&mut self) -> PyResult<()> {
        if self.is_zero_size() {
            return Ok(());
        }
        let inverted = PyMask::new(self.inner.invert());
        self.replace(inverted)
    }

    /// scale(scale) -> Mask
    ///
    /// A new mask of size `scale` (a `(width, height)` pair) by nearest neighbour, as pygame scales:
    /// texel `(x, y)` takes the source texel `(x * width // new_width, y * height // new_height)`.
    /// `ValueError` for a negative size.
    fn scale(&self, py: Python<'_>, scale: &Bound<'_, PyAny>) -> PyResult<PyMask> {
        let (w, h) = args::texel_pair(scale, "scale")?;
        if w < 0 || h < 0 {
            return Err(PyValueError::new_err(format!(
                "scale ({w}, {h}) is negative: a mask's size is 0 or more"
            )));
        }
        let (w, h) = args::size_or_zero(w, h)?;
        if w == 0 || h == 0 || self.is_zero_size() {
            return PyMask::sized(w, h, false);
        }
        drop(words_for(w, h)?);
        let src = &self.inner;
        let (sw, sh) = (u64::from(src.width()), u64::from(src.height()));
        maybe_detach(py, u64::from(w).div_ceil(64) * u64::from(h), || {
            Mask::from_fn(w, h, |x, y| {
                let sx = u64::from(x) * sw / u64::from(w);
                let sy = u64::from(y) * sh / u64::from(h);
                src.is_solid(sx as u32, sy as u32)
            })
        })
        .map(PyMask::new)
        .map_err(mask_error)
    }

    /// draw(other, offset) -> None
    ///
    /// Makes solid every texel of this mask that is solid in `other`, with `other`'s top-left texel
    /// on this mask's texel `offset` (a bitwise OR, as pygame's `draw`).
    fn draw(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyAny>,
        offset: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        PyMask::layer(slf, other, offset, Mask::draw_at)
    }

    /// erase(other, offset) -> None
    ///
    /// Makes empty every texel of this mask that is solid in `other`, placed as in `draw`.
    fn erase(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyAny>,
        offset: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        PyMask::layer(slf, other, offset, Mask::erase_at)
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
        let at = (args::clamp_i32(offset.0), args::clamp_i32(offset.1));
        let mut out = self.copied()?;
        let b = &other.inner;
        out.edit(py, |m| m.intersect_at(b, at))?;
        Ok(out)
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

    /// connected_components(minimum=0) -> list of Mask
    ///
    /// Each 8-connected component of at least `minimum` texels as a mask of this mask's size, in
    /// pygame's order: by each component's first texel in row order (top row first, then left).
    /// Each takes the whole mask's bytes, as in pygame: `MemoryError` when they do not fit.
    #[pyo3(signature = (minimum = 0))]
    fn connected_components(&self, py: Python<'_>, minimum: i64) -> PyResult<Vec<PyMask>> {
        let minimum = u64::try_from(minimum).unwrap_or(0);
        let mask = &self.inner;
        let parts = maybe_detach(py, self.words(), || in_scan_order(mask, minimum));
        parts.iter().map(|c| self.of_component(c)).collect()
    }

    /// connected_component(pos=None) -> Mask
    ///
    /// The 8-connected component holding texel `pos`, as a mask of this mask's size (an empty mask
    /// when that texel is empty; `IndexError` outside the mask); without `pos`, the largest
    /// component (the first in `connected_components`' order among equals), or an empty mask.
    #[pyo3(signature = (pos = None))]
    fn connected_component(
        &self,
        py: Python<'_>,
        pos: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyMask> {
        let at = pos.map(|p| self.texel(p)).transpose()?;
        let mask = &self.inner;
        let parts = maybe_detach(py, self.words(), || in_scan_order(mask, 1));
        let part = match at {
            Some((x, y)) => parts.iter().find(|c| c.contains(x, y)),
            // The first of the largest: `max_by_key` would keep the last.
            None => parts.iter().rev().max_by_key(|c| c.solid_count()),
        };
        match part {
            Some(c) => self.of_component(c),
            None => PyMask::sized(self.size.0, self.size.1, false),
        }
    }

    /// get_bounding_rects() -> list of Rect
    ///
    /// The bounding rectangle of each 8-connected component, in `connected_components`' order, as
    /// `pygame.Rect`s (tuples `(x, y, w, h)` where no pygame is installed).
    fn get_bounding_rects(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        let mask = &self.inner;
        let parts = maybe_detach(py, self.words(), || in_scan_order(mask, 1));
        parts
            .iter()
            .map(|c| {
                let r = c.bounds();
                rect_like(py, [r.x as f64, r.y as f64, r.w as f64, r.h as f64], false)
            })
            .collect()
    }

    /// convolve(other, output=None, offset=(0, 0)) -> Mask
    ///
    /// Every whole-texel offset at which `other` overlaps this mask, as pygame's `convolve`: texel
    /// `(x + offset[0], y + offset[1])` is solid when `other` with its bottom-right texel on `(x, y)`
    /// overlaps. Drawn onto `output` (a mask of this package or of pygame, which is returned) when
    /// given, else onto a new mask of `(width + other.width - 1) x (height + other.height - 1)`
    /// texels (0 where that is negative). `ValueError` when that size is past the limits.
    #[pyo3(signature = (other, output = None, offset = None))]
    fn convolve<'py>(
        slf: &Bound<'py, Self>,
        other: &Bound<'py, PyAny>,
        output: Option<&Bound<'py, PyAny>>,
        offset: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let offset = offset.map_or(Ok((0, 0)), |o| args::texel_pair(o, "offset"))?;
        let output = output.map(Output::of).transpose()?;
        let (conv, size) = {
            let this = slf.try_borrow()?;
            let other = other_mask(other)?;
            let (a, b) = (&this.inner, &other.inner);
            let (w, h) = (
                (i64::from(this.size.0) + i64::from(other.size.0) - 1).max(0),
                (i64::from(this.size.1) + i64::from(other.size.1) - 1).max(0),
            );
            let size = args::size_or_zero(w, h).map_err(|_| {
                PyValueError::new_err(format!(
                    "convolving a {} x {} mask with a {} x {} one is over the size allowed",
                    this.size.0, this.size.1, other.size.0, other.size.1
                ))
            })?;
            if this.is_zero_size() || other.is_zero_size() {
                (None, size)
            } else {
                // The answer's room, tried before the crate allocates it (where a failure would
                // abort).
                drop(words_for(size.0, size.1)?);
                let conv = maybe_detach(py, this.words().max(other.words()), || a.convolve(b));
                (conv, size)
            }
        };
        let mut output = match output {
            Some(output) => output,
            None => Output::Ours(Bound::new(py, PyMask::sized(size.0, size.1, false)?)?),
        };
        if let Some(conv) = conv {
            output.draw(
                &conv,
                (args::clamp_i32(offset.0), args::clamp_i32(offset.1)),
            )?;
        }
        Ok(output.into_any())
    }

    /// copy() -> Mask
    ///
    /// A new mask with the same texels, of this mask's class: `copy.copy(mask)`, so a subclass that
    /// overrides `__copy__` copies its own attributes through both, as pygame's does. A mask edited
    /// with `set_at` after its first turned query keeps a tree shaped for edits; its copy gets the
    /// tree best for its shape, which turned queries of a mask built texel by texel and then left
    /// alone answer faster.
    fn copy<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        slf.call_method0(pyo3::intern!(slf.py(), "__copy__"))
    }

    /// __copy__() -> Mask
    ///
    /// A new mask with the same texels, of this mask's class, made without calling its `__init__`
    /// (as pygame makes it): a subclass's own attributes are not copied.
    fn __copy__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyMask>> {
        let py = slf.py();
        let class = slf.get_type();
        // `Mask.__new__`, not the class's own: a subclass may give `__new__` other arguments.
        let copy = py
            .get_type::<PyMask>()
            .call_method1(pyo3::intern!(py, "__new__"), (class,))?
            .cast_into::<PyMask>()?;
        let texels = slf.try_borrow()?.copied()?;
        copy.try_borrow_mut()?.replace(texels)?;
        Ok(copy)
    }

    /// __deepcopy__(memo) -> Mask
    ///
    /// `__copy__`, with a subclass's attributes deep-copied onto the copy (pygame-ce raises
    /// `TypeError` here).
    fn __deepcopy__<'py>(
        slf: &Bound<'py, Self>,
        memo: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let copy = slf.call_method0(pyo3::intern!(py, "__copy__"))?;
        if let Ok(own) = slf.getattr(pyo3::intern!(py, "__dict__")) {
            let deep = py.import("copy")?.getattr("deepcopy")?.call1((own, memo))?;
            copy.getattr(pyo3::intern!(py, "__dict__"))?
                .call_method1(pyo3::intern!(py, "update"), (deep,))?;
        }
        Ok(copy)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyMask>()
            .is_ok_and(|o| o.borrow().size == self.size && o.borrow().inner == self.inner)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Mask {} x {}, {} solid>",
            self.size.0,
            self.size.1,
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
        crate::pygame::from_surface(py, surface, threshold).and_then(PyMask::from_texels)
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
        crate::pygame::from_pygame(py, mask).and_then(PyMask::from_texels)
    }

    /// to_pygame() -> pygame.mask.Mask
    ///
    /// A `pygame.mask.Mask` with the same texels, word for word.
    fn to_pygame(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        crate::pygame::to_pygame(py, &self.inner, self.is_zero_size().then_some(self.size))
    }

    /// Mask.from_rgba(data, width, height, threshold=127) -> Mask
    ///
    /// A mask from `width * height` RGBA pixels, four bytes each, row by row from the top left
    /// (any bytes-like object: `bytes`, `bytearray`, `memoryview`, a NumPy array's buffer); a
    /// texel is solid when its alpha is above `threshold`. `ValueError` for a byte count that
    /// does not match the size.
    #[classmethod]
    #[pyo3(signature = (data, width, height, threshold = 127))]
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

    /// Mask.load(path, threshold=127) -> Mask
    ///
    /// A mask from an image file (PNG), a texel solid when its alpha is above `threshold`.
    /// `OSError` when the file cannot be read, `ValueError` when it is not an image or is
    /// larger than 8192 x 8192 texels (16384 a side).
    #[classmethod]
    #[pyo3(signature = (path, threshold = 127))]
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
        let (w, h) = self.size;
        if (0..i64::from(w)).contains(&x) && (0..i64::from(h)).contains(&y) {
            Ok((x as u32, y as u32))
        } else {
            Err(PyIndexError::new_err(format!(
                "position ({x}, {y}) is outside the {w} x {h} mask"
            )))
        }
    }

    /// `other` laid on this mask at `offset` by `lay` (the crate's `draw_at` or `erase_at`), in
    /// place; `other` may be this mask itself, which lays a copy of its texels.
    fn layer(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyAny>,
        offset: &Bound<'_, PyAny>,
        lay: fn(&mut Mask, &Mask, (i32, i32)),
    ) -> PyResult<()> {
        let offset = args::texel_pair(offset, "offset")?;
        let at = (args::clamp_i32(offset.0), args::clamp_i32(offset.1));
        let upper = if other.is(slf) {
            OtherMask::Theirs(Box::new(slf.try_borrow()?.copied()?))
        } else {
            other_mask(other)?
        };
        let b = &upper.inner;
        slf.try_borrow_mut()?.edit(slf.py(), |m| lay(m, b, at))
    }

    /// A mask of this one's size, solid on `part`'s texels.
    fn of_component(&self, part: &Component) -> PyResult<PyMask> {
        let (w, h) = self.size;
        Ok(PyMask::new(component_mask(part, w, h)?))
    }

    /// What `Mask(...)`'s arguments ask for: pygame's `Mask(size, fill)`, or a width and a height.
    fn from_arguments(
        width: Option<&Bound<'_, PyAny>>,
        height: Option<&Bound<'_, PyAny>>,
        fill: Option<&Bound<'_, PyAny>>,
        size: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        // Any true value fills, as in pygame.
        let fill = fill.map_or(Ok(false), |f| f.is_truthy())?;
        let width = match (width, size) {
            (Some(w), None) => w,
            (None, Some(size)) => {
                let (w, h) = args::texel_pair(size, "size")?;
                return Self::py_new_sized(w, h, height.map_or(Ok(fill), |f| f.is_truthy())?);
            }
            _ => {
                return Err(pyo3::exceptions::PyTypeError::new_err(
                    "Mask takes a size (a (width, height) pair), or a width and a height",
                ))
            }
        };
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

    /// A new mask with this one's texels (and its size, which may have a zero side).
    fn copied(&self) -> PyResult<PyMask> {
        if self.is_zero_size() {
            return PyMask::sized(self.size.0, self.size.1, false);
        }
        let m = &self.inner;
        let mut words = words_for(m.width(), m.height())?;
        words.extend_from_slice(m.strip_words());
        Mask::from_strip_words(m.width(), m.height(), words)
            .map(PyMask::new)
            .map_err(mask_error)
    }

    /// Puts `new`'s texels and size in place of this mask's; a `BufferError` while a buffer view
    /// of its words is open, which would point at words freed here.
    pub fn replace(&mut self, new: PyMask) -> PyResult<()> {
        self.unviewed()?;
        (self.inner, self.size) = (new.inner, new.size);
        Ok(())
    }

    /// The constructor once the size is read.
    fn py_new_sized(width: i64, height: i64, fill: bool) -> PyResult<Self> {
        let (w, h) = args::size_or_zero(width, height)?;
        PyMask::sized(w, h, fill)
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
