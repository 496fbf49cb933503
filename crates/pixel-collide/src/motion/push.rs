//! Push-out: the translation that moves one overlapping sprite off another.
//!
//! Along a given direction the answer is exact: the overlap of two solid boxes, as one slides along a
//! line, is an open interval of the distance slid, so the first free distance is found by jumping to
//! the far end of every interval that covers the current distance until none does. Each jump is one
//! walk of the trees collecting the overlapping leaf pairs.
//!
//! Without a direction, aligned placements search the texel grid itself: the translations that keep
//! two masks overlapping are a union of open squares centred on whole-texel offsets, so the shortest
//! free translation is a whole-texel one and the search is exact. Other placements take the shortest
//! of the exact pushes along 32 directions, refined around the best.

use std::cell::Cell;

use glam::{DVec2, Vec2};

use super::landing::{Line, PUSH_WORK_BUDGET};
use super::march::{clearing, march, overlapping_into};
use crate::mask::{Node, with_box_pairs};
use crate::pair::{Pair, overlaps, placeable};
use crate::sprite::Sprite;
use crate::words::Aligned;

/// How to move a sprite off another one.
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{push_out, Mask, Sprite};
/// let floor = Mask::from_fn(16, 4, |_, _| true).unwrap();
/// let body = Mask::from_fn(4, 4, |_, _| true).unwrap();
/// let sunk = Sprite::new(&body, Affine2::from_translation(Vec2::new(6.0, -3.0)));
/// let p = push_out(sunk, Sprite::new(&floor, Affine2::IDENTITY)).unwrap();
/// assert_eq!(p.offset, Vec2::new(0.0, -1.0));
/// // From the body towards the floor it overlaps: the push is against the normal.
/// assert_eq!(p.normal, Vec2::new(0.0, 1.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PushOut {
    /// The world translation to add to the first sprite so that it no longer overlaps the second
    /// (after it the two touch at most along edges).
    pub offset: Vec2,
    /// A unit estimate of the contact normal, pointing from the first sprite towards the second (the
    /// crate's one convention for a pair's normals): the first sprite moved against it sheds the shared
    /// area fastest. Swapping the two sprites negates it exactly.
    pub normal: Vec2,
    /// True when the search gave up on the first free place (rounding defeated every landing tried,
    /// or the work budget ran out) and `offset` is the looser fallback: the move along the same
    /// direction that parts the two sprites' world bounds. It still ends apart.
    pub budget_ran_out: bool,
}

