//! How far apart two placed sprites are: the smallest world distance between their solid texels,
//! with the two closest points, by a best-first search over pairs of their trees' boxes.

use std::cell::Cell;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

use glam::{DAffine2, DVec2, Vec2};

use super::frame::canonical_order;
use super::overlap::collide;
use crate::mask::{Bits, KEPT_ENTRIES, Kind, Mask, Node, with_node_stack};
use crate::sprite::{Sprite, to_f64};

/// The box pairs [`distance`] weighs before it settles for the closest pair found so far: 2^16,
/// some milliseconds, with at most four pairs waiting for each (about 23 MB).
pub const DISTANCE_WORK_BUDGET: u64 = 1 << 16;

/// How far apart two sprites are, as [`distance`] finds it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Distance {
    /// The world distance between the closest solid texels of the two sprites; 0 when they touch
    /// or overlap.
    pub distance: f32,
    /// A point of a solid texel of the first sprite (its closed square) at `distance` from
    /// `on_b`.
    pub on_a: Vec2,
    /// A point of a solid texel of the second sprite at `distance` from `on_a`.
    pub on_b: Vec2,
    /// No pair of solid texels lies closer than this: `distance` itself, unless the search ran out
    /// of its [`DISTANCE_WORK_BUDGET`] first, when the true distance lies between the two.
    pub lower_bound: f32,
    /// Whether the search ran out of its [`DISTANCE_WORK_BUDGET`] before it was sure: then
    /// `distance` is the closest pair found so far and `lower_bound` may lie below it.
    pub budget_ran_out: bool,
}

/// The smallest world distance between the solid texels of two sprites (each texel its closed
/// square), with a closest point on each; 0 when they overlap or share an edge or a corner.
/// `None` when either has no solid texel or a transform that covers no area or is not finite.
///
/// Exact up to rounding in `f64` (then given in `f32`): a best-first search over pairs of boxes
/// of the two trees (bit blocks refined into their quarter squares as the overlap walk refines
/// them), each pair weighed by the exact distance between its two world parallelograms, a lower
/// bound for every texel inside them. It stops when no pair left can come closer than the
/// closest pair of solid boxes found. Work: at most [`DISTANCE_WORK_BUDGET`] box pairs, after
/// which the answer is the closest pair of solid texels found (or, when none was weighed yet, the
/// pair reached by following the closest-looking boxes down), `budget_ran_out` is set and
/// `lower_bound` says how far short it stopped; scratch memory: the pairs waiting, at most four per
/// pair weighed.
///
/// Symmetric: `distance(b, a)` gives the same distance with the two points swapped.
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{distance, Mask, Sprite};
/// let square = Mask::from_fn(4, 4, |_, _| true).unwrap();
/// let a = Sprite::new(&square, Affine2::IDENTITY);
/// let b = Sprite::new(&square, Affine2::from_translation(Vec2::new(7.0, 0.0)));
/// let d = distance(a, b).unwrap();
/// assert_eq!(d.distance, 3.0);
/// assert_eq!((d.on_a.x, d.on_b.x), (4.0, 7.0));
/// let touching = Sprite::new(&square, Affine2::from_translation(Vec2::new(4.0, 2.0)));
/// assert_eq!(distance(a, touching).unwrap().distance, 0.0);
/// ```
pub fn distance(a: Sprite<'_>, b: Sprite<'_>) -> Option<Distance> {
    let swapped = canonical_order(&a, &b) == Ordering::Greater;
    let (first, second) = if swapped { (b, a) } else { (a, b) };
    if let Some(c) = collide(first, second) {
        // Overlapping sprites are 0 apart at their contact point, which the overlap walk finds first.
        let (on_a, on_b) = (c.point, c.point);
        return Some(Distance {
            distance: 0.0,
            on_a,
            on_b,
            lower_bound: 0.0,
            budget_ran_out: false,
        });
    }
    let found = search(first, second, f64::INFINITY)?;
    Some(if swapped { found.swapped() } else { found })
}

impl Distance {
    /// The same distance seen from the other sprite: the two points swapped.
    pub(crate) fn swapped(self) -> Distance {
        Distance {
            on_a: self.on_b,
            on_b: self.on_a,
            ..self
        }
    }
}

/// One sprite as the search sees it: its tree, its bits and its world transform in `f64`.
struct Side<'a> {
    mask: &'a Mask,
    bits: Bits<'a>,
    world: DAffine2,
}

