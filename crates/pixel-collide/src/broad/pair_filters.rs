//! A candidate pair's quick answers: circles around two sprites' solid texels that are apart, solid
//! discs inside them that overlap, or a texel centre of one inside a solid texel of the other
//! settle most pairs of a crowded scene without a pair walk.

use glam::{DAffine2, DVec2};

use crate::geom::stretches;
use crate::mask::{Interior, Mask};
use crate::pair::lens_middle;
use crate::sprite::{Sprite, to_f64};

/// A sprite's world transform in `f64` and its inverse, made once a sweep for the pairs it is in.
#[derive(Clone, Copy, Debug)]
pub(super) struct Placed {
    world: DAffine2,
    /// The inverse; `None` when the transform has no area.
    texels: Option<DAffine2>,
}

impl Placed {
    /// The transforms of `s`.
    pub(super) fn of(s: &Sprite<'_>) -> Placed {
        let world = to_f64(&s.transform);
        let det = world.matrix2.determinant();
        let texels = (det.is_finite() && det != 0.0).then(|| world.inverse());
        Placed { world, texels }
    }
}

/// A world circle around `s`'s solid texels: its mask's circle, placed and grown by the largest
/// stretch of the transform.
pub(super) fn circle(s: &Sprite<'_>) -> [f64; 3] {
    let [x, y, r] = s.mask.tree().reach;
    let t = to_f64(&s.transform);
    let c = t.transform_point2(DVec2::new(x, y));
    // Grown by a few units in the last place of the centre's terms, so that circles far out, whose
    // centres round by more than their radii, are never apart by rounding.
    let pad = 4.0 * f64::EPSILON * (c.abs().max_element() + t.translation.abs().max_element());
    [c.x, c.y, r * stretches(t.matrix2).0 + pad]
}

/// A world disc inside `s`'s solid texels: its mask's, placed and shrunk by the smallest stretch of
/// the transform (an ellipse holds the disc of its shorter axis). Radius 0 when the mask has none.
pub(super) fn inner(s: &Sprite<'_>) -> [f64; 3] {
    // As for probes (see `probes_meet`): a cover of solid rectangles is walked in a few box tests.
    if !s.mask.tree().has_blocks {
        return [0.0; 3];
    }
    let Some([x, y, r]) = s.mask.interior().disc else {
        return [0.0; 3];
    };
    let t = to_f64(&s.transform);
    let c = t.transform_point2(DVec2::new(x, y));
    [c.x, c.y, r * stretches(t.matrix2).1]
}

/// The largest stretch of `t`'s 2 x 2 part times `r`, as a circle's radius (the other two numbers 0).
/// Whether a quick "yes" (solid discs overlapping, a texel centre inside the other sprite) can be
/// trusted for the pair: each sprite's texels are thick enough against the other sprite for a
/// shared point to mean shared area as the pair test counts it (an overlap thinner than about 1e-12
/// of a mask's size is touching only, `docs/collision.md`; a sliver or a speck within a thousand
/// times that of the other sprite's size is left to the pair test), and their world coordinates,
/// rounded in `f64`, hold both sprites' texels to about 1e-9 (the pair's farthest corner from the
/// origin no more than 1e7 of either's shortest texel altitude away). Past that (a sprite at 1e20
/// rounds to some 16,000 units) the quick tests would decide on rounding; the pair test, which
/// works in one sprite's frame, decides instead.
pub(super) fn thick_enough(a: &Sprite<'_>, b: &Sprite<'_>) -> bool {
    let measure = |s: &Sprite<'_>| {
        let m = s.transform.matrix2;
        let (c0, c1) = (m.x_axis.as_dvec2(), m.y_axis.as_dvec2());
        let long = c0.length().max(c1.length());
        // The shortest altitude of a texel's parallelogram, the sprite's longest reach, and how far
        // out its farthest corner can lie.
        let altitude = c0.perp_dot(c1).abs() / long;
        let reach = long * f64::from(s.mask.width().max(s.mask.height()));
        let far = s.transform.translation.as_dvec2().abs().max_element() + reach;
        (altitude, reach, far)
    };
    let ((ta, ea, fa), (tb, eb, fb)) = (measure(a), measure(b));
    let far = fa.max(fb);
    ta > 1e-9 * eb && tb > 1e-9 * ea && far <= 1e7 * ta && far <= 1e7 * tb
}