/// The shortest translation of `a` that leaves it overlapping `b` on no solid texel, with the contact
/// normal; `None` when they do not overlap.
///
/// Exact on the texel grid when the two masks share an axis-aligned grid (the same rotation by
/// quarter turns, scale and flips, offset by whole texels, with a world grid that is square or
/// unrotated): the answer is the shortest whole-texel move (searched out to 128 texels; a body
/// buried deeper gets the shortest of that search and the four straight moves along the grid).
/// Otherwise it is the shortest of exact pushes along 32 directions, refined around the best to 1/512
/// of a turn; when the translations that keep the two overlapping form a convex region (two convex
/// shapes) that is within 0.5% of the shortest, and ragged shapes may hide a shorter way out between
/// two directions.
///
/// The offset ends apart, checked with [`overlaps`] on the `f32` transform it gives.
/// It is the exact first free place when the `f32` translation lands on it free (or one a step or two
/// of `f32` from it does, in each coordinate: the nearest such is taken); otherwise the push
/// goes on to the first stretch of free places at least [`PUSH_TOLERANCE`](crate::PUSH_TOLERANCE) times the largest world
/// coordinate of the two sprites' bounds long (at least `PUSH_TOLERANCE` world units), and lands inside
/// it, no further than that tolerance past its start. So a free place that is a single point (a body
/// exactly as wide as a gap, under a rotation `f32` cannot express exactly) is passed over rather than
/// landed near. [`push_out_along`] settles the same way. Should rounding defeat a few stretches, the
/// offset falls back to parting the bounds and [`PushOut::budget_ran_out`] says so.
///
/// Cost: the grid search tries at most the whole-texel moves of 128 rings; other placements march
/// along about 40 directions, each march a walk of the trees per jump. All marches together spend at
/// most [`PUSH_WORK_BUDGET`] box-pair tests, and summing the normal as many again (tens of
/// microseconds for sprites of a few thousand texels; the budget binds only for large ragged masks
/// deep in each other, such as two overlapping 300 px noise masks, where it took 22 s). Past the
/// budget, directions not yet settled take the move that parts the bounds, and the result says
/// [`budget_ran_out`](PushOut::budget_ran_out).
///
/// Equally short answers are settled as [`Rect::min_translation`](crate::Rect::min_translation)
/// settles them: vertical before horizontal (so a body that lands exactly on a corner stands on it),
/// then up before down, then left before right. The last two ties are decided for the pair in a fixed
/// order of the two sprites, so `push_out(b, a)` is the reversed push: its normal exactly, bit for
/// bit, its offset up to the rounding of settling it in `f32`.
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{overlaps, push_out, sprite_transform, Mask, Sprite};
/// let plus = Mask::from_fn(9, 9, |x, y| (3..6).contains(&x) || (3..6).contains(&y)).unwrap();
/// let turned = Sprite::new(&plus, sprite_transform(Vec2::ZERO, 0.4, Vec2::ONE, Vec2::splat(4.5)));
/// let other = Sprite::new(&plus, sprite_transform(Vec2::new(6.0, 1.0), 0.0, Vec2::ONE, Vec2::splat(4.5)));
/// let p = push_out(turned, other).unwrap();
/// let moved = Sprite::new(&plus, Affine2::from_translation(p.offset) * turned.transform);
/// assert!(!overlaps(moved, other));
/// ```
pub fn push_out(a: Sprite<'_>, b: Sprite<'_>) -> Option<PushOut> {
    if !overlaps(a, b) {
        return None;
    }
    let pair = Pair::new(a, b)?;
    let search = |line: &Line<'_, '_>| match grid_push(&pair) {
        Some(grid) => grid,
        None => with_box_pairs(|pairs| {
            let known = overlapping_into(&pair, pairs);
            turned_push(&pair, known.then_some(&pairs[..]), line, None)
        }),
    };
    let line = Line::new(&a, &b);
    let mut p = search(&line);
    let (offset, budget_ran_out) = match line.landing(p) {
        Some(offset) => (offset, line.ran_out()),
        None => {
            // The search stopped where only the other argument order lands (see `march`): the
            // shortest push this order's own moves land on, as the other order would have missed it.
            let own = line.own_way_only();
            p = search(&own);
            own.settle(&pair, p.normalize_or_zero(), p.length())
        }
    };
    Some(PushOut {
        offset,
        normal: -normal(&pair, p),
        budget_ran_out,
    })
}

