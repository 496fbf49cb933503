//! Convex shapes grown by a radius (points, segments and convex polygons: circles, capsules, boxes,
//! rounded polygons), and when one moving in a straight line first overlaps a convex polygon.
//!
//! A shape `P` grown by `r`, moved by `t m`, shares area with a convex polygon `Q` exactly when
//! `t m` lies in the open set of points closer than `r` to the Minkowski difference `Q - P`, itself a
//! convex polygon (the hull of the corners' differences). Along the line `t m` that set is one open
//! interval of `t`, the union of the intervals where the line crosses `Q - P`'s interior, a band
//! along each of its edges and a disc about each of its corners, so the first overlap is found with
//! no stepping: exact up to the rounding of the sums.

use std::fmt;

use glam::{DVec2, Vec2};

use super::circle::Circle;
use super::rect::Rect;

/// The most corners a [`Convex`] keeps.
pub const MAX_CONVEX_CORNERS: usize = 8;

/// The most points a Minkowski difference of a box and a [`Convex`] starts from.
const MAX_DIFFERENCE: usize = 4 * MAX_CONVEX_CORNERS;

/// A convex shape for casts: the convex hull of up to [`MAX_CONVEX_CORNERS`] corners, grown by a
/// radius. One corner and a radius is a circle, two a capsule, three or more a polygon (rounded when
/// the radius is positive). In world units, placed where the cast starts.
///
/// ```
/// use glam::Vec2;
/// use pixel_collide::{Circle, Convex};
/// let ball = Convex::circle(Circle::new(Vec2::new(3.0, 4.0), 2.0)).unwrap();
/// assert_eq!((ball.corners(), ball.radius()), (&[Vec2::new(3.0, 4.0)][..], 2.0));
/// let box_ = Convex::polygon(&[Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y, Vec2::splat(0.5)]).unwrap();
/// assert_eq!(box_.corners().len(), 4, "the hull: the middle point is dropped");
/// assert!(Convex::polygon(&[Vec2::ZERO, Vec2::X]).is_err(), "a segment with no radius has no area");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Convex {
    corners: [Vec2; MAX_CONVEX_CORNERS],
    len: u8,
    radius: f32,
}

/// Why a [`Convex`] could not be made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ConvexError {
    /// A corner or the radius is NaN or infinite.
    NotFinite,
    /// The radius is below zero.
    NegativeRadius(f32),
    /// No corner was given.
    NoCorners,
    /// The corners' hull has more corners than [`MAX_CONVEX_CORNERS`].
    TooManyCorners(usize),
    /// The radius is zero and the corners enclose no area (a point or a segment): such a shape
    /// shares no area with anything.
    NoArea,
}

impl fmt::Display for ConvexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConvexError::NotFinite => write!(f, "a convex shape's corner or radius is not finite"),
            ConvexError::NegativeRadius(r) => {
                write!(f, "a convex shape's radius is {r}, below zero")
            }
            ConvexError::NoCorners => write!(f, "a convex shape was given no corners"),
            ConvexError::TooManyCorners(n) => write!(
                f,
                "a convex shape's hull has {n} corners, more than the {MAX_CONVEX_CORNERS} it keeps"
            ),
            ConvexError::NoArea => write!(
                f,
                "a convex shape with no radius whose corners enclose no area (a point or a segment)"
            ),
        }
    }
}

impl std::error::Error for ConvexError {}

impl Convex {
    /// The hull of `corners` grown by `radius`.
    pub fn rounded(corners: &[Vec2], radius: f32) -> Result<Convex, ConvexError> {
        if !radius.is_finite() || corners.iter().any(|c| !c.is_finite()) {
            return Err(ConvexError::NotFinite);
        }
        if radius < 0.0 {
            return Err(ConvexError::NegativeRadius(radius));
        }
        if corners.is_empty() {
            return Err(ConvexError::NoCorners);
        }
        let points: Vec<DVec2> = corners.iter().map(|c| c.as_dvec2()).collect();
        let mut sorted = points.clone();
        let mut chain = vec![DVec2::ZERO; 2 * points.len() + 1];
        let len = monotone_chain(&mut sorted, &mut chain);
        let kept = &chain[..len];
        if kept.len() > MAX_CONVEX_CORNERS {
            return Err(ConvexError::TooManyCorners(kept.len()));
        }
        if radius == 0.0 && kept.len() < 3 {
            return Err(ConvexError::NoArea);
        }
        let mut out = [Vec2::ZERO; MAX_CONVEX_CORNERS];
        for (o, p) in out.iter_mut().zip(kept) {
            *o = p.as_vec2();
        }
        Ok(Convex {
            corners: out,
            len: kept.len() as u8,
            radius,
        })
    }

