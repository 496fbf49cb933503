//! How a push lands: the shortest free stretch it may end in, the `f32` translation that lands
//! free at or near the exact first free place, and what a search of either argument order may stop at.

use std::cell::Cell;

use glam::{Affine2, DVec2, Vec2};

use super::march::{PUSH_WORK_BUDGET, clearing, march};
use crate::mask::Node;
use crate::pair::{Pair, overlaps};
use crate::sprite::Sprite;

/// Relative length of the shortest free stretch a push may end in: 2^-18 of the largest world
/// coordinate of the two sprites' bounds (and at least 2^-18 world units), about 32 units in the last
/// place of an `f32` there, so that the rounding of the offset, and of adding it to the sprite's
/// transform, stays inside the stretch.
pub const PUSH_TOLERANCE: f32 = 1.0 / (1 << 18) as f32;

/// How a push lands: the sprites it moves, the free stretch it must reach, and the work it has left.
pub(crate) struct Line<'s, 'a> {
    a: &'s Sprite<'a>,
    b: &'s Sprite<'a>,
    /// The shortest free stretch the push may end in, in world units.
    pub(super) tol: Cell<f64>,
    /// Box-pair tests left to the marches.
    pub(super) work: Cell<u64>,
    /// Whether a march ran out of work and took the looser bound.
    pub(super) budget_ran_out: Cell<bool>,
    /// Whether a march stops only at isolated free points the first sprite's own move lands on
    /// (once settling has found none near the point both orders stop at).
    pub(super) own_way_only: Cell<bool>,
    /// The overlapping pair whose exit ended the last march at its first jump.
    pub(super) ended_by: Cell<usize>,
    /// The pairs of solid boxes that come within a world distance of each other, with that
    /// distance, when known: a march that stays within it tests them instead of walking the trees.
    pub(super) near: Option<(&'s [(Node, Node)], f64)>,
}

impl<'s, 'a> Line<'s, 'a> {
    pub(crate) fn new(a: &'s Sprite<'a>, b: &'s Sprite<'a>) -> Self {
        let far = |s: &Sprite<'_>| {
            let r = s.bounds();
            f64::from(r.min.abs().max(r.max.abs()).max_element())
        };
        let far = far(a).max(far(b));
        let far = if far.is_finite() { far.max(1.0) } else { 1.0 };
        Line {
            a,
            b,
            tol: Cell::new(f64::from(PUSH_TOLERANCE) * far),
            work: Cell::new(PUSH_WORK_BUDGET),
            budget_ran_out: Cell::new(false),
            own_way_only: Cell::new(false),
            ended_by: Cell::new(0),
            near: None,
        }
    }

    /// The line with `near`, every pair of solid boxes of the pair (in its order) that comes within
    /// world distance `reach` of each other, for the marches to test instead of walking the trees.
    pub(crate) fn with_near(mut self, near: &'s [(Node, Node)], reach: f64) -> Self {
        self.near = Some((near, reach));
        self
    }

    /// Whether the `f32` translation nearest `v` leaves the sprites apart, by the crate's own test.
    pub(crate) fn lands_free(&self, v: DVec2) -> bool {
        let d = v.as_vec2();
        d.is_finite()
            && !overlaps(
                Sprite::new(self.a.mask, Affine2::from_translation(d) * self.a.transform),
                *self.b,
            )
    }

    /// Whether an isolated free point `v` lands free for either sprite taking the move: the first
    /// moved by `v` and the second moved by `-v` round differently, and the search must stop at the
    /// same points in both argument orders for `push_out(b, a)` to reverse `push_out(a, b)`;
    /// [`settle`](Self::settle) then finds the landing of its own order a few `f32` steps away.
    pub(super) fn lands_free_either_way(&self, v: DVec2) -> bool {
        if self.own_way_only.get() {
            return self.lands_free(v);
        }
        self.lands_free(v) || {
            let d = v.as_vec2();
            d.is_finite()
                && !overlaps(
                    *self.a,
                    Sprite::new(
                        self.b.mask,
                        Affine2::from_translation(-d) * self.b.transform,
                    ),
                )
        }
    }