/// Whether two solid discs overlap by more than rounding: then the sprites share solid area.
pub(super) fn discs_overlap(a: &[f64; 3], b: &[f64; 3]) -> bool {
    let reach = (a[2] + b[2]) * (1.0 - 1e-9) - 1e-9;
    let (dx, dy) = (a[0] - b[0], a[1] - b[1]);
    a[2] > 0.0 && b[2] > 0.0 && reach > 0.0 && dx * dx + dy * dy < reach * reach
}

/// Whether a texel of either sprite's interior (see `mask::inner`) has its centre well inside a
/// solid texel of the other: then a neighbourhood of that point is solid in both, and they share
/// area. The rim texels that face the other sprite are tried first (sprites that meet at their rims
/// overlap there), then the deep ones. `around` holds each one's [`circle`], which the sweep keeps.
pub(super) fn probes_meet(
    a: &Sprite<'_>,
    pa: &Placed,
    b: &Sprite<'_>,
    pb: &Placed,
    around: [&[f64; 3]; 2],
) -> bool {
    // Masks whose trees are covers of solid rectangles walk in a few box tests, fewer than the
    // lookups here; masks walked as bits refine squares down to their edges, which the lookups spare.
    if !(a.mask.tree().has_blocks || b.mask.tree().has_blocks) {
        return false;
    }
    if lens_meets([(pa, a.mask, around[0]), (pb, b.mask, around[1])]) {
        return true;
    }
    let (ia, ib) = (a.mask.interior(), b.mask.interior());
    if ia.probes().next().is_none() && ib.probes().next().is_none() {
        return false;
    }
    let (Some(a_texels), Some(b_texels)) = (pa.texels, pb.texels) else {
        return false;
    };
    // From a's texels to b's, and back.
    let ab = b_texels * pa.world;
    let ba = a_texels * pb.world;
    let b_seen_from_a = ba.transform_point2(DVec2::from(ib.middle));
    let a_seen_from_b = ab.transform_point2(DVec2::from(ia.middle));
    facing_rim(ia, b_seen_from_a).any(|t| lands_in(t, &ab, b.mask))
        || facing_rim(ib, a_seen_from_b).any(|t| lands_in(t, &ba, a.mask))
        || ia.probes().any(|t| lands_in(t, &ab, b.mask))
        || ib.probes().any(|t| lands_in(t, &ba, a.mask))
}

/// Whether the middle of the lens where the circles around two sprites' solid texels overlap (each
/// one's [`circle`]) lies well inside a solid texel of both, each given as its placement, its mask
/// and its circle: in a crowd of round sprites, the likeliest shared point, tried in two lookups
/// before the rims and deep texels.
fn lens_meets(sides: [(&Placed, &Mask, &[f64; 3]); 2]) -> bool {
    let [(pa, ma, &[ax, ay, ra]), (pb, mb, &[bx, by, rb])] = sides;
    let Some(middle) = lens_middle(DVec2::new(ax, ay), ra, DVec2::new(bx, by), rb) else {
        return false;
    };
    let inside = |p: &Placed, mask: &Mask| {
        p.texels
            .is_some_and(|t| well_inside(t.transform_point2(middle), mask))
    };
    inside(pa, ma) && inside(pb, mb)
}

