//! `Sprite`: a mask placed in the world by position, angle, scale and origin, as pygame draws a
//! sprite with `pygame.transform.rotate`, and the questions about one sprite (a point, a rectangle,
//! a circle, a segment, a ray).

use pixel_collide::glam::{Affine2, Vec2};
use pixel_collide::{Pose, Rect, Sprite};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::args;
use crate::mask_data::PyMask;
use crate::rects::rect_like;
use crate::results::RayHit;

/// A mask placed in the world: texel point `t` lands at `position + R(angle) S(scale) (t - origin)`
/// on a y-down screen, `angle` in degrees counterclockwise on screen (as `pygame.transform.rotate`
/// turns an image), `scale` a number or an `(sx, sy)` pair (negative flips), `origin` the pivot in
/// texels (the mask's centre by default).
#[pyclass(module = "pixel_collide", name = "Sprite")]
pub struct PySprite {
    mask: Py<PyMask>,
    position: Vec2,
    angle: f64,
    scale: Vec2,
    origin: Vec2,
    /// The crate's pose (radians clockwise on screen) and transform, kept in step with the above.
    pose: Pose,
    transform: Affine2,
}

/// The crate's rotation (radians, clockwise on a y-down screen) for `degrees` counterclockwise.
pub fn rotation(degrees: f64) -> f32 {
    // Not reduced to one turn: a motion from 350 to 370 degrees must turn 20, not back 340.
    -degrees.to_radians() as f32
}

impl PySprite {
    /// A sprite of `mask` at a checked pose.
    pub fn placed(
        mask: Py<PyMask>,
        position: Vec2,
        angle: f64,
        scale: Vec2,
        origin: Vec2,
    ) -> PyResult<PySprite> {
        args::finite(angle, "angle")?;
        let (pose, transform) = placement(position, angle, scale, origin)?;
        Ok(PySprite {
            mask,
            position,
            angle,
            scale,
            origin,
            pose,
            transform,
        })
    }

    /// Brings the pose and the transform in step with new parts, or leaves everything as it was
    /// and raises `ValueError` when they overflow.
    fn set_parts(&mut self, position: Vec2, angle: f64, scale: Vec2, origin: Vec2) -> PyResult<()> {
        let (pose, transform) = placement(position, angle, scale, origin)?;
        (self.position, self.angle, self.scale, self.origin) = (position, angle, scale, origin);
        (self.pose, self.transform) = (pose, transform);
        Ok(())
    }

    /// The mask object.
    pub fn mask(&self) -> &Py<PyMask> {
        &self.mask
    }

    /// The turn in degrees, counterclockwise on screen.
    pub fn angle(&self) -> f64 {
        self.angle
    }

    /// The pivot in texels.
    pub fn origin(&self) -> Vec2 {
        self.origin
    }

    /// The crate's pose.
    pub fn pose(&self) -> Pose {
        self.pose
    }

    /// The world transform.
    pub fn transform(&self) -> Affine2 {
        self.transform
    }

    /// Runs `f` on the crate's sprite, the mask borrowed for the call.
    pub fn with<R>(&self, py: Python<'_>, f: impl FnOnce(Sprite<'_>) -> R) -> PyResult<R> {
        let mask = self.mask.bind(py).try_borrow()?;
        Ok(f(Sprite::new(&mask.inner, self.transform)))
    }
}

/// The pose and transform of finite parts, or a `ValueError` when the transform they make
/// overflows (a scale of 1e38 times a texel, say): such a sprite would touch nothing.
pub fn placement(
    position: Vec2,
    angle: f64,
    scale: Vec2,
    origin: Vec2,
) -> PyResult<(Pose, Affine2)> {
    let pose = Pose::new(position, rotation(angle), scale);
    let transform = pose.transform(origin);
    if transform.is_finite() {
        Ok((pose, transform))
    } else {
        Err(PyValueError::new_err(format!(
            "the placement at ({}, {}), angle {angle}, scale ({}, {}), origin ({}, {}) overflows \
             32-bit floats",
            position.x, position.y, scale.x, scale.y, origin.x, origin.y
        )))
    }
}

