//! The contact patch: the texels of the smaller sprite at the contact, and the two points at its
//! ends.

use std::sync::OnceLock;

use glam::{Affine2, Vec2};

use super::points::{Manifold, ManifoldPoint};
use crate::mask::{Mask, Node};
use crate::motion::push_out_along;
use crate::pair::{Pair, Under, thin_overlap_mask};
use crate::sprite::Sprite;

/// How far past the separation the contact patch reaches, in texels of the smaller texel.
pub(super) const SLACK: f32 = 0.25;

/// How many of the patch's texels are kept to find its ends from (28 bytes each); past that they
/// are found again instead, so that a deep overlap of two large masks needs no more.
const KEPT_TEXELS: usize = 4096;

/// How far past its deepest texel the patch may widen within reach, in texels of the smaller
/// texel: how far a turning body's far end may come down in a step.
const WIDEN: f32 = 2.0;

impl Patch<'_, '_> {
    /// The manifold from the contact patch of `s` against `l` along the normal and its two ends:
    /// the texels of `s` within a quarter texel past the separation (`depth`, negative for a gap),
    /// widened on one side by those within `reach` (world units); `texel` is the smaller texel side.
    pub(super) fn manifold(
        &self,
        reach: f32,
        depth: f32,
        texel: f32,
        patch: &mut Vec<Extreme>,
    ) -> Option<Manifold> {
        let (s, l, normal) = (self.s, self.l, self.normal);
        let m = s.transform.matrix2;
        // How far a texel of `s` reaches from its centre along the normal.
        let half = 0.5 * (m.x_axis.dot(normal).abs() + m.y_axis.dot(normal).abs());
        let l_inverse = l.transform.inverse();
        let texel_l = 0.25 * l.texel_side();
        let point = |e: &Extreme, d: f32| {
            let on_surface = e.centre + normal * half;
            let point = on_surface - normal * (0.5 * d);
            let q = l_inverse.transform_point2(point + normal * texel_l);
            ManifoldPoint {
                point,
                depth: d,
                texel_a: e.texel,
                texel_b: nearest_solid(l.mask, q),
            }
        };
        let mut slack = SLACK * texel;
        // Rounding in the closest points can leave the patch empty at the first slack; a wider one
        // finds it.
        for _ in 0..3 {
            let gap = (-depth).max(0.0) + slack;
            let (deepest, kept_all) = self.gather(gap, None, patch);
            if patch.is_empty() {
                slack *= 4.0;
                continue;
            }
            // The points stand for the deepest part of the patch: a box flat on the ground has its
            // whole bottom row there, one tipped onto a corner only that corner.
            let level = deepest - 0.5 * texel;
            let [lo, hi] = if kept_all {
                ends(patch.iter().filter(|e| e.into >= level))?
            } else {
                self.ends_at_least(gap, None, level)?
            };
            let band = |e: &Extreme| point(e, depth - (deepest - e.into));
            let mut points = [band(&lo), band(&hi)];
            let mut len = if lo.texel == hi.texel { 1 } else { 2 };
            if let Some((side, far, d)) =
                self.widened_end([lo, hi], reach, depth, texel, slack, patch)
            {
                points[side] = point(&far, d);
                len = 2;
            }
            if len == 1 {
                points[1] = points[0];
            }
            return Some(Manifold {
                normal,
                depth,
                points,
                len,
            });
        }
        // Corners that meet at acute angles (sheared texels) can slide past each other as one is
        // moved along the normal, leaving the patch empty at every slack: they touch at their
        // closest points.
        corner_contact(s, l, normal, depth)
    }

    /// The end of the patch widened within reach, as the side it replaces (0 before the band, 1
    /// after), its texel and its depth: texels within reach that run further along the surface on
    /// one side than the band `[lo, hi]` take that side's point, the far end of a tipped box's
    /// lower face, which a body turning onto it meets before it sinks in. Only a reach past the
    /// band's own gap (a body moving or turning) widens it, and by at most WIDEN texels past the
    /// deepest texel: the rest of a body moving straight follows its deepest texel, which a solver
    /// stops, and only turning brings it down after.
    fn widened_end(
        &self,
        [lo, hi]: [Extreme; 2],
        reach: f32,
        depth: f32,
        texel: f32,
        slack: f32,
        patch: &mut Vec<Extreme>,
    ) -> Option<(usize, Extreme, f32)> {
        let gap = (-depth).max(0.0) + slack;
        let wide = reach.min((-depth).max(0.0) + WIDEN * texel) + slack;
        if wide <= gap + slack {
            return None;
        }
        // Only texels past the band's ends along the surface can move a point.
        let outside = Some([lo.along, hi.along]);
        let [first, last] = match self.gather(wide, outside, patch) {
            (_, true) => ends(patch.iter()),
            (_, false) => self.ends_at_least(wide, outside, f32::NEG_INFINITY),
        }?;
        let (before, after) = (lo.along - first.along, last.along - hi.along);
        let (far, side) = if before > after {
            (first, 0)
        } else {
            (last, 1)
        };
        if before.max(after) <= 0.5 * texel {
            return None;
        }
        // No deeper than the whole body's way out, which frees this texel too: a push settled in
        // f32 may overshoot it by its rounding.
        let d = self
            .depth_along_normal(far.texel, wide)
            .filter(|d| -d <= reach)?
            .min(depth);
        Some((side, far, d))
    }
}