/// The push of a shallow contact, as [`push_out`]'s offset without its normal (whose sum over the
/// overlapping boxes costs about as much again) and unsettled: the exact first free distance, which
/// an `f32` translation may not land on free (a contact's depth is a length, never applied as a
/// move). What a physics contact needs every step. `None` when the sprites do not overlap.
///
/// The texels' face normals of both sprites and the world axes are tried first; when the shortest
/// of those pushes is under [`SHALLOW`] of the smaller texel, it is taken (the way out of an overlap
/// of two sets of squares lies along a face of one of them unless it sits in a concave corner of
/// both), else [`push_out`]'s search over 32 directions runs too, as `push_out` runs it and refined
/// around the best face push, and the shortest of them all is taken. Cost: a dozen
/// marches instead of forty, tried nearest the overlap's own normal first so that the others, bounded
/// by the best so far, mostly end at their first jump.
///
/// `pair` is `Pair::new(a, b)`; `near`, when known, every pair of its solid boxes that comes within
/// world distance `reach` of each other, which saves the walks of the marches that stay within it
/// and of finding the overlapping pairs; `scratch` holds those, its memory kept from call to call.
pub(crate) fn contact_push(
    a: Sprite<'_>,
    b: Sprite<'_>,
    pair: &Pair<'_>,
    near: Option<&[(Node, Node)]>,
    reach: f64,
    scratch: &mut Vec<(Node, Node)>,
) -> Option<Vec2> {
    if !placeable(&a, &b) {
        return None;
    }
    let mut line = Line::new(&a, &b);
    if let Some(near) = near {
        line = line.with_near(near, reach);
    }
    if let Some(view) = pair.aligned() {
        view.first()?;
        // A grid whose whole-texel moves are not ordered by length (stretched and turned, or
        // sheared) takes the general search below, as `push_out` does.
        if let Some(p) = grid_push(pair) {
            return Some(p.as_vec2());
        }
    }
    // Of the pairs near, those that overlap: where every march of the push starts.
    let known = match near {
        Some(near) => {
            scratch.clear();
            scratch.extend(near.iter().filter(|(ra, rb)| !pair.separated(ra, rb)));
            true
        }
        None => overlapping_into(pair, scratch),
    };
    if known && scratch.is_empty() {
        return None;
    }
    let start = known.then_some(&scratch[..]);
    let shallow = f64::from(a.texel_side().min(b.texel_side())) * SHALLOW;
    let (mut axes, count) = face_axes(&a, &b);
    let axes = &mut axes[..count];
    // Nearest the way the shared area shrinks fastest first: the best push found early bounds the
    // marches after it. The order changes the work, never the answer (`better` decides).
    if let Some(pairs) = start {
        let guess = shrinking(
            pair,
            pairs.iter().map(|(ra, rb)| pair.area_gradient(ra, rb)),
        );
        axes.sort_by(|u, v| guess.dot(*v).total_cmp(&guess.dot(*u)));
    }
    let best = shortest_along(pair, start, axes, &line);
    let p = match best {
        Some(p) if p.length() < shallow => p,
        // Deeper: `push_out`'s own search, and the same search refined around the best face push
        // instead; the shorter. Refined around the face push alone, the search can settle on a way
        // out longer than the one `push_out`'s refinement finds around its best direction.
        _ => {
            let own = turned_push(pair, start, &line, None);
            match best {
                Some(face) => {
                    let around = turned_push(pair, start, &line, Some(face));
                    if better(around, own, pair.swapped) {
                        around
                    } else {
                        own
                    }
                }
                None => own,
            }
        }
    };
    Some(p.as_vec2())
}

/// The world axes, then the face normals of both sprites' texels not among them yet, and how many
/// there are.
fn face_axes(a: &Sprite<'_>, b: &Sprite<'_>) -> ([DVec2; 12], usize) {
    let mut axes = [DVec2::ZERO; 12];
    axes[..4].copy_from_slice(&[DVec2::NEG_Y, DVec2::Y, DVec2::X, DVec2::NEG_X]);
    let mut count = 4;
    for s in [a, b] {
        let m = s.transform.matrix2.as_dmat2();
        for c in [m.x_axis, m.y_axis] {
            if let Some(n) = c.perp().try_normalize() {
                // An unturned sprite's face normals are the world axes: each direction is marched once.
                for n in [n, -n] {
                    if axes[..count].iter().all(|u| u.dot(n) < 1.0 - 1e-12) {
                        axes[count] = n;
                        count += 1;
                    }
                }
            }
        }
    }
    (axes, count)
}

/// The shortest push along any of `axes`, each march bounded by the best before it.
fn shortest_along(
    pair: &Pair<'_>,
    start: Option<&[(Node, Node)]>,
    axes: &[DVec2],
    line: &Line<'_, '_>,
) -> Option<DVec2> {
    let mut best: Option<DVec2> = None;
    for &u in axes {
        let limit = best.map_or(f64::INFINITY, |p| p.length() * (1.0 + 1e-9));
        if let Some(d) = march(pair, start, u, 0.0, limit, line) {
            let p = u * d;
            if best.is_none_or(|q| better(p, q, pair.swapped)) {
                best = Some(p);
            }
        }
    }
    best
}

/// The depth, in texels of the smaller texel, under which [`contact_push`] takes the best push
/// along a face normal or world axis.
const SHALLOW: f64 = 1.0;

