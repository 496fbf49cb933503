//! What the queries answer: a contact, a push out, an impact over a step, a ray's hit. Plain
//! read-only objects with `(x, y)` tuples, each with a readable `repr`.

use pyo3::prelude::*;

/// Two sprites touching: `point` inside a solid texel of both, `normal` a unit vector pointing
/// from the first sprite towards the second (swapping the sprites reverses it exactly), `depth`
/// how far the two texel boxes met at `point` overlap along it.
#[pyclass(module = "pixel_collide", frozen, get_all)]
pub struct Contact {
    /// A world point inside a solid texel of both sprites.
    pub point: (f32, f32),
    /// A unit vector from the first sprite towards the second.
    pub normal: (f32, f32),
    /// The overlap along `normal` of the two texel boxes met at `point`.
    pub depth: f32,
}

impl From<pixel_collide::Contact> for Contact {
    fn from(c: pixel_collide::Contact) -> Self {
        Contact {
            point: c.point.into(),
            normal: c.normal.into(),
            depth: c.depth,
        }
    }
}

#[pymethods]
impl Contact {
    fn __repr__(&self) -> String {
        format!(
            "Contact(point={:?}, normal={:?}, depth={})",
            self.point, self.normal, self.depth
        )
    }
}

/// The shortest move of the first sprite out of the second: add `offset` to its position and
/// they touch at most along edges; `normal` points from the first towards the second;
/// `budget_ran_out` is true when the search settled for parting the two sprites' bounds.
#[pyclass(module = "pixel_collide", frozen, get_all)]
pub struct PushOut {
    /// The world translation that parts the first sprite from the second.
    pub offset: (f32, f32),
    /// A unit vector from the first sprite towards the second.
    pub normal: (f32, f32),
    /// Whether the looser fallback move was taken.
    pub budget_ran_out: bool,
}

impl From<pixel_collide::PushOut> for PushOut {
    fn from(p: pixel_collide::PushOut) -> Self {
        PushOut {
            offset: p.offset.into(),
            normal: p.normal.into(),
            budget_ran_out: p.budget_ran_out,
        }
    }
}

#[pymethods]
impl PushOut {
    fn __repr__(&self) -> String {
        format!(
            "PushOut(offset={:?}, normal={:?}, budget_ran_out={})",
            self.offset,
            self.normal,
            if self.budget_ran_out { "True" } else { "False" }
        )
    }
}

/// When two moving sprites first touch within a step: `time` (0 to 1) no later than the first
/// touch, at which both can be moved and stay apart; `contact_time`, at most 2**-14 later, at
/// which they touch; `point`, a world point inside both at `contact_time`.
#[pyclass(module = "pixel_collide", frozen, get_all)]
pub struct Impact {
    /// A fraction of the step no later than the first touch.
    pub time: f32,
    /// A fraction of the step at which the sprites touch.
    pub contact_time: f32,
    /// A world point inside solid texels of both at `contact_time`.
    pub point: (f32, f32),
}

impl From<pixel_collide::Impact> for Impact {
    fn from(i: pixel_collide::Impact) -> Self {
        Impact {
            time: i.time,
            contact_time: i.contact_time,
            point: i.point.into(),
        }
    }
}

#[pymethods]
impl Impact {
    fn __repr__(&self) -> String {
        format!(
            "Impact(time={}, contact_time={}, point={:?})",
            self.time, self.contact_time, self.point
        )
    }
}

/// Where a ray enters a sprite's solid texels: the world `point`, its `distance` along the ray
/// and the outward `normal` of the face entered.
#[pyclass(module = "pixel_collide", frozen, get_all)]
pub struct RayHit {
    /// The world point of entry.
    pub point: (f32, f32),
    /// The world distance from the ray's origin.
    pub distance: f32,
    /// The unit outward normal of the face entered.
    pub normal: (f32, f32),
}

impl From<pixel_collide::RayHit> for RayHit {
    fn from(h: pixel_collide::RayHit) -> Self {
        RayHit {
            point: h.point.into(),
            distance: h.distance,
            normal: h.normal.into(),
        }
    }
}

#[pymethods]
impl RayHit {
    fn __repr__(&self) -> String {
        format!(
            "RayHit(point={:?}, distance={}, normal={:?})",
            self.point, self.distance, self.normal
        )
    }
}

/// How far apart two sprites are: `distance` between their closest solid texels (0 when they
/// touch), `on_a` and `on_b` the closest points, `lower_bound`, which is `distance` unless
/// the search ran out of work first (the true distance then lies between the two), and
/// `budget_ran_out`, whether it did.
#[pyclass(module = "pixel_collide", frozen, get_all)]
pub struct Distance {
    /// The world distance between the closest solid texels.
    pub distance: f32,
    /// A point of a solid texel of the first sprite.
    pub on_a: (f32, f32),
    /// A point of a solid texel of the second sprite.
    pub on_b: (f32, f32),
    /// No pair of solid texels lies closer.
    pub lower_bound: f32,
    /// Whether the search ran out of its work budget before it was sure.
    pub budget_ran_out: bool,
}

impl From<pixel_collide::Distance> for Distance {
    fn from(d: pixel_collide::Distance) -> Self {
        Distance {
            distance: d.distance,
            on_a: d.on_a.into(),
            on_b: d.on_b.into(),
            lower_bound: d.lower_bound,
            budget_ran_out: d.budget_ran_out,
        }
    }
}

#[pymethods]
impl Distance {
    fn __repr__(&self) -> String {
        format!(
            "Distance(distance={}, on_a={:?}, on_b={:?}, lower_bound={}, budget_ran_out={})",
            self.distance,
            self.on_a,
            self.on_b,
            self.lower_bound,
            if self.budget_ran_out { "True" } else { "False" }
        )
    }
}