impl<'a> Side<'a> {
    fn of(s: &Sprite<'a>) -> Option<Side<'a>> {
        let world = to_f64(&s.transform);
        let det = world.matrix2.determinant();
        let placed = det != 0.0 && det.is_finite() && world.translation.is_finite();
        (placed && !s.mask.is_empty()).then(|| Side {
            mask: s.mask,
            bits: s.mask.bits(),
            world,
        })
    }

    /// The world corners of a node's texel box, in order around it.
    fn quad(&self, n: &Node) -> [DVec2; 4] {
        let [x0, y0, x1, y1] = n.texels().map(f64::from);
        [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
            .map(|(x, y)| self.world.transform_point2(DVec2::new(x, y)))
    }

    /// A node's children: an inner node's two, or the non-empty quarters of a bit block's square.
    fn children(&self, n: &Node, out: &mut Vec<Node>) {
        match n.kind() {
            Kind::Inner(first) => {
                let tree = self.mask.tree();
                out.extend([tree.node(first), tree.node(first + 1)]);
            }
            Kind::Square(log) => {
                let size = 1u32 << log;
                let [x0, y0, ..] = n.texels();
                let (sx, sy) = (x0 & !(size - 1), y0 & !(size - 1));
                let half = size >> 1;
                for (dx, dy) in [(0, 0), (half, 0), (0, half), (half, half)] {
                    out.extend(self.bits.square(sx + dx, sy + dy, log - 1));
                }
            }
            Kind::Solid => {}
        }
    }
}

thread_local! {
    static QUEUE: Cell<BinaryHeap<Waiting>> = const { Cell::new(BinaryHeap::new()) };
}

/// A pair of boxes waiting, by the distance between them (nearest first).
struct Waiting {
    apart: f64,
    a: Node,
    b: Node,
}

impl PartialEq for Waiting {
    fn eq(&self, other: &Self) -> bool {
        self.apart.total_cmp(&other.apart).is_eq()
    }
}

impl Eq for Waiting {}

impl PartialOrd for Waiting {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Waiting {
    fn cmp(&self, other: &Self) -> Ordering {
        // The heap pops its greatest: the nearest pair is the greatest.
        other.apart.total_cmp(&self.apart)
    }
}

/// [`distance`] of two sprites known not to overlap, when it is at most `max` (world units); `None`
/// when it is more (or a sprite has no solid texel or no area). Pairs of boxes further apart than
/// `max` are never weighed, so a pair far out of reach costs a few box tests.
pub(crate) fn distance_within(a: Sprite<'_>, b: Sprite<'_>, max: f64) -> Option<Distance> {
    let swapped = canonical_order(&a, &b) == Ordering::Greater;
    let (first, second) = if swapped { (b, a) } else { (a, b) };
    let found = search(first, second, max)?;
    Some(if swapped { found.swapped() } else { found })
}

/// The distance between two sprites that do not overlap, when it is at most `max`, from `pairs`:
/// every pair of solid boxes (`first`'s, then `second`'s) that lies within `max` of each other, as
/// a walk with its reach grown by `max` finds them. The closest of those pairs is the answer, no
/// search needed.
pub(crate) fn closest_pair(
    first: Sprite<'_>,
    second: Sprite<'_>,
    pairs: &[(Node, Node)],
    max: f64,
) -> Option<Distance> {
    let (sa, sb) = (Side::of(&first)?, Side::of(&second)?);
    let mut best: Option<(f64, DVec2, DVec2)> = None;
    for (na, nb) in pairs {
        let (p, q) = (sa.quad(na), sb.quad(nb));
        let nearest = best.map_or(max, |(d, ..)| d);
        if gap(&p, &q) > nearest {
            continue;
        }
        let (d, pa, pb) = quad_distance(&p, &q);
        if d <= nearest && best.is_none_or(|(b, ..)| d < b) {
            best = Some((d, pa, pb));
        }
    }
    let (d, pa, pb) = best?;
    Some(Distance {
        distance: d as f32,
        on_a: pa.as_vec2(),
        on_b: pb.as_vec2(),
        lower_bound: d as f32,
        budget_ran_out: false,
    })
}

/// The search, for sprites in canonical order that do not overlap, weighing no pair of boxes
/// further apart than `max`.
fn search(a: Sprite<'_>, b: Sprite<'_>, max: f64) -> Option<Distance> {
    let (sa, sb) = (Side::of(&a)?, Side::of(&b)?);
    let (ra, rb) = (sa.mask.tree().root()?, sb.mask.tree().root()?);
    let apart = gap(&sa.quad(&ra), &sb.quad(&rb));
    if apart > max {
        return None;
    }
    // The queue and the children listed come from buffers kept on the thread: a game asks
    // distances every frame.
    let mut heap = QUEUE.take();
    heap.clear();
    heap.push(Waiting {
        apart,
        a: ra,
        b: rb,
    });
    let search = Search { sa, sb, max };
    let found = with_node_stack(|children| search.nearest_first(&mut heap, children));
    heap.clear();
    heap.shrink_to(KEPT_ENTRIES);
    QUEUE.set(heap);
    let found = found?;
    let (d, pa, pb) = found.best;
    Some(Distance {
        distance: d as f32,
        on_a: pa.as_vec2(),
        on_b: pb.as_vec2(),
        lower_bound: found.lower.min(d) as f32,
        budget_ran_out: found.budget_ran_out,
    })
}

/// Both sides of a search and the farthest a pair it weighs may lie apart.
struct Search<'s> {
    sa: Side<'s>,
    sb: Side<'s>,
    max: f64,
}

/// What a search found: the closest pair of solid texels' distance and closest points, a bound
/// no pair lies closer than, and whether the work budget ended it.
struct Found {
    best: (f64, DVec2, DVec2),
    lower: f64,
    budget_ran_out: bool,
}

impl Search<'_> {
    /// Pops the nearest-looking pair waiting until none can beat the best found (or the work
    /// budget runs out), weighing solid pairs and queueing the children of the rest.
    fn nearest_first(
        &self,
        heap: &mut BinaryHeap<Waiting>,
        children: &mut Vec<Node>,
    ) -> Option<Found> {
        let (sa, sb) = (&self.sa, &self.sb);
        let mut best: Option<(f64, DVec2, DVec2)> = None;
        let mut work = 0u64;
        let mut lower = f64::INFINITY;
        let mut budget_ran_out = false;
        while let Some(w) = heap.pop() {
            let nearest = best.map_or(f64::INFINITY, |(d, ..)| d);
            if w.apart >= nearest {
                lower = nearest;
                break;
            }
            if work >= DISTANCE_WORK_BUDGET {
                lower = w.apart;
                budget_ran_out = true;
                // Out of budget before any pair of solid texels was weighed: the nearest-looking
                // way down from the closest pair waiting still gives a real pair, an upper bound.
                if best.is_none() {
                    best = descend(sa, sb, w.a, w.b, children).filter(|(d, ..)| *d <= self.max);
                }
                break;
            }
            work += 1;
            if w.a.is_solid() && w.b.is_solid() {
                let (d, pa, pb) = quad_distance(&sa.quad(&w.a), &sb.quad(&w.b));
                if d < nearest && d <= self.max {
                    best = Some((d, pa, pb));
                }
                continue;
            }
            self.queue_children(&w, nearest, heap, children);
        }
        Some(Found {
            best: best?,
            lower,
            budget_ran_out,
        })
    }

    /// Splits the larger box of the pair `w` and queues each child pair that might lie closer than
    /// `nearest` and within the reach.
    fn queue_children(
        &self,
        w: &Waiting,
        nearest: f64,
        heap: &mut BinaryHeap<Waiting>,
        children: &mut Vec<Node>,
    ) {
        let (sa, sb) = (&self.sa, &self.sb);
        let split_b = split_second(sa, sb, &w.a, &w.b);
        children.clear();
        if split_b {
            sb.children(&w.b, children);
        } else {
            sa.children(&w.a, children);
        }
        for &child in children.iter() {
            if child.is_nothing() {
                continue;
            }
            let (na, nb) = if split_b { (w.a, child) } else { (child, w.b) };
            let apart = gap(&sa.quad(&na), &sb.quad(&nb));
            if apart < nearest && apart <= self.max {
                heap.push(Waiting {
                    apart,
                    a: na,
                    b: nb,
                });
            }
        }
    }
}

/// Whether the search splits the second box of a pair rather than the first: the one that covers
/// more of the world, a solid one never.
fn split_second(sa: &Side<'_>, sb: &Side<'_>, a: &Node, b: &Node) -> bool {
    let area = |side: &Side<'_>, n: &Node| {
        let [x0, y0, x1, y1] = n.texels().map(f64::from);
        (x1 - x0) * (y1 - y0) * side.world.matrix2.determinant().abs()
    };
    let (a_solid, b_solid) = (a.is_solid(), b.is_solid());
    a_solid || (!b_solid && area(sb, b) > area(sa, a))
}