/// The shortest translation of `a` along `direction` (any length, not zero) that leaves it
/// overlapping `b` on no solid texel, with the contact normal; `None` when they do not overlap or the
/// direction is zero or not finite.
///
/// Exact for every placement, up to rounding: it is the first distance along the line at which the
/// two stop overlapping, so a platformer can lift a body onto a floor (`-Vec2::Y` on a y-down screen)
/// whatever the floor's shape and turn. It ends apart, settled as [`push_out`] settles: on the exact
/// first free distance when the `f32` offset lands on it free, else within the first free stretch at
/// least [`PUSH_TOLERANCE`](crate::PUSH_TOLERANCE) (relative to the sprites' coordinates) long. Its work is bounded as
/// [`push_out`]'s is, by [`PUSH_WORK_BUDGET`], past which it parts the bounds and says it fell back.
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{push_out_along, sprite_transform, Mask, Sprite};
/// let ramp = Mask::from_fn(32, 32, |x, y| y >= 31 - x).unwrap();
/// let body = Mask::from_fn(2, 2, |_, _| true).unwrap();
/// let sunk = Sprite::new(&body, Affine2::from_translation(Vec2::new(20.0, 20.0)));
/// let lift = push_out_along(sunk, Sprite::new(&ramp, Affine2::IDENTITY), -Vec2::Y).unwrap();
/// assert_eq!(lift.offset, Vec2::new(0.0, -12.0), "onto the step under its right column");
/// ```
pub fn push_out_along(a: Sprite<'_>, b: Sprite<'_>, direction: Vec2) -> Option<PushOut> {
    let u = direction.as_dvec2().normalize_or_zero();
    if u == DVec2::ZERO || !u.is_finite() || !overlaps(a, b) {
        return None;
    }
    let pair = Pair::new(a, b)?;
    let line = Line::new(&a, &b);
    let s = march(&pair, None, u, 0.0, f64::INFINITY, &line)?;
    let (offset, budget_ran_out) = line.settle(&pair, u, s);
    Some(PushOut {
        offset,
        normal: -normal(&pair, u),
        budget_ran_out,
    })
}

/// Whether world translation `x` is a better push than `y`: shorter, or as short (to rounding) and
/// more vertical, then upward, then leftward. Both are moves of the first argument; `swapped` (the
/// pair's) turns them into moves of the pair's first sprite before the up and left ties, so that a tie
/// is the pair's and swapping the arguments reverses the push.
fn better(x: DVec2, y: DVec2, swapped: bool) -> bool {
    let (x, y) = if swapped { (-x, -y) } else { (x, y) };
    let (lx, ly) = (x.length(), y.length());
    let tol = 1e-9 * lx.max(ly).max(1e-300);
    if (lx - ly).abs() > tol {
        return lx < ly;
    }
    if (x.y.abs() - y.y.abs()).abs() > tol {
        return x.y.abs() > y.y.abs();
    }
    if (x.y - y.y).abs() > tol {
        return x.y < y.y;
    }
    x.x < y.x - tol
}

/// The exact push on a shared texel grid, as a world translation of the first argument; `None` when
/// the placement is not aligned on a grid whose whole-texel moves are ordered by their texel length.
fn grid_push(pair: &Pair<'_>) -> Option<DVec2> {
    pair.aligned()?;
    let m = pair.world.matrix2;
    // Whole-texel moves are shortest in texels exactly when the grid is square or unrotated.
    let square = (m.x_axis.length() - m.y_axis.length()).abs() <= 1e-12 * m.x_axis.length()
        && m.x_axis.dot(m.y_axis).abs() <= 1e-12 * m.x_axis.length_squared();
    let unrotated =
        (m.x_axis.y == 0.0 && m.y_axis.x == 0.0) || (m.x_axis.x == 0.0 && m.y_axis.y == 0.0);
    if !(square || unrotated) {
        return None;
    }
    // `j` moves the second mask relative to the first, in the first one's texels.
    let world = |j: DVec2| if pair.swapped { m * j } else { -(m * j) };
    let free = |j: DVec2| {
        Aligned::recognise(pair.a, pair.b, pair.c0, pair.c1, pair.t + j)
            .is_none_or(|v| v.first().is_none())
    };
    // Along each axis of the grid, the first free whole-texel move: an upper bound on the answer.
    let reach = (pair.a.width().max(pair.a.height()) + pair.b.width().max(pair.b.height())) as f64;
    let mut best: Option<DVec2> = None;
    for e in [DVec2::X, DVec2::NEG_X, DVec2::Y, DVec2::NEG_Y] {
        let mut n = 1.0;
        while n <= reach + 1.0 && !free(e * n) {
            n += 1.0;
        }
        let w = world(e * n);
        if best.is_none_or(|b| better(w, b, pair.swapped)) {
            best = Some(w);
        }
    }
    // Then every whole-texel move that could beat it, ring by ring outwards (ring k holds the moves
    // k texels away along the farther axis, none shorter than k sigma_min); a ring that cannot beat
    // the best so far ends the search. Rings beyond RINGS are not searched, which bounds the work
    // for a body buried deep in a large mask.
    let sigma_min =
        m.determinant().abs() / (m.x_axis.length_squared() + m.y_axis.length_squared()).sqrt();
    for k in 1..=RINGS {
        let shortest = f64::from(k) * sigma_min;
        if best.is_some_and(|b| shortest > b.length() * (1.0 + 1e-9)) {
            break;
        }
        let k = i64::from(k);
        for i in -k..=k {
            let (i, k) = (i as f64, k as f64);
            for j in [
                DVec2::new(i, -k),
                DVec2::new(i, k),
                DVec2::new(-k, i),
                DVec2::new(k, i),
            ] {
                let w = world(j);
                if best.is_none_or(|b| better(w, b, pair.swapped)) && free(j) {
                    best = Some(w);
                }
            }
        }
    }
    best
}

