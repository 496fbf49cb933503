//! Marching one sprite along a line until it stops overlapping the other: the exact jumps past
//! overlap intervals (how the march lands and the work it may spend: `landing.rs`).
//!
//! The overlap of two solid boxes, as one slides along a line, is an open interval of the distance
//! slid, so the first free distance is found by jumping to the far end of every interval that covers
//! the current distance until none does. Each jump is one walk of the trees collecting the
//! overlapping leaf pairs. A push must also land apart in `f32`, so it looks for the first stretch of
//! free distances at least a tolerance long (or an exact free point that `f32` lands on).

use std::ops::ControlFlow;

use glam::DVec2;

use super::landing::Line;
use crate::mask::{Mask, Node};
use crate::pair::Pair;

/// Jumps allowed before a march settles for clearing the sprites' bounds: each jump passes the end
/// of at least one overlap interval, so only masks with thousands of boxes along the line get there.
const MAX_JUMPS: usize = 4096;

/// The first distance from `from` along world direction `u` (unit) at which the first argument
/// sprite, marched that far, stops overlapping, if it is under `limit`; `None` when it is not.
///
/// "Stops overlapping" means: a stretch of at least `line.tol` that is free starts there, or the
/// distance is an isolated free point that the `f32` translation lands on free (a body that exactly
/// fits a gap on a whole-texel grid), moving either sprite, so that both argument orders stop there.
/// An isolated point `f32` cannot hit is passed over, so that the push never ends where rounding
/// leaves the sprites overlapping. `start`, when given (only with `from` 0), holds the pairs of solid
/// boxes that overlap where the sprites are (see [`overlapping_into`]).
pub(crate) fn march(
    pair: &Pair<'_>,
    start: Option<&[(Node, Node)]>,
    u: DVec2,
    from: f64,
    limit: f64,
    line: &Line<'_, '_>,
) -> Option<f64> {
    // Marching the first argument by s u in the world moves the second mask of the pair, relative to
    // the first, by s w in the first one's texels.
    let m = pair.world.matrix2;
    let local = m.inverse() * u;
    let w = if pair.swapped { local } else { -local };
    let size = DVec2::new(f64::from(pair.a.width()), f64::from(pair.a.height()));
    let scale = pair.world.transform_vector2(size).length();
    // Rounding can leave a pair overlapping by a hair at its own exit: every jump moves on.
    let least = |s: f64| (s + scale) * 1e-12;
    let mut s = from;
    if let Some(start) = start {
        match farthest_exit(pair, start, w, limit, line) {
            ControlFlow::Break(()) => return None,
            ControlFlow::Continue(Some(first)) => s = first.max(least(0.0)),
            ControlFlow::Continue(None) => {}
        }
    }
    let tol = line.tol.get();
    let half = tol * 0.5;
    // The sweep over [s, s + tol] as the pair at its middle with every axis's reach grown by half
    // the sweep's projection on it.
    let extra = [
        w.x.abs() * half,
        w.y.abs() * half,
        w.dot(pair.n1).abs() * half,
        w.dot(pair.n2).abs() * half,
    ];
    let mut moved = pair.clone();
    for _ in 0..MAX_JUMPS {
        if s >= limit {
            return None;
        }
        moved.t = pair.t + w * (s + half);
        let window = Window {
            moved: &moved,
            w,
            tol,
            extra,
            ended: least(s),
        };
        let (far, covered) = window.overlaps(s, line);
        if line.work.get() == 0 {
            // Out of work, the walk may have stopped short: take the looser bound, and say so.
            line.budget_ran_out.set(true);
            break;
        }
        let Some(far) = far else {
            return Some(s);
        };
        if !covered && line.lands_free_either_way(u * s) {
            return Some(s);
        }
        s += far.max(least(s));
    }
    let clear = clearing(pair, u).max(from);
    (clear < limit).then_some(clear)
}

/// The farthest exit along `w` of the pairs of boxes overlapping at the start, each of which
/// overlaps from 0 to its exit, so that nothing before it is free; `Break` when one exit lies past
/// `limit`, which settles the march (most directions of a push end here).
fn farthest_exit(
    pair: &Pair<'_>,
    start: &[(Node, Node)],
    w: DVec2,
    limit: f64,
    line: &Line<'_, '_>,
) -> ControlFlow<(), Option<f64>> {
    // The pair that ended the last march tried first: neighbouring directions are mostly ended by
    // the same one.
    let hint = line.ended_by.get();
    if let Some((ra, rb)) = start.get(hint) {
        if pair.interval(ra, rb, w).is_some_and(|(_, hi)| hi >= limit) {
            return ControlFlow::Break(());
        }
    }
    let mut first = None::<f64>;
    for (k, (ra, rb)) in start.iter().enumerate() {
        if let Some((_, hi)) = pair.interval(ra, rb, w) {
            let e = hi.max(0.0);
            if e >= limit {
                line.ended_by.set(k);
                return ControlFlow::Break(());
            }
            first = Some(first.map_or(e, |f| f.max(e)));
        }
    }
    ControlFlow::Continue(first)
}

/// One jump's window of the march, `[s, s + tol]`, swept as the pair at its middle (`moved`) with
/// each axis's reach grown by `extra`.
struct Window<'m, 'p> {
    moved: &'m Pair<'p>,
    w: DVec2,
    tol: f64,
    extra: [f64; 4],
    /// Exits up to here have ended: a pair left overlapping by rounding at its own exit, which `s`
    /// was set to, would cover the window's start, so that a free landing is never tried, and
    /// whether it is counted would depend on how the pair was found (the trees walked, or the
    /// pairs near listed), so the answer too.
    ended: f64,
}