/// The one-point contact of `s` and `l` at their closest points once parted by `depth` along the
/// normal (when they overlap), each point's texel the solid one nearest it.
fn corner_contact(s: Sprite<'_>, l: Sprite<'_>, normal: Vec2, depth: f32) -> Option<Manifold> {
    let apart = normal * depth.max(0.0);
    let parted = Sprite::new(l.mask, Affine2::from_translation(apart) * l.transform);
    let d = crate::distance(s, parted)?;
    let inside = |sprite: &Sprite<'_>, p: Vec2, towards: Vec2| {
        let q = p + towards * (0.25 * sprite.texel_side());
        nearest_solid(sprite.mask, sprite.transform.inverse().transform_point2(q))
    };
    let point = ManifoldPoint {
        point: d.on_a - normal * (0.5 * depth),
        depth,
        texel_a: inside(&s, d.on_a, -normal),
        texel_b: inside(&l, d.on_b - apart, normal),
    };
    Some(Manifold {
        normal,
        depth,
        points: [point; 2],
        len: 1,
    })
}

/// The two sprites a patch is taken of, and how: `pair` is `Pair::new(s, l)` and `near` its pairs of
/// solid boxes within `margin` of each other, which hold the patch's texels when its reach is within
/// the margin; `normal` points from `s` towards `l`.
pub(super) struct Patch<'p, 's> {
    pub(super) s: Sprite<'s>,
    pub(super) l: Sprite<'s>,
    pub(super) pair: &'p Pair<'s>,
    pub(super) near: Option<&'p [(Node, Node)]>,
    pub(super) margin: f32,
    pub(super) normal: Vec2,
}