/// How many rings of whole-texel moves the grid push searches beyond the four axis moves: exact
/// whenever the answer is no more than this many texels along its farther axis.
const RINGS: u32 = 128;

/// Directions tried by the push of a turned placement, evenly spaced from straight up.
const DIRECTIONS: usize = 32;

/// The shortest of the exact pushes along [`DIRECTIONS`] directions, refined around the best.
///
/// `known`, a push already found (along a face normal), bounds every march from the start; it is the
/// answer when none of the directions beats it.
fn turned_push(
    pair: &Pair<'_>,
    start: Option<&[(Node, Node)]>,
    line: &Line<'_, '_>,
    known: Option<DVec2>,
) -> DVec2 {
    // Directions are turned for the pair's first sprite and negated for the first argument when it is
    // the pair's second, so that both argument orders try exactly opposite moves and reverse the push.
    let sign = if pair.swapped { -1.0 } else { 1.0 };
    let dir = |angle: f64| DVec2::new(libm::sin(angle), -libm::cos(angle)) * sign;
    let step = std::f64::consts::TAU / DIRECTIONS as f64;
    // The known push bounds the marches like the best so far, and takes part in the refinement.
    let mut best: Option<(DVec2, f64)> = known.map(|p| (p, libm::atan2(p.x * sign, -p.y * sign)));
    let consider_dir = |angle: f64, u: DVec2, best: &mut Option<(DVec2, f64)>| {
        let limit = best.map_or(f64::INFINITY, |(p, _)| p.length() * (1.0 + 1e-9));
        if let Some(s) = march(pair, start, u, 0.0, limit, line) {
            let p = u * s;
            if best.is_none_or(|(q, _)| better(p, q, pair.swapped)) {
                *best = Some((p, angle));
            }
        }
    };
    let consider =
        |angle: f64, best: &mut Option<(DVec2, f64)>| consider_dir(angle, dir(angle), best);
    // The four world axes exactly (an angle's sine and cosine are not), so that the push is never
    // longer than the push along any of them, whose exact free points `f32` may land on.
    for (k, u) in [DVec2::NEG_Y, DVec2::X, DVec2::Y, DVec2::NEG_X]
        .into_iter()
        .enumerate()
    {
        consider_dir(k as f64 * std::f64::consts::FRAC_PI_2, u * sign, &mut best);
    }
    for k in 0..DIRECTIONS {
        if k % (DIRECTIONS / 4) != 0 {
            consider(k as f64 * step, &mut best);
        }
    }
    let mut delta = step * 0.5;
    while delta >= std::f64::consts::TAU / 512.0 {
        let centre = best.map_or(0.0, |(_, angle)| angle);
        consider(centre - delta, &mut best);
        consider(centre + delta, &mut best);
        delta *= 0.5;
    }
    match best {
        Some((p, _)) => p,
        // Every direction was cut off by rounding: fall back to clearing the bounds upward.
        None => dir(0.0) * clearing(pair, dir(0.0)),
    }
}