impl Window<'_, '_> {
    /// The farthest exit (from the window's start) of the box pairs overlapping within the window,
    /// `None` when none does, and whether one covers the window's start.
    fn overlaps(&self, s: f64, line: &Line<'_, '_>) -> (Option<f64>, bool) {
        let (mut far, mut covered) = (None::<f64>, false);
        let half = self.tol * 0.5;
        let mut meets = |ra: &Node, rb: &Node| {
            // The grown test is conservative; the pair's own interval along the line decides.
            if let Some((lo, hi)) = self.moved.interval(ra, rb, self.w) {
                let (lo, hi) = (lo + half, hi + half);
                if hi > self.ended && lo < self.tol {
                    covered |= lo < 0.0;
                    far = Some(far.map_or(hi, |f| f.max(hi)));
                }
            }
            false
        };
        match line.near {
            // Every pair of boxes that meets within the sweep lies among those near.
            Some((near, reach)) if s + self.tol <= reach => {
                let left = line.work.get();
                line.work.set(left.saturating_sub(near.len() as u64).max(1));
                for (ra, rb) in near {
                    if !self.moved.separated_by::<true>(ra, rb, &self.extra) {
                        meets(ra, rb);
                    }
                }
            }
            _ => self.moved.walk_grown(self.extra, &line.work, meets),
        }
        (far, covered)
    }
}

/// Overlapping pairs a push in many directions keeps: beyond this many (large, ragged masks deep in
/// each other) every march finds its own, so memory stays bounded.
pub(crate) const MAX_KEPT_PAIRS: usize = 4096;

/// The pairs of solid boxes that overlap where the sprites are, into `pairs`; false when there are
/// more than [`MAX_KEPT_PAIRS`]: the first jump of a march in any direction starts from these, so a
/// push in many directions walks the trees for them once.
pub(crate) fn overlapping_into(pair: &Pair<'_>, pairs: &mut Vec<(Node, Node)>) -> bool {
    pairs.clear();
    let mut all = true;
    pair.walk(|ra, rb| {
        all = pairs.len() < MAX_KEPT_PAIRS;
        if all {
            pairs.push((*ra, *rb));
        }
        !all
    });
    all
}

/// How far the first argument sprite must march along `u` for the two sprites' bounds to part.
pub(crate) fn clearing(pair: &Pair<'_>, u: DVec2) -> f64 {
    let bounds = |m: &Mask, t: DAffine| {
        let size = DVec2::new(f64::from(m.width()), f64::from(m.height()));
        let corners = [
            DVec2::ZERO,
            DVec2::new(size.x, 0.0),
            DVec2::new(0.0, size.y),
            size,
        ];
        let pts = corners.map(|c| t.transform_point2(c));
        let lo = pts.iter().fold(DVec2::INFINITY, |a, p| a.min(*p));
        let hi = pts.iter().fold(DVec2::NEG_INFINITY, |a, p| a.max(*p));
        (lo, hi)
    };
    let second = pair.world
        * glam::DAffine2::from_mat2_translation(glam::DMat2::from_cols(pair.c0, pair.c1), pair.t);
    let (first_box, second_box) = (bounds(pair.a, pair.world), bounds(pair.b, second));
    let (mover, other) = if pair.swapped {
        (second_box, first_box)
    } else {
        (first_box, second_box)
    };
    let mut best = f64::INFINITY;
    for k in 0..2 {
        if u[k] > 0.0 {
            best = best.min((other.1[k] - mover.0[k]) / u[k]);
        } else if u[k] < 0.0 {
            best = best.min((other.0[k] - mover.1[k]) / u[k]);
        }
    }
    best.max(0.0)
}

type DAffine = glam::DAffine2;

impl Pair<'_> {
    /// The open interval of distances (in units of `w`, the second box's move per unit) over which
    /// the second box, moving by `w`, overlaps the first: the intersection of the four axes of the
    /// separating-axis test, which are all the axes a box and a parallelogram have; `None` when it is
    /// empty.
    fn interval(&self, na: &Node, nb: &Node, w: DVec2) -> Option<(f64, f64)> {
        let (ca, ha, hb) = (na.center, na.half, nb.half);
        let (n1, n2) = (self.n1, self.n2);
        let cb = self.t + self.c0 * nb.center[0] + self.c1 * nb.center[1];
        let d = cb - DVec2::from(ca);
        let (u, v) = (self.c0 * hb[0], self.c1 * hb[1]);
        let axes = [
            (DVec2::X, ha[0] + u.x.abs() + v.x.abs()),
            (DVec2::Y, ha[1] + u.y.abs() + v.y.abs()),
            (
                n1,
                ha[0] * n1.x.abs() + ha[1] * n1.y.abs() + hb[1] * self.det_abs,
            ),
            (
                n2,
                ha[0] * n2.x.abs() + ha[1] * n2.y.abs() + hb[0] * self.det_abs,
            ),
        ];
        let (mut lo, mut hi) = (f64::NEG_INFINITY, f64::INFINITY);
        for (n, r) in axes {
            let (c, rate) = (d.dot(n), w.dot(n));
            if rate == 0.0 {
                if c.abs() >= r {
                    return None;
                }
                continue;
            }
            let (t0, t1) = ((-r - c) / rate, (r - c) / rate);
            lo = lo.max(t0.min(t1));
            hi = hi.min(t0.max(t1));
        }
        (lo < hi).then_some((lo, hi))
    }
}
