//! How a push lands: the shortest free stretch it may end in, the `f32` translation that lands
//! free at or near the exact first free place, what a search of either argument order may stop
//! at, and the work a push may spend (settling further along the line: `settle.rs`).

use std::cell::Cell;

use glam::{Affine2, DVec2, Vec2};

use crate::mask::Node;
use crate::pair::overlaps;
use crate::sprite::Sprite;

/// Relative length of the shortest free stretch a push may end in: 2^-18 of the largest world
/// coordinate of the two sprites' bounds (and at least 2^-18 world units), about 32 units in the last
/// place of an `f32` there, so that the rounding of the offset, and of adding it to the sprite's
/// transform, stays inside the stretch.
pub const PUSH_TOLERANCE: f32 = 1.0 / (1 << 18) as f32;

/// Box-pair tests a push may spend in its marches (and again in summing its normal) before it falls
/// back: 2^20, about 50 ms each on two shared cores. Past it, directions not yet settled take the
/// move that parts the sprites' bounds (and the normal is the push's direction), and
/// [`PushOut::budget_ran_out`](crate::PushOut::budget_ran_out) says so.
pub const PUSH_WORK_BUDGET: u64 = 1 << 20;

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
    /// The line of a push of `a` off `b`: its shortest free stretch scaled to the farther of the two
    /// from the origin, and the whole work budget.
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
        d.is_finite() && !overlaps(moved(self.a, d), *self.b)
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
            d.is_finite() && !overlaps(*self.a, moved(self.b, -d))
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

    /// The line again, for a search whose marches stop only at isolated free points the first
    /// sprite's own move lands on (a push whose first answer no `f32` move of its own lands near),
    /// with the work this one has left: both searches together stay within the budget.
    pub(crate) fn own_way_only(&self) -> Self {
        let again = Line::new(self.a, self.b);
        again.own_way_only.set(true);
        again.work.set(self.work.get());
        again.budget_ran_out.set(self.budget_ran_out.get());
        again
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
}

/// How many steps of `f32` either way of a move's landing, in each coordinate, a push that does not
/// land free tries before it looks further along its line.
const NEAR_LANDINGS: usize = 2;

/// `s` moved by the world translation `d`.
fn moved<'a>(s: &Sprite<'a>, d: Vec2) -> Sprite<'a> {
    Sprite::new(s.mask, Affine2::from_translation(d) * s.transform)
}