    /// A circle.
    pub fn circle(circle: Circle) -> Result<Convex, ConvexError> {
        Convex::rounded(&[circle.center], circle.radius)
    }

    /// A capsule: the points within `radius` of the segment from `a` to `b`.
    pub fn capsule(a: Vec2, b: Vec2, radius: f32) -> Result<Convex, ConvexError> {
        Convex::rounded(&[a, b], radius)
    }

    /// The convex hull of `corners` (a box, a triangle, any convex polygon; points inside the hull
    /// are dropped).
    pub fn polygon(corners: &[Vec2]) -> Result<Convex, ConvexError> {
        Convex::rounded(corners, 0.0)
    }

    /// An axis-aligned box.
    pub fn rect(rect: Rect) -> Result<Convex, ConvexError> {
        let (lo, hi) = (rect.min, rect.max);
        Convex::polygon(&[lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)])
    }

    /// The same shape moved by `offset`, as a cast that goes on from where another stopped takes it.
    ///
    /// ```
    /// use glam::Vec2;
    /// use pixel_collide::{Circle, Convex};
    /// let ball = Convex::circle(Circle::new(Vec2::ZERO, 1.0)).unwrap();
    /// assert_eq!(ball.translated(Vec2::X).corners(), &[Vec2::X]);
    /// ```
    pub fn translated(&self, offset: Vec2) -> Convex {
        let mut moved = *self;
        for c in &mut moved.corners[..usize::from(self.len)] {
            *c += offset;
        }
        moved
    }

    /// The hull's corners, counter-clockwise in a y-up frame (clockwise on a y-down screen).
    pub fn corners(&self) -> &[Vec2] {
        &self.corners[..usize::from(self.len)]
    }

    /// How far the shape reaches past its corners' hull.
    pub fn radius(&self) -> f32 {
        self.radius
    }
}

/// A convex polygon's corners, counter-clockwise (y up), with no three in a line: at most
/// [`MAX_DIFFERENCE`], on the stack.
#[derive(Clone, Copy)]
pub(crate) struct Hull {
    points: [DVec2; MAX_DIFFERENCE],
    len: usize,
}

impl Default for Hull {
    fn default() -> Self {
        Hull {
            points: [DVec2::ZERO; MAX_DIFFERENCE],
            len: 0,
        }
    }
}

impl Hull {
    /// The convex hull of `points`, at most [`MAX_DIFFERENCE`] of them.
    pub(crate) fn of(points: &[DVec2]) -> Hull {
        let n = points.len().min(MAX_DIFFERENCE);
        let mut sorted = [DVec2::ZERO; MAX_DIFFERENCE];
        sorted[..n].copy_from_slice(&points[..n]);
        let mut chain = [DVec2::ZERO; 2 * MAX_DIFFERENCE + 1];
        let len = monotone_chain(&mut sorted[..n], &mut chain);
        let mut hull = Hull::default();
        hull.points[..len].copy_from_slice(&chain[..len]);
        hull.len = len;
        hull
    }

    /// The corners, counter-clockwise.
    pub(crate) fn points(&self) -> &[DVec2] {
        &self.points[..self.len]
    }
}

/// The convex hull of `points` (sorted in place) by Andrew's monotone chain, written to the start of
/// `chain` (room for twice the points and one): its corners counter-clockwise (y up), with no three
/// in a line and no corner twice, and how many there are (one for points all alike).
fn monotone_chain(points: &mut [DVec2], chain: &mut [DVec2]) -> usize {
    points.sort_unstable_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    let turn = |o: DVec2, a: DVec2, b: DVec2| (a - o).perp_dot(b - o);
    let mut k = 0;
    for &p in points.iter() {
        while k >= 2 && turn(chain[k - 2], chain[k - 1], p) <= 0.0 {
            k -= 1;
        }
        if k == 1 && chain[0] == p {
            continue;
        }
        chain[k] = p;
        k += 1;
    }
    let lower = k + 1;
    for &p in points.iter().rev().skip(1) {
        while k >= lower && turn(chain[k - 2], chain[k - 1], p) <= 0.0 {
            k -= 1;
        }
        chain[k] = p;
        k += 1;
    }
    // The chain ends where it began.
    match k {
        0 => 0,
        1 => 1,
        _ => k - 1,
    }
}

