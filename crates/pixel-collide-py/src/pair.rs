//! Questions about two placed sprites: whether they touch and where, how much they share, the
//! shortest way apart, and when two moving sprites first meet.

use pixel_collide::glam::Vec2;
use pixel_collide::{Motion, Pose, Sprite};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::detach::maybe_detach;
use crate::mask_data::PyMask;
use crate::results::{Contact, Distance, Impact, PushOut};
use crate::sprite::PySprite;

/// Runs `f` on the crate's two sprites, with the interpreter free for other threads when their
/// masks are large.
fn with_pair<R: Send>(
    py: Python<'_>,
    a: &PySprite,
    b: &PySprite,
    f: impl FnOnce(Sprite<'_>, Sprite<'_>) -> R + Send,
) -> PyResult<R> {
    let (ma, mb) = (
        a.mask().bind(py).try_borrow()?,
        b.mask().bind(py).try_borrow()?,
    );
    let words = ma.words() + mb.words();
    let (sa, sb) = (
        Sprite::new(&ma.inner, a.transform()),
        Sprite::new(&mb.inner, b.transform()),
    );
    Ok(maybe_detach(py, words, || f(sa, sb)))
}

/// collide(a, b) -> Contact or None
///
/// Where sprites `a` and `b` share a solid texel: a `Contact` whose normal points from `a` towards `b`,
/// or `None` when they do not touch (sharing only an edge or a corner is not touching).
#[pyfunction]
pub fn collide(
    py: Python<'_>,
    a: PyRef<'_, PySprite>,
    b: PyRef<'_, PySprite>,
) -> PyResult<Option<Contact>> {
    Ok(with_pair(py, &a, &b, pixel_collide::collide)?.map(Contact::from))
}

/// overlap(a, b) -> (x, y) or None
///
/// A world point inside solid texels of both sprites, or `None` when they do not touch: what
/// pygame's `Mask.overlap` answers for two rotated images, here for the sprites themselves. The
/// point `collide(a, b)` gives, without the work of its normal and depth, the same in either order.
#[pyfunction]
pub fn overlap(
    py: Python<'_>,
    a: PyRef<'_, PySprite>,
    b: PyRef<'_, PySprite>,
) -> PyResult<Option<(f32, f32)>> {
    Ok(with_pair(py, &a, &b, pixel_collide::overlap_point)?.map(|p| (p.x, p.y)))
}

/// overlaps(a, b) -> bool
///
/// Whether sprites `a` and `b` share a solid texel: `collide(a, b) is not None`, answered sooner.
#[pyfunction]
pub fn overlaps(py: Python<'_>, a: PyRef<'_, PySprite>, b: PyRef<'_, PySprite>) -> PyResult<bool> {
    with_pair(py, &a, &b, pixel_collide::overlaps)
}

/// overlap_area(a, b) -> float
///
/// The world area the solid texels of `a` and `b` share, exactly (up to float rounding).
#[pyfunction]
pub fn overlap_area(
    py: Python<'_>,
    a: PyRef<'_, PySprite>,
    b: PyRef<'_, PySprite>,
) -> PyResult<f32> {
    with_pair(py, &a, &b, pixel_collide::overlap_area)
}

/// distance(a, b) -> Distance or None
///
/// How far apart the solid texels of `a` and `b` are (each texel its closed square), with the
/// closest point on each: 0 when they overlap or share an edge. `None` when either has no solid
/// texel. Exact up to float rounding, found by a search over the masks' trees.
#[pyfunction]
pub fn distance(
    py: Python<'_>,
    a: PyRef<'_, PySprite>,
    b: PyRef<'_, PySprite>,
) -> PyResult<Option<Distance>> {
    Ok(with_pair(py, &a, &b, pixel_collide::distance)?.map(Distance::from))
}

/// push_out(a, b) -> PushOut or None
///
/// The shortest move of `a` that leaves it sharing no solid texel with `b`, or `None` when they
/// do not overlap: a `Sprite` at `a.position + offset` touches `b` at most along edges. Exact on
/// the texel grid when both share one; otherwise the shortest of exact pushes along 32 directions
/// refined to 1/512 of a turn.
#[pyfunction]
pub fn push_out(
    py: Python<'_>,
    a: PyRef<'_, PySprite>,
    b: PyRef<'_, PySprite>,
) -> PyResult<Option<PushOut>> {
    // The crate settles the offset on `a`'s transform moved by it; a sprite moved by its position
    // has its transform rebuilt, which rounds otherwise and can leave a sliver of overlap. Such an
    // offset is lengthened, by a few units in the last place at a time, until the moved sprite is
    // apart too.
    let (pose, origin) = (a.pose(), a.origin());
    let moved = move |offset: Vec2| {
        Pose {
            position: pose.position + offset,
            ..pose
        }
        .transform(origin)
    };
    let push = with_pair(py, &a, &b, |sa, sb| {
        let mut push = pixel_collide::push_out(sa, sb)?;
        let start = push.offset;
        let way = if start == Vec2::ZERO {
            -push.normal
        } else {
            start.normalize()
        };
        let reach = pose.position.abs().max_element().max(start.length());
        let ulp = f32::EPSILON * reach.max(1.0);
        for k in 0..32 {
            if !pixel_collide::overlaps(Sprite::new(sa.mask, moved(push.offset)), sb) {
                break;
            }
            push.offset = start + way * ulp * (1u64 << k) as f32;
        }
        Some(push)
    })?;
    Ok(push.map(PushOut::from))
}

/// time_of_impact(a, a_end, b, b_end=None) -> Impact or None
///
/// The first time in a step at which two moving sprites touch: `a` moves from its pose in `a` to
/// its pose in `a_end` (position, angle and scale each interpolated linearly), `b` from `b` to
/// `b_end` (still when `b_end` is None). Each pair must place the same mask about the same
/// origin. `None` when they never touch in the step.
#[pyfunction]
#[pyo3(signature = (a, a_end, b, b_end = None))]
pub fn time_of_impact(
    py: Python<'_>,
    a: PyRef<'_, PySprite>,
    a_end: PyRef<'_, PySprite>,
    b: PyRef<'_, PySprite>,
    b_end: Option<PyRef<'_, PySprite>>,
) -> PyResult<Option<Impact>> {
    let b_end = b_end.as_deref().unwrap_or(&b);
    for (start, end, name) in [(&*a, &*a_end, "a"), (&*b, b_end, "b")] {
        if !start.mask().is(end.mask()) || start.origin() != end.origin() {
            return Err(PyValueError::new_err(format!(
                "{name} and {name}_end must place the same mask about the same origin"
            )));
        }
    }
    let (ma, mb): (PyRef<'_, PyMask>, PyRef<'_, PyMask>) = (
        a.mask().bind(py).try_borrow()?,
        b.mask().bind(py).try_borrow()?,
    );
    let motion_a = Motion::new(&ma.inner, a.pose(), a_end.pose(), a.origin());
    let motion_b = Motion::new(&mb.inner, b.pose(), b_end.pose(), b.origin());
    let words = ma.words() + mb.words();
    Ok(maybe_detach(py, words, || {
        pixel_collide::time_of_impact(&motion_a, &motion_b)
    })
    .map(Impact::from))
}