    /// The move `v` as an `f32` translation that lands free: `v` rounded, or else the nearest of the
    /// translations a few `f32` steps around it (see [`land_near`](Self::land_near)).
    pub(crate) fn landing(&self, v: DVec2) -> Option<Vec2> {
        if self.lands_free(v) {
            return Some(v.as_vec2());
        }
        self.land_near(v)
    }

    /// Whether a march of this line ran out of work and took the looser bound.
    pub(crate) fn ran_out(&self) -> bool {
        self.budget_ran_out.get()
    }

    /// The line whose marches stop only at isolated free points the first sprite's own move lands
    /// on: a search again for a push whose first answer no `f32` move of its own lands near.
    pub(crate) fn own_way_only(self) -> Self {
        self.own_way_only.set(true);
        self
    }

    /// The free landing nearest the move `v` among the `f32` translations of the first sprite up to
    /// [`NEAR_LANDINGS`] steps of `f32` from where `v` takes it in each coordinate.
    fn land_near(&self, v: DVec2) -> Option<Vec2> {
        let from = self.a.transform.translation;
        let target = from.as_dvec2() + v;
        let steps = |x: f32| {
            let (mut down, mut up) = ([x; NEAR_LANDINGS + 1], [x; NEAR_LANDINGS + 1]);
            for k in 1..=NEAR_LANDINGS {
                down[k] = down[k - 1].next_down();
                up[k] = up[k - 1].next_up();
            }
            down.into_iter().chain(up.into_iter().skip(1))
        };
        let rounded = target.as_vec2();
        let mut best: Option<(f64, Vec2)> = None;
        for x in steps(rounded.x) {
            for y in steps(rounded.y) {
                let d = Vec2::new(x, y) - from;
                let miss = (d.as_dvec2() + from.as_dvec2() - target).length();
                if best.is_none_or(|(m, _)| miss < m) && self.lands_free(d.as_dvec2()) {
                    best = Some((miss, d));
                }
            }
        }
        best.map(|(_, d)| d)
    }

    /// The `f32` translation for a push of `s` along `u` that ends apart, and whether it fell back.
    ///
    /// `s` is the first free distance the search found: the exact one when `f32` lands on it free, else
    /// the start of the first free stretch at least `tol` long. The push lands on `s` itself when that
    /// is free in `f32` (or a step or two of `f32` from it), else in the middle of the stretch; rounding larger than the stretch (a
    /// stretch grazing an edge parallel to the push) looks for the next stretch four times as long,
    /// a few times, then falls back to parting the bounds.
    pub(crate) fn settle(&self, pair: &Pair<'_>, u: DVec2, s: f64) -> (Vec2, bool) {
        let first_tol = self.tol.get();
        if let Some(d) = self.landing(u * s) {
            return (d, self.budget_ran_out.get());
        }
        // From here on the march goes past the points only the other order lands on.
        self.own_way_only.set(true);
        if u != DVec2::ZERO {
            let mut s = s;
            for _ in 0..SETTLE_TRIES {
                // The stretch found from `s` starts there or further on.
                if let Some(next) = march(pair, None, u, s, f64::INFINITY, self) {
                    s = next;
                } else {
                    break;
                }
                let tol = self.tol.get();
                let mid = u * (s + tol * 0.5);
                if self.lands_free(u * s) {
                    return ((u * s).as_vec2(), self.budget_ran_out.get());
                }
                if self.lands_free(mid) {
                    return (mid.as_vec2(), self.budget_ran_out.get());
                }
                s += tol;
                self.tol.set(tol * 4.0);
            }
        }
        let up = if u == DVec2::ZERO { DVec2::NEG_Y } else { u };
        let mut clear = clearing(pair, up) + first_tol;
        for _ in 0..SETTLE_TRIES {
            if self.lands_free(up * clear) {
                break;
            }
            clear = clear * 2.0 + first_tol;
        }
        ((up * clear).as_vec2(), true)
    }
}

/// How many steps of `f32` either way of a move's landing, in each coordinate, a push that does not
/// land free tries before it looks further along its line.
const NEAR_LANDINGS: usize = 2;

/// Stretches a push tries before falling back to parting the bounds.
const SETTLE_TRIES: usize = 6;