/// The two rim texels of `interior` that face the point `toward` (in its texels) most.
fn facing_rim(interior: &Interior, toward: DVec2) -> impl Iterator<Item = [u32; 2]> + use<> {
    let middle = DVec2::from(interior.middle);
    let toward = toward - middle;
    let mut best = [(f64::NEG_INFINITY, None); 2];
    for [x, y] in interior.rim() {
        let f = (DVec2::new(f64::from(x) + 0.5, f64::from(y) + 0.5) - middle).dot(toward);
        if f > best[0].0 {
            best = [(f, Some([x, y])), best[0]];
        } else if f > best[1].0 {
            best[1] = (f, Some([x, y]));
        }
    }
    best.into_iter().filter_map(|b| b.1)
}

/// Whether the centre of texel `[x, y]`, carried by `to` into `mask`'s texels, lies inside a solid
/// texel of it by more than rounding from its edges.
fn lands_in([x, y]: [u32; 2], to: &DAffine2, mask: &Mask) -> bool {
    well_inside(
        to.transform_point2(DVec2::new(f64::from(x) + 0.5, f64::from(y) + 0.5)),
        mask,
    )
}

/// Whether point `q`, in `mask`'s texels, lies inside a solid texel by more than rounding from its
/// edges.
fn well_inside(q: DVec2, mask: &Mask) -> bool {
    // World coordinates of 1e7 keep about 1e-9 of a texel in f64; an edge closer than this is left
    // to the pair test.
    const MARGIN: f64 = 1e-7;
    if !(q.x >= 0.0
        && q.y >= 0.0
        && q.x < f64::from(mask.width())
        && q.y < f64::from(mask.height()))
    {
        return false;
    }
    // Non-negative: truncation is the floor.
    let (tx, ty) = (q.x as u32, q.y as u32);
    let (fx, fy) = (q.x - f64::from(tx), q.y - f64::from(ty));
    fx > MARGIN && fx < 1.0 - MARGIN && fy > MARGIN && fy < 1.0 - MARGIN && mask.is_solid(tx, ty)
}

/// Whether a line across the one joining the two sprites' middles has every solid texel of one on
/// one side and every solid texel of the other on the other: each mask's reach along that line (see
/// `mask::support`) falls short of the other's. Two round sprites whose circles overlap by a sliver,
/// most of the candidate pairs a crowd leaves for a pair walk that finds nothing, are told apart
/// here.
pub(super) fn hulls_apart(a: &Sprite<'_>, pa: &Placed, b: &Sprite<'_>, pb: &Placed) -> bool {
    let (ia, ib) = (a.mask.interior(), b.mask.interior());
    let ca = pa.world.transform_point2(DVec2::from(ia.middle));
    let cb = pb.world.transform_point2(DVec2::from(ib.middle));
    // Along u, a reaches at most ca . u + its reach along M_a^T u, and b starts no nearer than
    // cb . u less its reach along -M_b^T u.
    let u = cb - ca;
    let reach_a = ia.support.along(pa.world.matrix2.transpose() * u);
    let reach_b = ib.support.along(-(pb.world.matrix2.transpose() * u));
    let gap = u.length_squared() - reach_a - reach_b;
    // The middles far out round by `off` each, which moves the gap by up to 2 |u| off: the gap must
    // clear that too (compared squared, without a root), or the pair test decides.
    let off = 4.0 * f64::EPSILON * ca.abs().max_element().max(cb.abs().max_element());
    let rounding = 4.0 * u.length_squared() * off * off;
    gap > 1e-9 * (u.length_squared() + reach_a.abs() + reach_b.abs()) + 1e-12
        && gap * gap > 4.0 * rounding
}

/// Whether two circles are apart by more than rounding: then no texel of one reaches the other's.
pub(super) fn circles_apart(a: &[f64; 3], b: &[f64; 3]) -> bool {
    let reach = (a[2] + b[2]) * (1.0 + 1e-9) + 1e-9;
    let (dx, dy) = (a[0] - b[0], a[1] - b[1]);
    dx * dx + dy * dy > reach * reach
}