/// How a moving shape first meets a polygon: where along its motion, and the unit normal there,
/// pointing from the polygon's side towards the shape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Entry {
    /// The fraction of the motion, 0 when they overlap from the start.
    pub(crate) t: f64,
    /// The unit normal of the rounded difference where the motion enters it.
    pub(crate) normal: DVec2,
}

/// The open interval of `t` where `s0 + t s1` lies strictly between `lo` and `hi`; `None` when empty.
fn slab(s0: f64, s1: f64, lo: f64, hi: f64) -> Option<(f64, f64)> {
    if s1 == 0.0 {
        return (lo < s0 && s0 < hi).then_some((f64::NEG_INFINITY, f64::INFINITY));
    }
    let (a, b) = ((lo - s0) / s1, (hi - s0) / s1);
    Some((a.min(b), a.max(b)))
}

/// When the point `t m` first comes closer than `radius` to the convex polygon `hull` (into its
/// interior when `radius` is 0) for `t` in `[0, 1)`: `None` when it never does, or only touches it.
///
/// The rounded polygon is the union of the polygon, a band along each edge and a disc about each
/// corner; the motion's open interval in each part is joined to the others'.
pub(crate) fn first_overlap(hull: &[DVec2], radius: f64, m: DVec2) -> Option<Entry> {
    let mut best = Joined::default();
    if hull.len() >= 3 {
        best.take(inside_polygon(hull, m));
    }
    if radius > 0.0 {
        for (i, &v) in hull.iter().enumerate() {
            if hull.len() >= 2 {
                best.take(inside_band(edge(hull, i), radius, m));
            }
            best.take(inside_disc(v, radius, m));
        }
    }
    let (lo, hi, normal) = best.0?;
    if hi <= 0.0 || lo >= 1.0 {
        return None;
    }
    if lo > 0.0 {
        return Some(Entry { t: lo, normal });
    }
    Some(Entry {
        t: 0.0,
        normal: way_out(hull),
    })
}

/// The open intervals of the motion in each part of a rounded polygon, joined: the earliest entry
/// with its normal, and the latest exit.
#[derive(Default)]
struct Joined(Option<(f64, f64, DVec2)>);

impl Joined {
    fn take(&mut self, part: Option<(f64, f64, DVec2)>) {
        let Some((lo, hi, normal)) = part.filter(|&(lo, hi, _)| lo < hi) else {
            return;
        };
        self.0 = Some(match self.0 {
            None => (lo, hi, normal),
            Some((blo, bhi, bn)) => {
                let (l, nn) = if lo < blo { (lo, normal) } else { (blo, bn) };
                (l, bhi.max(hi), nn)
            }
        });
    }
}

/// Edge `i` of `hull`: its start, its unit direction, its unit outward normal and its length.
fn edge(hull: &[DVec2], i: usize) -> (DVec2, DVec2, DVec2, f64) {
    let (v, w) = (hull[i], hull[(i + 1) % hull.len()]);
    let e = w - v;
    let length = e.length();
    (v, e / length, DVec2::new(e.y, -e.x) / length, length)
}

/// The interval of `t` where `t m` lies inside the polygon (every edge's open half-plane), with
/// the normal of the edge it enters by.
fn inside_polygon(hull: &[DVec2], m: DVec2) -> Option<(f64, f64, DVec2)> {
    let (mut lo, mut hi, mut normal) = (f64::NEG_INFINITY, f64::INFINITY, DVec2::ZERO);
    for i in 0..hull.len() {
        let (v, _, out, _) = edge(hull, i);
        let (a, b) = slab(0.0, m.dot(out), f64::NEG_INFINITY, v.dot(out))?;
        if a > lo {
            (lo, normal) = (a, out);
        }
        hi = hi.min(b);
    }
    Some((lo, hi, normal))
}