/// A rectangle given as `(x, y, w, h)`: a `pygame.Rect`, an `FRect` or any four-number sequence.
fn rect(obj: &Bound<'_, PyAny>) -> PyResult<Rect> {
    let values: Option<Vec<f64>> = (obj.len().ok() == Some(4))
        .then(|| {
            (0..4)
                .map(|i| obj.get_item(i).ok()?.extract().ok())
                .collect()
        })
        .flatten();
    let Some(v) = values else {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "rect must be (x, y, w, h) numbers or a pygame Rect, not {}",
            args::describe(obj)
        )));
    };
    let (min, size) = (
        args::finite_vec(v[0], v[1], "rect")?,
        args::finite_vec(v[2], v[3], "rect size")?,
    );
    Ok(Rect::new(min, min + size))
}

#[pymethods]
impl PySprite {
    /// Sprite(mask, position, angle=0.0, scale=1.0, origin=None)
    ///
    /// `mask` placed with texel point `t` at `position + R(angle) S(scale) (t - origin)`. A
    /// position, scale or origin that is not finite raises `ValueError`.
    #[new]
    #[pyo3(signature = (mask, position, angle = 0.0, scale = None, origin = None))]
    fn py_new(
        mask: Bound<'_, PyMask>,
        position: &Bound<'_, PyAny>,
        angle: f64,
        scale: Option<&Bound<'_, PyAny>>,
        origin: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PySprite> {
        mask.borrow().placeable()?;
        let position = args::point(position, "position")?;
        let scale = scale.map_or(Ok(Vec2::ONE), args::scale)?;
        let origin = match origin {
            Some(o) => args::point(o, "origin")?,
            None => {
                let m = mask.borrow();
                Vec2::new(m.inner.width() as f32, m.inner.height() as f32) / 2.0
            }
        };
        PySprite::placed(mask.unbind(), position, angle, scale, origin)
    }

    /// place(position, angle=None, scale=None) -> None
    ///
    /// Moves the sprite in one call: a new position, and a new angle or scale when given. A game
    /// that keeps its `Sprite`s and places them each frame pays for one call, not an object.
    #[pyo3(signature = (position, angle = None, scale = None))]
    fn place(
        &mut self,
        position: &Bound<'_, PyAny>,
        angle: Option<f64>,
        scale: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let position = args::point(position, "position")?;
        if let Some(a) = angle {
            args::finite(a, "angle")?;
        }
        let scale = scale.map(args::scale).transpose()?;
        self.set_parts(
            position,
            angle.unwrap_or(self.angle),
            scale.unwrap_or(self.scale),
            self.origin,
        )
    }

    /// The mask this sprite places (edits to it show in every query).
    #[getter(mask)]
    fn get_mask(&self, py: Python<'_>) -> Py<PyMask> {
        self.mask.clone_ref(py)
    }

    #[setter(mask)]
    fn set_mask(&mut self, mask: Bound<'_, PyMask>) -> PyResult<()> {
        mask.borrow().placeable()?;
        self.mask = mask.unbind();
        Ok(())
    }

    /// The world point the origin lands on, `(x, y)`.
    #[getter(position)]
    fn get_position(&self) -> (f32, f32) {
        self.position.into()
    }

    #[setter(position)]
    fn set_position(&mut self, position: &Bound<'_, PyAny>) -> PyResult<()> {
        let position = args::point(position, "position")?;
        self.set_parts(position, self.angle, self.scale, self.origin)
    }

    /// The turn in degrees, counterclockwise on screen.
    #[getter(angle)]
    fn get_angle(&self) -> f64 {
        self.angle
    }

    #[setter(angle)]
    fn set_angle(&mut self, angle: f64) -> PyResult<()> {
        args::finite(angle, "angle")?;
        self.set_parts(self.position, angle, self.scale, self.origin)
    }

    /// The scale along the mask's own x and y, `(sx, sy)` (negative flips).
    #[getter(scale)]
    fn get_scale(&self) -> (f32, f32) {
        self.scale.into()
    }

    #[setter(scale)]
    fn set_scale(&mut self, scale: &Bound<'_, PyAny>) -> PyResult<()> {
        let scale = args::scale(scale)?;
        self.set_parts(self.position, self.angle, scale, self.origin)
    }

    /// The pivot in texels, `(x, y)`.
    #[getter(origin)]
    fn get_origin(&self) -> (f32, f32) {
        self.origin.into()
    }

    #[setter(origin)]
    fn set_origin(&mut self, origin: &Bound<'_, PyAny>) -> PyResult<()> {
        let origin = args::point(origin, "origin")?;
        self.set_parts(self.position, self.angle, self.scale, origin)
    }

    /// The world rectangle around the placed mask: a `pygame.FRect` when pygame-ce is imported,
    /// else an `(x, y, w, h)` tuple of floats.
    #[getter]
    fn bounds(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let b = self.with(py, |s| s.bounds())?;
        let size = b.max - b.min;
        rect_like(py, [b.min.x, b.min.y, size.x, size.y].map(f64::from), true)
    }

    /// contains_point(point) -> bool
    ///
    /// Whether the world point lies inside a solid texel.
    fn contains_point(&self, py: Python<'_>, point: &Bound<'_, PyAny>) -> PyResult<bool> {
        let p = args::point(point, "point")?;
        self.with(py, |s| s.contains_point(p))
    }

    /// touches_rect(rect) -> bool
    ///
    /// Whether a solid texel overlaps the world rectangle `(x, y, w, h)` (a `Rect` or `FRect`
    /// too); sharing only an edge is not touching.
    fn touches_rect(&self, py: Python<'_>, rect: &Bound<'_, PyAny>) -> PyResult<bool> {
        let r = self::rect(rect)?;
        self.with(py, |s| s.touches_rect(r))
    }

    /// touches_circle(center, radius) -> bool
    ///
    /// Whether a solid texel overlaps the open disc.
    fn touches_circle(
        &self,
        py: Python<'_>,
        center: &Bound<'_, PyAny>,
        radius: f64,
    ) -> PyResult<bool> {
        let c = args::point(center, "center")?;
        let r = args::finite(radius, "radius")?;
        self.with(py, |s| s.touches_circle(pixel_collide::Circle::new(c, r)))
    }

    /// touches_segment(start, end) -> bool
    ///
    /// Whether the world segment passes through a solid texel.
    fn touches_segment(
        &self,
        py: Python<'_>,
        start: &Bound<'_, PyAny>,
        end: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        let (a, b) = (args::point(start, "start")?, args::point(end, "end")?);
        self.with(py, |s| s.touches_segment(a, b))
    }

    /// raycast(origin, direction, max_distance=inf) -> RayHit or None
    ///
    /// The first solid texel a ray from the world point `origin` along `direction` enters within
    /// `max_distance` (world units along the ray): its point, distance and the outward normal of
    /// the face it enters. A ray starting inside hits at distance 0.
    #[pyo3(signature = (origin, direction, max_distance = f64::INFINITY))]
    fn raycast(
        &self,
        py: Python<'_>,
        origin: &Bound<'_, PyAny>,
        direction: &Bound<'_, PyAny>,
        max_distance: f64,
    ) -> PyResult<Option<RayHit>> {
        let o = args::point(origin, "origin")?;
        let d = args::point(direction, "direction")?;
        if d == Vec2::ZERO {
            return Err(PyValueError::new_err("direction (0, 0) has no length"));
        }
        if max_distance.is_nan() {
            return Err(PyValueError::new_err("max_distance nan is not a number"));
        }
        let max = (max_distance as f32).max(0.0);
        Ok(self.with(py, |s| s.raycast(o, d, max))?.map(RayHit::from))
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let m = self.mask.bind(py).try_borrow();
        let size = m.map_or_else(
            |_| "?".to_string(),
            |m| format!("{} x {}", m.inner.width(), m.inner.height()),
        );
        format!(
            "<Sprite of a {size} mask at ({}, {}), angle {}, scale ({}, {}), origin ({}, {})>",
            self.position.x,
            self.position.y,
            self.angle,
            self.scale.x,
            self.scale.y,
            self.origin.x,
            self.origin.y
        )
    }
}