/// A pair of solid boxes under the pair `(a, b)`, found by always taking the child pair that lies
/// closest, and their distance with a closest point on each: one real pair, no search.
fn descend(
    sa: &Side<'_>,
    sb: &Side<'_>,
    mut a: Node,
    mut b: Node,
    children: &mut Vec<Node>,
) -> Option<(f64, DVec2, DVec2)> {
    loop {
        if a.is_solid() && b.is_solid() {
            return Some(quad_distance(&sa.quad(&a), &sb.quad(&b)));
        }
        let split_b = split_second(sa, sb, &a, &b);
        children.clear();
        if split_b {
            sb.children(&b, children);
        } else {
            sa.children(&a, children);
        }
        let mut nearest: Option<(f64, Node, Node)> = None;
        for &child in children.iter().filter(|c| !c.is_nothing()) {
            let (na, nb) = if split_b { (a, child) } else { (child, b) };
            let apart = gap(&sa.quad(&na), &sb.quad(&nb));
            if nearest.is_none_or(|(g, ..)| apart < g) {
                nearest = Some((apart, na, nb));
            }
        }
        (_, a, b) = nearest?;
    }
}

/// A lower bound on the distance between two parallelograms (corners in order around each): the
/// widest gap between their shadows on the four edge normals and the line between their centres,
/// 0 when none parts them. It is the distance itself when an edge of one faces the other, close to
/// it when they are far apart, and costs a fraction of [`quad_distance`], so the search weighs
/// every pair by it and measures only solid pairs exactly.
fn gap(p: &[DVec2; 4], q: &[DVec2; 4]) -> f64 {
    let mut widest = 0.0f64;
    // The line between the centres as a fifth axis: for boxes far apart, whose edge normals may
    // all lie at an angle to it, it is the tightest.
    let centres = (q[0] + q[2] - p[0] - p[2]).perp();
    for edge in [p[1] - p[0], p[3] - p[0], q[1] - q[0], q[3] - q[0], centres] {
        let n = edge.perp();
        let length = n.length();
        if length == 0.0 {
            continue;
        }
        let shadow = |r: &[DVec2; 4]| {
            r.iter()
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
                    let x = v.dot(n);
                    (lo.min(x), hi.max(x))
                })
        };
        let ((p0, p1), (q0, q1)) = (shadow(p), shadow(q));
        widest = widest.max((q0 - p1).max(p0 - q1) / length);
    }
    widest
}