/// The contact normal from the shared area's gradient: the unit direction in which moving the first
/// argument sprite shrinks the area it shares with the second fastest, summed over the overlapping
/// pairs of solid boxes; the push's own direction `push` (before it is settled in `f32`, so that
/// both argument orders give exactly opposite ones) when the area is flat (a symmetric overlap).
fn normal(pair: &Pair<'_>, push: DVec2) -> Vec2 {
    let up = if pair.swapped { Vec2::Y } else { -Vec2::Y };
    let along = push.normalize_or_zero().as_vec2();
    let fallback = if along != Vec2::ZERO { along } else { up };
    let mut local = DVec2::ZERO;
    let work = Cell::new(PUSH_WORK_BUDGET);
    pair.walk_grown([0.0; 4], &work, |ra, rb| {
        local += pair.area_gradient(ra, rb);
        false
    });
    if work.get() == 0 {
        // Too many pairs to sum within the budget: the push's own direction.
        return fallback;
    }
    let n = shrinking(pair, std::iter::once(local)).as_vec2();
    if n != Vec2::ZERO && n.is_finite() {
        n
    } else {
        fallback
    }
}

/// The unit world direction in which moving the first argument sprite shrinks the shared area
/// fastest, from the gradients (see [`Pair::area_gradient`]) of its overlapping box pairs; zero when
/// they sum to nothing.
fn shrinking(pair: &Pair<'_>, gradients: impl Iterator<Item = DVec2>) -> DVec2 {
    let local: DVec2 = gradients.sum();
    // Moving the second mask by a world D moves it by M^-1 D in the first one's texels, where areas
    // are |det M| times smaller: the world gradient is |det M| M^-T times the local one.
    let m = pair.world.matrix2;
    let world = m.inverse().transpose() * local * m.determinant().abs();
    // The gradient is for moving the second mask; the first argument is that mask when swapped.
    let grow = if pair.swapped { world } else { -world };
    (-grow).normalize_or_zero()
}

impl Pair<'_> {
    /// How the area shared by box `ra` and mapped box `rb` grows as the second moves (first local
    /// units): moving the second box sweeps the first one's edges that lie inside it, each by its
    /// length along its outward normal, out of the shared part, so the gradient is minus the sum of
    /// those edges' outward normals times their lengths inside.
    fn area_gradient(&self, ra: &Node, rb: &Node) -> DVec2 {
        let (ca, ha) = (DVec2::from(ra.center), DVec2::from(ra.half));
        let cq = self.t + self.c0 * rb.center[0] + self.c1 * rb.center[1];
        let (u, v) = (self.c0 * rb.half[0], self.c1 * rb.half[1]);
        let cross = u.perp_dot(v);
        // The length of the segment p0 -> p1 inside the parallelogram cq + a u + b v, |a|, |b| < 1.
        let inside = |p0: DVec2, p1: DVec2| {
            let d = p1 - p0;
            let (mut lo, mut hi) = (0.0f64, 1.0f64);
            for (at, rate) in [
                ((p0 - cq).perp_dot(v) / cross, d.perp_dot(v) / cross),
                (u.perp_dot(p0 - cq) / cross, u.perp_dot(d) / cross),
            ] {
                if rate == 0.0 {
                    if at.abs() >= 1.0 {
                        return 0.0;
                    }
                    continue;
                }
                let (s0, s1) = ((-1.0 - at) / rate, (1.0 - at) / rate);
                lo = lo.max(s0.min(s1));
                hi = hi.min(s0.max(s1));
            }
            (hi - lo).max(0.0) * d.length()
        };
        let (lo, hi) = (ca - ha, ca + ha);
        let edges = [
            (DVec2::new(lo.x, lo.y), DVec2::new(lo.x, hi.y), DVec2::NEG_X),
            (DVec2::new(hi.x, lo.y), DVec2::new(hi.x, hi.y), DVec2::X),
            (DVec2::new(lo.x, lo.y), DVec2::new(hi.x, lo.y), DVec2::NEG_Y),
            (DVec2::new(lo.x, hi.y), DVec2::new(hi.x, hi.y), DVec2::Y),
        ];
        -edges
            .into_iter()
            .map(|(p0, p1, n)| n * inside(p0, p1))
            .sum::<DVec2>()
    }
}
