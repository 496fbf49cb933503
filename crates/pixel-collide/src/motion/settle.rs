//! Settling a push in `f32`: the first free stretch along its line that a rounded translation
//! lands in, when the exact first free place is not one (see `landing.rs`).

use glam::{DVec2, Vec2};

use super::landing::Line;
use super::march::{clearing, march};
use crate::pair::Pair;

/// Stretches a push tries before falling back to parting the bounds.
const SETTLE_TRIES: usize = 6;

impl Line<'_, '_> {
    /// The `f32` translation for a push of `s` along `u` that ends apart, and whether it fell back.
    ///
    /// `s` is the first free distance the search found: the exact one when `f32` lands on it free,
    /// else the start of the first free stretch at least `tol` long. The push lands on `s` itself
    /// when that is free in `f32` (or a step or two of `f32` from it), else in the middle of the
    /// stretch; rounding larger than the stretch (a stretch grazing an edge parallel to the push)
    /// looks for the next stretch four times as long, a few times, then falls back to parting the
    /// bounds.
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