impl Patch<'_, '_> {
    /// Calls `f` with each texel of `s` that shares area with `l` moved `gap` against the normal
    /// (leaving out, where `outside` is given, boxes of `s` lying within that span along the
    /// tangent), perhaps more than once.
    fn visit(&self, gap: f32, outside: Option<[f32; 2]>, f: &mut dyn FnMut(Extreme)) {
        let (s, l, normal) = (self.s, self.l, self.normal);
        let tangent = normal.perp();
        let mut texel = |x: u32, y: u32| {
            let c = s
                .transform
                .transform_point2(Vec2::new(x as f32 + 0.5, y as f32 + 0.5));
            f(Extreme {
                texel: (x, y),
                centre: c,
                along: c.dot(tangent),
                into: c.dot(normal),
            });
        };
        match self.near {
            Some(near) if gap < self.margin => {
                let m = s.transform.matrix2;
                let (tx, ty) = (m.x_axis.dot(tangent).abs(), m.y_axis.dot(tangent).abs());
                // Whether a box of `s` (in its texels) lies within `outside` along the tangent.
                let within = |b: &Node| {
                    outside.is_some_and(|[lo, hi]| {
                        let c = s
                            .transform
                            .transform_point2(Vec2::new(b.center[0] as f32, b.center[1] as f32))
                            .dot(tangent);
                        let r = tx * b.half[0] as f32 + ty * b.half[1] as f32;
                        c - r >= lo && c + r <= hi
                    })
                };
                patch_texels(self.pair, near, -normal * gap, &within, &mut texel);
            }
            _ => {
                let moved = Sprite::new(
                    l.mask,
                    Affine2::from_translation(-normal * gap) * l.transform,
                );
                let shared = thin_overlap_mask(s, moved);
                if let Some(r) = shared.solid_bounds() {
                    for y in r.y..r.y + r.h {
                        for x in r.x..r.x + r.w {
                            if shared.is_solid(x, y) {
                                texel(x, y);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Gathers into `patch` the texels [`visit`](Self::visit) finds, up to [`KEPT_TEXELS`] of them,
    /// and returns how far the deepest lies along the normal and whether all were kept.
    fn gather(&self, gap: f32, outside: Option<[f32; 2]>, patch: &mut Vec<Extreme>) -> (f32, bool) {
        patch.clear();
        let (mut deepest, mut kept_all) = (f32::NEG_INFINITY, true);
        self.visit(gap, outside, &mut |e| {
            deepest = deepest.max(e.into);
            if patch.len() < KEPT_TEXELS {
                patch.push(e);
            } else {
                kept_all = false;
            }
        });
        (deepest, kept_all)
    }

    /// The first and last along the tangent of the texels [`visit`](Self::visit) finds that lie
    /// at least `level` along the normal, found without keeping them.
    fn ends_at_least(
        &self,
        gap: f32,
        outside: Option<[f32; 2]>,
        level: f32,
    ) -> Option<[Extreme; 2]> {
        let mut found: Option<[Extreme; 2]> = None;
        self.visit(gap, outside, &mut |e| {
            if e.into >= level {
                // The ends so far first, so that a tie keeps the texel met first, as `ends` does.
                let so_far = found.map_or([None, None], |[lo, hi]| [Some(lo), Some(hi)]);
                found = ends([so_far[0], so_far[1], Some(e)].iter().flatten());
            }
        });
        found
    }

    /// The depth (negative: apart) of texel `[x, y]` of `s` against `l` along the normal, measured
    /// by pushing the texel, moved `gap` along the normal into `l`, back out: off the deepest part
    /// of the patch the surfaces need not be parallel. Where `l` has layers (a ledge over a cave)
    /// this finds the way into the layer the moved texel lies in, so the gap is never shorter than
    /// the true one. `None` where the moved texel misses `l` or the push found no exact way out.
    fn depth_along_normal(&self, (x, y): (u32, u32), gap: f32) -> Option<f32> {
        let one = Affine2::from_translation(Vec2::new(x as f32, y as f32));
        let at_gap = Affine2::from_translation(self.normal * gap) * self.s.transform * one;
        let push = push_out_along(Sprite::new(single_texel(), at_gap), self.l, -self.normal)?;
        (!push.budget_ran_out).then(|| push.offset.length() - gap)
    }
}

/// The first and last of `texels` along the tangent.
fn ends<'e>(texels: impl Iterator<Item = &'e Extreme>) -> Option<[Extreme; 2]> {
    let mut ends: Option<[Extreme; 2]> = None;
    for &e in texels {
        ends = Some(match ends {
            None => [e, e],
            Some([lo, hi]) => [
                if e.before(&lo) { e } else { lo },
                if e.after(&hi) { e } else { hi },
            ],
        });
    }
    ends
}

/// Calls `out` with the texels of the pair's first argument sprite that share area with the other moved by world
/// translation `by`, from the pairs of boxes that lie near enough for every such texel to be in one
/// of them (a texel under several boxes comes more than once), leaving out the first sprite's boxes
/// that `skip` says.
fn patch_texels(
    pair: &Pair<'_>,
    near: &[(Node, Node)],
    by: Vec2,
    skip: &dyn Fn(&Node) -> bool,
    out: &mut dyn FnMut(u32, u32),
) {
    // Moving the second argument by D in the world moves the pair's second mask by M^-1 D in the
    // first one's texels, or the first by that, so the second by minus it, when swapped.
    let local = pair.world.matrix2.inverse() * by.as_dvec2();
    let mut moved = pair.clone();
    moved.t += if pair.swapped { -local } else { local };
    let under = Under::new(&moved);
    for (ra, rb) in near {
        if moved.separated(ra, rb) {
            continue;
        }
        let (mine, other) = under.sides(ra, rb);
        if skip(mine) {
            continue;
        }
        let ([x0, x1], [y0, y1]) = under.footprint(mine, other);
        for y in y0..y1 {
            for x in x0..x1 {
                if under.shares(x, y, other) {
                    out(x, y);
                }
            }
        }
    }
}

/// A texel of the patch with where it lies along the tangent and the normal.
#[derive(Clone, Copy)]
pub(super) struct Extreme {
    texel: (u32, u32),
    centre: Vec2,
    along: f32,
    into: f32,
}

impl Extreme {
    /// Whether this texel lies before `other` along the tangent (ties: the deeper one first, so
    /// that of a column across the tangent the end in contact is the one taken).
    fn before(&self, other: &Extreme) -> bool {
        self.along < other.along || (self.along == other.along && self.into > other.into)
    }

    /// Whether this texel lies after `other` along the tangent (ties: the deeper one).
    fn after(&self, other: &Extreme) -> bool {
        self.along > other.along || (self.along == other.along && self.into > other.into)
    }
}

/// The solid texel of `mask` nearest to point `q` of its texel space among the texel holding it
/// (clamped into the mask) and the two rings around it; that texel itself when none is solid.
pub(super) fn nearest_solid(mask: &Mask, q: Vec2) -> (u32, u32) {
    let clamp = |v: f32, n: u32| {
        if v.is_nan() {
            0
        } else {
            (v.floor().max(0.0) as u32).min(n.saturating_sub(1))
        }
    };
    let (w, h) = (mask.width(), mask.height());
    let home = (clamp(q.x, w), clamp(q.y, h));
    let mut best: Option<((u32, u32), f32)> = None;
    for y in home.1.saturating_sub(2)..(home.1 + 3).min(h) {
        for x in home.0.saturating_sub(2)..(home.0 + 3).min(w) {
            if mask.is_solid(x, y) {
                let d = (Vec2::new(x as f32 + 0.5, y as f32 + 0.5) - q).length_squared();
                if best.is_none_or(|(_, b)| d < b) {
                    best = Some(((x, y), d));
                }
            }
        }
    }
    best.map_or(home, |(t, _)| t)
}

/// A mask of one solid texel, to place as any one texel or point of a sprite.
pub(super) fn single_texel() -> &'static Mask {
    static DOT: OnceLock<Mask> = OnceLock::new();
    DOT.get_or_init(|| Mask::from_fn(1, 1, |_, _| true).expect("a 1 x 1 mask"))
}