/// The distance between two convex quadrilaterals (corners in order around each) and a closest
/// point on each: 0, at a shared point, when they meet.
pub(crate) fn quad_distance(p: &[DVec2; 4], q: &[DVec2; 4]) -> (f64, DVec2, DVec2) {
    if let Some(&v) = p.iter().find(|v| inside(v, q)) {
        return (0.0, v, v);
    }
    if let Some(&v) = q.iter().find(|v| inside(v, p)) {
        return (0.0, v, v);
    }
    let mut best = (f64::INFINITY, p[0], q[0]);
    for i in 0..4 {
        for j in 0..4 {
            let (pa, pb) = closest_on_segments(p[i], p[(i + 1) % 4], q[j], q[(j + 1) % 4]);
            let d = pa.distance(pb);
            if d < best.0 {
                best = (d, pa, pb);
            }
        }
    }
    best
}

/// Whether `v` lies in the closed convex quadrilateral `q` (either winding).
fn inside(v: &DVec2, q: &[DVec2; 4]) -> bool {
    let side = |i: usize| (q[(i + 1) % 4] - q[i]).perp_dot(*v - q[i]);
    let s = [side(0), side(1), side(2), side(3)];
    s.iter().all(|&x| x >= 0.0) || s.iter().all(|&x| x <= 0.0)
}

/// The closest points of segments `a0`-`a1` and `b0`-`b1`.
fn closest_on_segments(a0: DVec2, a1: DVec2, b0: DVec2, b1: DVec2) -> (DVec2, DVec2) {
    let (da, db, r) = (a1 - a0, b1 - b0, a0 - b0);
    let (aa, bb, ab) = (da.dot(da), db.dot(db), da.dot(db));
    let (ar, br) = (da.dot(r), db.dot(r));
    let denom = aa * bb - ab * ab;
    // The parameter along `a` of the closest approach of the two lines (0 for parallel ones),
    // then along `b`, each clamped to its segment and the other recomputed.
    let mut s = if denom > 0.0 {
        ((ab * br - ar * bb) / denom).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let mut t = if bb > 0.0 { (ab * s + br) / bb } else { 0.0 };
    if t < 0.0 {
        t = 0.0;
        s = if aa > 0.0 {
            (-ar / aa).clamp(0.0, 1.0)
        } else {
            0.0
        };
    } else if t > 1.0 {
        t = 1.0;
        s = if aa > 0.0 {
            ((ab - ar) / aa).clamp(0.0, 1.0)
        } else {
            0.0
        };
    }
    (a0 + da * s, b0 + db * t)
}