/// The interval of `t` where `t m` lies in the band along an edge, as far as `radius` out (and in).
fn inside_band(
    (v, along, out, length): (DVec2, DVec2, DVec2, f64),
    radius: f64,
    m: DVec2,
) -> Option<(f64, f64, DVec2)> {
    let d = -v;
    let (a0, a1) = slab(d.dot(along), m.dot(along), 0.0, length)?;
    let (b0, b1) = slab(d.dot(out), m.dot(out), -radius, radius)?;
    Some((a0.max(b0), a1.min(b1), out))
}

/// The interval of `t` where `t m` lies in the disc of `radius` about corner `v`, with the normal
/// from the corner to where it enters.
fn inside_disc(v: DVec2, radius: f64, m: DVec2) -> Option<(f64, f64, DVec2)> {
    let (mm, mv, vv) = (
        m.length_squared(),
        m.dot(v),
        v.length_squared() - radius * radius,
    );
    if mm == 0.0 {
        return (vv < 0.0).then(|| (f64::NEG_INFINITY, f64::INFINITY, -v.normalize_or(DVec2::Y)));
    }
    let disc = mv * mv - mm * vv;
    if disc <= 0.0 {
        return None;
    }
    let root = disc.sqrt();
    let (a, b) = ((mv - root) / mm, (mv + root) / mm);
    Some((a, b, (m * a - v).normalize_or(-m.normalize_or(DVec2::Y))))
}

/// The unit normal of the shortest way out of the rounded polygon for the point at the origin
/// inside it: across the nearest edge, or away from the nearest point when that is outside the
/// polygon itself.
fn way_out(hull: &[DVec2]) -> DVec2 {
    let n = hull.len();
    if n >= 3 {
        let mut inside = true;
        let (mut nearest, mut normal) = (f64::INFINITY, DVec2::Y);
        for i in 0..n {
            let (v, w) = (hull[i], hull[(i + 1) % n]);
            let e = w - v;
            let out = DVec2::new(e.y, -e.x).normalize_or(DVec2::Y);
            let gap = v.dot(out);
            if gap < 0.0 {
                inside = false;
            }
            if gap < nearest {
                (nearest, normal) = (gap, out);
            }
        }
        if inside {
            return normal;
        }
    }
    // Outside the polygon but within its radius: away from its nearest point.
    let mut best = (f64::INFINITY, DVec2::ZERO);
    for i in 0..n {
        let (v, w) = (hull[i], hull[(i + 1) % n.max(1)]);
        let e = w - v;
        let k = if e.length_squared() > 0.0 {
            (-v.dot(e) / e.length_squared()).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let p = v + e * k;
        if p.length_squared() < best.0 {
            best = (p.length_squared(), p);
        }
    }
    (-best.1).normalize_or(DVec2::Y)
}

/// The middle of the patch where the polygon `q` and the shape `p` grown by `radius` touch, both
/// placed (`p` already moved to the contact), with `normal` pointing from `q` towards the shape: the
/// stretch both outlines share on the line across `normal` (a corner, or where two faces meet).
pub(crate) fn contact_point(q: &[DVec2], p: &[DVec2], radius: f64, normal: DVec2) -> DVec2 {
    let scale = q
        .iter()
        .chain(p)
        .fold(1.0f64, |a, v| a.max(v.abs().max_element()));
    let tol = 1e-9 * scale;
    let across = normal.perp();
    // The extreme points of each side along the normal, as a stretch of the line across it.
    let stretch = |points: &[DVec2], dir: DVec2, shift: DVec2| {
        let top = points
            .iter()
            .map(|v| v.dot(dir))
            .fold(f64::NEG_INFINITY, f64::max);
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for v in points.iter().filter(|v| v.dot(dir) >= top - tol) {
            let s = (*v + shift).dot(across);
            (lo, hi) = (lo.min(s), hi.max(s));
        }
        (top, lo, hi)
    };
    let (level, q_lo, q_hi) = stretch(q, normal, DVec2::ZERO);
    let (_, p_lo, p_hi) = stretch(p, -normal, -normal * radius);
    let (lo, hi) = (q_lo.max(p_lo), q_hi.min(p_hi));
    // The middle of what they share; should rounding leave the two stretches a hair apart, the
    // middle of the gap between them.
    normal * level + across * ((lo + hi) / 2.0)
}
