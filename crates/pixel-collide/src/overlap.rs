//! The transformed per-pixel overlap test.
//!
//! Each sprite is a [`Mask`] whose texel `(x, y)` covers `[x, x + 1) x [y, y + 1)` of its local space,
//! placed in the world by an affine transform. Two sprites touch where some world point lies inside a
//! solid texel of both; texels that only share an edge or a corner do not touch. The test is exact (no
//! sampling): every solid texel is a parallelogram in the world, so thin features are never stepped over,
//! whatever the scales. The one allowance is for rounding: an overlap thinner than about 1e-12 of a
//! mask's width (across columns) or height (across rows) counts as touching only, so edges that meet on
//! a common grid never collide.
//!
//! How: each mask covers its solid texels with disjoint rectangles and keeps a bounding-box tree over
//! them. The test maps the second sprite into the first one's local space (in `f64`, so world
//! coordinates of +/- 1e7 keep sub-texel precision) and walks both trees together, separating boxes from
//! parallelograms with the separating-axis test. The root pair is the bounding-rectangle prefilter; only
//! pairs that overlap are refined, so the work follows the boundary where the two shapes come close, not
//! the area they cover.
//!
//! Degenerate input has a defined answer: a transform with a zero determinant (a scale of 0) or holding
//! a NaN or an infinity covers no area and touches nothing; a mask with no solid texel touches nothing.
//! The work is bounded by the number of node pairs of the two trees.

use std::cell::Cell;
use std::cmp::Ordering;

use glam::{Affine2, DAffine2, DVec2, Mat2, Vec2};

use super::aligned::{shifted_count, shifted_overlaps, Aligned};
use super::mask::{Mask, PixelRect};
use super::rect::Rect;
use super::tree::{Kind, Node};

/// A mask placed in the world by an affine transform from its local texel space.
///
/// ```
/// use glam::{Affine2, Vec2};
/// let m = pixel_collide::Mask::from_fn(2, 2, |_, _| true).unwrap();
/// let s = pixel_collide::Sprite::new(&m, Affine2::from_scale(Vec2::splat(3.0)));
/// assert_eq!(s.bounds().size(), Vec2::splat(6.0));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Sprite<'a> {
    /// Which texels are solid.
    pub mask: &'a Mask,
    /// Maps the mask's local space (texel units, y down) to the world.
    pub transform: Affine2,
}

impl<'a> Sprite<'a> {
    /// Places `mask` in the world by `transform`.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::{Mask, Sprite};
    /// let mask = Mask::from_fn(8, 8, |_, _| true).unwrap();
    /// let sprite = Sprite::new(&mask, Affine2::from_translation(Vec2::new(10.0, 0.0)));
    /// assert!(sprite.contains_point(Vec2::new(12.0, 4.0)));
    /// ```
    pub fn new(mask: &'a Mask, transform: Affine2) -> Self {
        Self { mask, transform }
    }

    /// The transform's translation, widened to `f64`.
    fn translation_f64(&self) -> DVec2 {
        self.transform.translation.as_dvec2()
    }

    /// The world-space axis-aligned bounds of the whole image (the cheap prefilter a game runs first).
    ///
    /// ```
    /// use glam::{Vec2};
    /// use pixel_collide::{sprite_transform, Mask, Sprite};
    /// let mask = Mask::from_fn(10, 10, |_, _| true).unwrap();
    /// let turned = sprite_transform(Vec2::ZERO, std::f32::consts::FRAC_PI_4, Vec2::ONE, Vec2::splat(5.0));
    /// let b = Sprite::new(&mask, turned).bounds();
    /// assert!((b.size().x - 200f32.sqrt()).abs() < 1e-4);
    /// ```
    pub fn bounds(&self) -> Rect {
        let size = Vec2::new(self.mask.width() as f32, self.mask.height() as f32);
        Rect::transformed(&self.transform, size)
    }
}

/// Where two sprites touch.
///
/// ```
/// use glam::Affine2;
/// use pixel_collide::{collide, Mask, Sprite};
/// let m = Mask::from_fn(1, 1, |_, _| true).unwrap();
/// let c = collide(Sprite::new(&m, Affine2::IDENTITY), Sprite::new(&m, Affine2::IDENTITY)).unwrap();
/// assert_eq!(c.point, glam::Vec2::splat(0.5));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    /// A world point inside a solid texel of both sprites: a point of the shared part of the first
    /// overlapping pair of solid rectangles the test finds (not a centroid of the whole overlap).
    pub point: Vec2,
}

/// Builds the transform the tutorials use for a sprite: move `origin` (in texels) to the local origin,
/// scale (negative components flip), rotate by `rotation` radians (clockwise on a y-down screen), then
/// move to `position`.
///
/// A rotation within rounding of a quarter turn is made exact: `FRAC_PI_2` as an `f32` has a cosine
/// of -4.4e-8, not 0, which would tilt the sprite by that much and let neighbours on a common grid
/// overlap by a sliver.
///
/// ```
/// use glam::Vec2;
/// use pixel_collide::sprite_transform;
/// // A 64 x 64 block spinning about its centre, drawn at (400, 300).
/// let t = sprite_transform(Vec2::new(400.0, 300.0), 0.5, Vec2::ONE, Vec2::splat(32.0));
/// assert!((t.transform_point2(Vec2::splat(32.0)) - Vec2::new(400.0, 300.0)).length() < 1e-4);
/// ```
pub fn sprite_transform(position: Vec2, rotation: f32, scale: Vec2, origin: Vec2) -> Affine2 {
    let (sin, cos) = snapped_sin_cos(rotation);
    let linear = glam::Mat2::from_cols(
        Vec2::new(cos, sin) * scale.x,
        Vec2::new(-sin, cos) * scale.y,
    );
    Affine2::from_mat2_translation(linear, position) * Affine2::from_translation(-origin)
}

/// The sine and cosine of `angle`, with either set to exactly 0 (and the other to +/- 1) when it is
/// no larger than the angle's own rounding, one unit in the last place.
fn snapped_sin_cos(angle: f32) -> (f32, f32) {
    let (sin, cos) = angle.sin_cos();
    let ulp = f32::EPSILON * angle.abs().max(1.0);
    if cos.abs() <= ulp {
        (sin.signum(), 0.0)
    } else if sin.abs() <= ulp {
        (0.0, cos.signum())
    } else {
        (sin, cos)
    }
}

/// Whether the two sprites touch on solid texels and, if so, where.
///
/// Symmetric: `collide(a, b)` and `collide(b, a)` give the same answer, the same contact point included.
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{collide, Mask, Sprite};
/// let square = Mask::from_fn(4, 4, |_, _| true).unwrap();
/// let a = Sprite::new(&square, Affine2::IDENTITY);
/// let b = Sprite::new(&square, Affine2::from_translation(Vec2::new(3.0, 3.0)));
/// let c = collide(a, b).unwrap();
/// assert!(c.point.x > 3.0 && c.point.x < 4.0 && c.point.y > 3.0 && c.point.y < 4.0);
/// assert_eq!(collide(b, a), Some(c));
/// ```
pub fn collide(a: Sprite<'_>, b: Sprite<'_>) -> Option<Contact> {
    let first_texel = |view: Aligned<'_>, world: &DAffine2| {
        let texel = view.first()?.as_dvec2() + DVec2::splat(0.5);
        Some(Contact {
            point: world.transform_point2(texel).as_vec2(),
        })
    };
    let contact = if let Some((view, world)) = translated(&a, &b) {
        first_texel(view, &world)?
    } else {
        let pair = Pair::new(a, b)?;
        if let Some(view) = pair.aligned() {
            first_texel(view, &pair.world)?
        } else {
            let mut contact = None;
            pair.walk(|ra, rb| {
                contact = Some(pair.contact(ra, rb));
                true
            });
            contact?
        }
    };
    placeable(&a, &b).then_some(contact)
}

/// Whether the two sprites touch on solid texels (the same answer as [`collide`], without the point).
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{overlaps, Mask, Sprite};
/// let square = Mask::from_fn(4, 4, |_, _| true).unwrap();
/// let at = |x: f32| Sprite::new(&square, Affine2::from_translation(Vec2::new(x, 0.0)));
/// assert!(overlaps(at(0.0), at(3.5)));
/// assert!(!overlaps(at(0.0), at(4.0)), "edge to edge");
/// ```
pub fn overlaps(a: Sprite<'_>, b: Sprite<'_>) -> bool {
    if let Some((dx, dy)) = whole_texel_shift(&a, &b) {
        return shifted_overlaps(a.mask, b.mask, dx, dy);
    }
    overlaps_placed(a, b)
}

/// [`overlaps`] for every placement but the plain whole-texel translation, kept out of line so that
/// the translation's path stays small.
#[inline(never)]
fn overlaps_placed(a: Sprite<'_>, b: Sprite<'_>) -> bool {
    let hit = if let Some((view, _)) = translated(&a, &b) {
        view.first().is_some()
    } else if let Some(pair) = Pair::new(a, b) {
        if let Some(view) = pair.aligned() {
            view.first().is_some()
        } else {
            let mut hit = false;
            pair.walk(|_, _| {
                hit = true;
                true
            });
            hit
        }
    } else {
        false
    };
    hit && placeable(&a, &b)
}

/// The world-space area (in square world units) shared by the solid texels of both sprites.
///
/// Exact up to rounding and symmetric. It is positive exactly when [`collide`] finds a contact: an
/// overlap too thin for its area to show in an `f32` reads as the smallest positive `f32`. Aligned
/// placements count shared texels a word at a time; others visit every overlapping pair of leaves,
/// so this costs more than `collide`, which stops at the first. Its scratch memory is the walk's
/// stack (a few KiB for any masks up to the size caps), whatever the overlap.
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{overlap_area, Mask, Sprite};
/// let square = Mask::from_fn(4, 4, |_, _| true).unwrap();
/// let a = Sprite::new(&square, Affine2::IDENTITY);
/// let b = Sprite::new(&square, Affine2::from_translation(Vec2::new(2.0, 3.0)));
/// assert_eq!(overlap_area(a, b), 2.0);
/// ```
pub fn overlap_area(a: Sprite<'_>, b: Sprite<'_>) -> f32 {
    if let Some((dx, dy)) = whole_texel_shift(&a, &b) {
        // Unit texels: the area is the count (exact in f32 below 2^24 texels, rounded above).
        return shifted_count(a.mask, b.mask, dx, dy) as f32;
    }
    let counted = |view: Aligned<'_>, world: &DAffine2| {
        let n = view.count();
        (n as f64 * world.matrix2.determinant().abs(), n > 0)
    };
    let (area, found) = if let Some((view, world)) = translated(&a, &b) {
        counted(view, &world)
    } else if let Some(pair) = Pair::new(a, b) {
        if let Some(view) = pair.aligned() {
            counted(view, &pair.world)
        } else {
            let (mut area, mut found) = (0.0f64, false);
            pair.walk(|ra, rb| {
                let mut poly = Polygon::default();
                pair.clip(ra, rb, &mut poly);
                area += polygon_area(poly.points());
                found = true;
                false
            });
            (area * pair.world.matrix2.determinant().abs(), found)
        }
    } else {
        return 0.0;
    };
    if !found || !placeable(&a, &b) {
        return 0.0;
    }
    let area = area as f32;
    if area > 0.0 {
        area
    } else {
        f32::from_bits(1)
    }
}

/// How many whole texels `b` sits right of and below `a` when both are placed by translation alone,
/// within 2^40 of the origin (so their bounds fit in `f32` and need no check), and the offset is a
/// whole number of texels; `None` otherwise.
#[inline]
fn whole_texel_shift(a: &Sprite<'_>, b: &Sprite<'_>) -> Option<(i64, i64)> {
    const NEAR: f32 = (1u64 << 40) as f32;
    // The identity compared bit for bit, one 16-byte compare; a -0.0 entry takes the general path.
    const ONE: u32 = 0x3f80_0000;
    let near = |s: &Sprite<'_>| {
        let t = s.transform.translation.abs();
        s.transform.matrix2.to_cols_array().map(f32::to_bits) == [ONE, 0, 0, ONE]
            && t.x < NEAR
            && t.y < NEAR
    };
    if !(near(a) && near(b)) {
        return None;
    }
    // Exact in f64: both translations are f32. Compared through a cast, since `trunc` may be a
    // library call.
    let t = b.translation_f64() - a.translation_f64();
    let whole = |v: f64| (v == (v as i64) as f64).then_some(v as i64);
    Some((whole(t.x)?, whole(t.y)?))
}

/// The word-parallel view of two unrotated, unscaled sprites an integral distance apart (the pure
/// translation a bit-packed mask library handles), recognised from their transforms alone before any
/// inversion, in canonical order, with the first one's transform to place a contact.
#[inline(always)]
fn translated<'a>(a: &Sprite<'a>, b: &Sprite<'a>) -> Option<(Aligned<'a>, DAffine2)> {
    if a.transform.matrix2 != Mat2::IDENTITY || b.transform.matrix2 != Mat2::IDENTITY {
        return None;
    }
    if a.mask.nodes().is_empty() || b.mask.nodes().is_empty() {
        return None;
    }
    // The order Pair::new would pick: both are equally well conditioned.
    let (first, second) = if canonical_order(a, b) == Ordering::Greater {
        (b, a)
    } else {
        (a, b)
    };
    let t = second.translation_f64() - first.translation_f64();
    let view = Aligned::recognise(first.mask, second.mask, DVec2::X, DVec2::Y, t)?;
    Some((view, to_f64(&first.transform)))
}

/// Whether both sprites' world bounds fit in `f32`; a sprite whose bounds overflow covers nothing,
/// like its [`Sprite::bounds`]. Checked once a touch is found, so misses never pay for it.
pub(crate) fn placeable(a: &Sprite<'_>, b: &Sprite<'_>) -> bool {
    let fits = |s: &Sprite<'_>| {
        let m = &s.transform;
        // No mask is 2^32 texels a side, so columns and a translation under 1e27 keep every corner
        // under 1e37; that settles all but absurd placements, which get the bounds themselves.
        let (t, c0, c1) = (m.translation, m.matrix2.x_axis, m.matrix2.y_axis);
        let near = [t.x, t.y, c0.x, c0.y, c1.x, c1.y]
            .into_iter()
            .fold(0u32, |near, v| near + u32::from(v.abs() < 1e27))
            == 6;
        // Bounds that overflow come back as NaN; a tiny sprite far out may have bounds of no width.
        near || s.bounds().min.is_finite()
    };
    fits(a) && fits(b)
}

/// One box pair the overlap test examined, for visualising its work.
///
/// ```
/// use glam::Affine2;
/// use pixel_collide::{collide_traced, Mask, Sprite};
/// let m = Mask::from_fn(2, 2, |_, _| true).unwrap();
/// let mut first = None;
/// collide_traced(Sprite::new(&m, Affine2::IDENTITY), Sprite::new(&m, Affine2::IDENTITY), |p| {
///     first.get_or_insert(p);
/// });
/// assert!(!first.unwrap().separated);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TracedPair {
    /// The box of the first argument's mask, in its local texel space.
    pub a: PixelRect,
    /// The box of the second argument's mask, in its local texel space.
    pub b: PixelRect,
    /// Whether the separating-axis test pulled the two boxes apart (their subtrees were skipped).
    pub separated: bool,
}

/// [`collide`] by the tree walk, also calling `on_pair` for every box pair examined, in order: the walk
/// a debug view or a lab draws to show where the test spent its work.
///
/// It always walks the trees, even for aligned placements that [`collide`] answers from the bits, so
/// its contact point may differ from `collide`'s there (both lie in a texel shared by the two).
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{collide_traced, Mask, Sprite};
/// let m = Mask::from_fn(4, 4, |_, _| true).unwrap();
/// let far = Affine2::from_translation(Vec2::new(100.0, 0.0));
/// let mut pairs = 0;
/// assert!(collide_traced(Sprite::new(&m, Affine2::IDENTITY), Sprite::new(&m, far), |_| pairs += 1).is_none());
/// assert_eq!(pairs, 1, "the root boxes are apart: one test");
/// ```
pub fn collide_traced(
    a: Sprite<'_>,
    b: Sprite<'_>,
    mut on_pair: impl FnMut(TracedPair),
) -> Option<Contact> {
    let pair = Pair::new(a, b)?;
    let swapped = pair.swapped;
    let mut contact = None;
    pair.walk_observed(
        |ra, rb| {
            contact = Some(pair.contact(ra, rb));
            true
        },
        |na, nb, separated| {
            let (first, second) = (node_rect(na), node_rect(nb));
            let (a, b) = if swapped {
                (second, first)
            } else {
                (first, second)
            };
            on_pair(TracedPair { a, b, separated });
        },
    );
    contact.filter(|_| placeable(&a, &b))
}

/// The texel rectangle of a node's box.
fn node_rect(n: &Node) -> PixelRect {
    let [x0, y0, x1, y1] = n.texels();
    PixelRect::new(x0, y0, x1 - x0, y1 - y0)
}

/// Sine squared of the angle between a transform's columns below which it counts as covering no area:
/// (2^-23)^2, the relative precision of an `f32` squared. Scale does not change it, so a sprite a
/// million times larger is fine; a sprite whose columns are parallel to within `f32` precision is not.
const DEGENERATE_SIN2: f64 = 1.0 / (1u64 << 46) as f64;

/// Two sprites in canonical order, the second mapped into the first one's local space.
#[derive(Clone)]
pub(crate) struct Pair<'a> {
    pub(crate) a: &'a Mask,
    pub(crate) b: &'a Mask,
    /// Whether the arguments came in the other order.
    pub(crate) swapped: bool,
    /// The first sprite's local-to-world transform.
    pub(crate) world: DAffine2,
    /// Columns and translation of the second sprite's local-to-first-local transform.
    pub(crate) c0: DVec2,
    pub(crate) c1: DVec2,
    pub(crate) t: DVec2,
    /// Normals of the mapped parallelogram's edges (unnormalised).
    pub(crate) n1: DVec2,
    pub(crate) n2: DVec2,
    pub(crate) det_abs: f64,
}

impl<'a> Pair<'a> {
    /// Orders the sprites by a fixed order on transforms and masks (so the answer cannot depend on
    /// argument order) and maps the second into the first; `None` when either covers no area.
    pub(crate) fn new(a: Sprite<'a>, b: Sprite<'a>) -> Option<Self> {
        if a.mask.nodes().is_empty() || b.mask.nodes().is_empty() {
            return None;
        }
        let (wa, wb) = (to_f64(&a.transform), to_f64(&b.transform));
        let swapped = canonical_order(&a, &b) == Ordering::Greater;
        let (a, b, world, other) = if swapped {
            (b.mask, a.mask, &wb, &wa)
        } else {
            (a.mask, b.mask, &wa, &wb)
        };
        let (c0, c1, t, det) = relative(world, other)?;
        let (n1, n2) = (c0.perp(), c1.perp());
        Some(Pair {
            a,
            b,
            n1,
            n2,
            swapped,
            world: *world,
            c0,
            c1,
            t,
            det_abs: det.abs(),
        })
    }

    /// The word-parallel view of the pair when the second mask's texels land exactly on the first's.
    #[inline]
    pub(crate) fn aligned(&self) -> Option<Aligned<'a>> {
        Aligned::recognise(self.a, self.b, self.c0, self.c1, self.t)
    }

    /// True when box `na` (first local space) and box `nb` (second local space, mapped) share no area.
    ///
    /// Solid leaves are tested a hair smaller than their texels (see `mask::LEAF_INSET`), so solid
    /// pairs that only touch, or overlap by no more than rounding, come out separated at no extra cost.
    #[inline(always)]
    pub(crate) fn separated(&self, na: &Node, nb: &Node) -> bool {
        self.separated_by::<false>(na, nb, &[0.0; 4])
    }

    /// The separating-axis test, with the second box's reach on each axis grown by `extra` when
    /// `GROWN` (compiled away when not).
    #[inline(always)]
    fn separated_by<const GROWN: bool>(&self, na: &Node, nb: &Node, extra: &[f64; 4]) -> bool {
        let grow = |r: f64, i: usize| if GROWN { r + extra[i] } else { r };
        let (ca, ha, hb) = (na.center, na.half, nb.half);
        let (n1, n2) = (self.n1, self.n2);
        let cb = self.t + self.c0 * nb.center[0] + self.c1 * nb.center[1];
        let d = cb - DVec2::from(ca);
        let u = self.c0 * hb[0];
        let v = self.c1 * hb[1];
        d.x.abs() >= grow(ha[0] + u.x.abs() + v.x.abs(), 0)
            || d.y.abs() >= grow(ha[1] + u.y.abs() + v.y.abs(), 1)
            || d.dot(n1).abs()
                >= grow(
                    ha[0] * n1.x.abs() + ha[1] * n1.y.abs() + hb[1] * self.det_abs,
                    2,
                )
            || d.dot(n2).abs()
                >= grow(
                    ha[0] * n2.x.abs() + ha[1] * n2.y.abs() + hb[0] * self.det_abs,
                    3,
                )
    }

    /// Walks both trees together and calls `found` with every overlapping pair of solid boxes, until
    /// it returns true.
    pub(crate) fn walk(&self, found: impl FnMut(&Node, &Node) -> bool) {
        self.walk_observed(found, |_, _, _| {});
    }

    /// [`walk`](Self::walk), also telling `observe` about every node pair tested and whether the pair
    /// was separated.
    #[inline(always)]
    fn walk_observed(
        &self,
        found: impl FnMut(&Node, &Node) -> bool,
        observe: impl FnMut(&Node, &Node, bool),
    ) {
        self.walk_by(|a, b| self.separated(a, b), found, observe);
    }

    /// Whether some pair of solid boxes comes within reach of each other with the second box's reach
    /// on each axis of the separating-axis test grown by `extra` (in the units of that axis: the x and
    /// y axes, then the normals `n1` and `n2`, unnormalised): a walk that stops at the first such pair.
    ///
    /// Growing a projection by the projection of a convex set (a sweep, a disc) is the test for the
    /// box plus that set, so a gap proves that no point of the second box moved within the set lands
    /// in the first.
    pub(crate) fn within_grown(&self, extra: [f64; 4]) -> bool {
        let mut near = false;
        self.walk_by(
            |a, b| self.separated_by::<true>(a, b, &extra),
            |_, _| {
                near = true;
                true
            },
            |_, _, _| {},
        );
        near
    }

    /// Calls `found` with every pair of solid boxes that comes within reach with the second box's
    /// reach grown by `extra` (as in [`within_grown`](Self::within_grown)), until it returns true.
    /// Each box pair tested takes one from `work`; at 0 the walk prunes everything left, so a caller
    /// that finds `work` spent knows the walk stopped short.
    pub(crate) fn walk_grown(
        &self,
        extra: [f64; 4],
        work: &Cell<u64>,
        found: impl FnMut(&Node, &Node) -> bool,
    ) {
        self.walk_by(
            |a, b| {
                let left = work.get();
                work.set(left.saturating_sub(1));
                left == 0 || self.separated_by::<true>(a, b, &extra)
            },
            found,
            |_, _, _| {},
        );
    }

    /// The walk with any separation test, on a stack sized for the two trees.
    #[inline(always)]
    fn walk_by(
        &self,
        separated: impl Fn(&Node, &Node) -> bool,
        found: impl FnMut(&Node, &Node) -> bool,
        observe: impl FnMut(&Node, &Node, bool),
    ) {
        // Depth first: the stack holds the unexplored siblings along the current path, one per level
        // of a tree and three per level of a bit block's squares (six levels from 64 texels to 1).
        let squares = |m: &Mask| if m.has_blocks() { 3 * 6 } else { 0 };
        let needed =
            (self.a.depth() + self.b.depth() + 1) as usize + squares(self.a) + squares(self.b);
        // Trees of solid rectangles alone, the common case for sprites, get a walk compiled without
        // the squares.
        match (needed <= 24, self.a.has_blocks() || self.b.has_blocks()) {
            (true, false) => {
                self.walk_with::<false>(&mut [(0, 0); 24], &mut [], separated, found, observe)
            }
            (true, true) => {
                self.walk_with::<true>(&mut [(0, 0); 24], &mut [0; 24], separated, found, observe)
            }
            (false, blocks) => {
                let stack = &mut vec![(0, 0); needed];
                if blocks {
                    let marks = &mut vec![0; needed];
                    self.walk_with::<true>(stack, marks, separated, found, observe);
                } else {
                    self.walk_with::<false>(stack, &mut [], separated, found, observe);
                }
            }
        }
    }

    /// The walk itself, on a stack with room for the trees' depths.
    ///
    /// The stack holds pairs of references: an index into a tree, or, with [`SQUARE`] set, into the
    /// squares of bit blocks held for the entries on the stack. With blocks, `marks[i]` is how many
    /// squares there were when entry `i` was pushed: squares pushed after it serve only entries above
    /// it, so popping it drops them, and the squares held never outnumber four per stack entry,
    /// however many the walk meets.
    #[inline(always)]
    fn walk_with<const BLOCKS: bool>(
        &self,
        stack: &mut [(u32, u32)],
        marks: &mut [u32],
        separated: impl Fn(&Node, &Node) -> bool,
        mut found: impl FnMut(&Node, &Node) -> bool,
        mut observe: impl FnMut(&Node, &Node, bool),
    ) {
        let (ta, tb) = (self.a.nodes(), self.b.nodes());
        let mut squares: Vec<Node> = Vec::new();
        if BLOCKS {
            marks[0] = 0;
        }
        let mut len = 1;
        while len > 0 {
            len -= 1;
            let (ia, ib) = stack[len];
            if BLOCKS {
                squares.truncate(marks[len] as usize);
            }
            let node = |tree: &'a [Node], i: u32| -> &Node {
                if !BLOCKS || i & SQUARE == 0 {
                    &tree[i as usize]
                } else {
                    &squares[(i & !SQUARE) as usize]
                }
            };
            let (a, b) = (node(ta, ia), node(tb, ib));
            // Only an edited mask's tree holds emptied blocks, and it always walks with squares.
            if BLOCKS && (a.is_nothing() || b.is_nothing()) {
                continue;
            }
            let apart = separated(a, b);
            observe(a, b, apart);
            if apart {
                continue;
            }
            let split_b = match (a.is_solid(), b.is_solid()) {
                (true, true) => {
                    if found(a, b) {
                        return;
                    }
                    continue;
                }
                (true, false) => true,
                (false, true) => false,
                (false, false) => b.quarter_area() * self.det_abs > a.quarter_area(),
            };
            let split = if split_b { b } else { a };
            let kind = split.kind();
            let corner = match kind {
                Kind::Square(_) => split.texels(),
                _ => [0; 4],
            };
            // Children are pushed last first, so that they are visited in order.
            match kind {
                Kind::Inner(first) => {
                    stack[len..len + 2].copy_from_slice(&if split_b {
                        [(ia, first + 1), (ia, first)]
                    } else {
                        [(first + 1, ib), (first, ib)]
                    });
                    if BLOCKS {
                        let held = squares.len() as u32;
                        marks[len..len + 2].copy_from_slice(&[held; 2]);
                    }
                    len += 2;
                }
                Kind::Square(log) if BLOCKS => {
                    let bits = if split_b {
                        self.b.bits()
                    } else {
                        self.a.bits()
                    };
                    let side = 1u32 << log;
                    let (sx, sy) = (corner[0] & !(side - 1), corner[1] & !(side - 1));
                    let half = side >> 1;
                    let first_child = len;
                    for (dx, dy) in [(half, half), (0, half), (half, 0), (0, 0)] {
                        if let Some(child) = bits.square(sx + dx, sy + dy, log - 1) {
                            let child_ref = SQUARE | squares.len() as u32;
                            stack[len] = if split_b {
                                (ia, child_ref)
                            } else {
                                (child_ref, ib)
                            };
                            len += 1;
                            squares.push(child);
                        }
                    }
                    let held = squares.len() as u32;
                    marks[first_child..len].fill(held);
                }
                Kind::Solid | Kind::Square(_) => {
                    unreachable!("solid boxes are not split, and squares come only from blocks")
                }
            }
        }
    }

    /// The contact point of an overlapping pair of solid boxes: the middle of the stretch of the second
    /// one's centre line (along either of its axes) that runs inside the first, or, when neither centre
    /// line crosses it, the centroid of their shared part.
    ///
    /// A point strictly inside a centre line's stretch lies in the open interior of both boxes, and
    /// finding it takes two slab clips instead of clipping a polygon four times.
    fn contact(&self, ra: &Node, rb: &Node) -> Contact {
        let [x0, y0, x1, y1] = rb.texels().map(f64::from);
        let h = [(x1 - x0) * 0.5, (y1 - y0) * 0.5];
        let cb = self.t + self.c0 * (x0 + h[0]) + self.c1 * (y0 + h[1]);
        let [ax0, ay0, ax1, ay1] = ra.texels().map(f64::from);
        let (lo, hi) = (DVec2::new(ax0, ay0), DVec2::new(ax1, ay1));
        for axis in [self.c0 * h[0], self.c1 * h[1]] {
            let (mut s0, mut s1) = (-1.0f64, 1.0f64);
            for k in 0..2 {
                if axis[k] == 0.0 {
                    if !(lo[k] < cb[k] && cb[k] < hi[k]) {
                        s1 = s0;
                    }
                    continue;
                }
                let (ta, tb) = ((lo[k] - cb[k]) / axis[k], (hi[k] - cb[k]) / axis[k]);
                s0 = s0.max(ta.min(tb));
                s1 = s1.min(ta.max(tb));
            }
            if s0 < s1 {
                return self.contact_at(cb + axis * ((s0 + s1) * 0.5));
            }
        }
        let mut poly = Polygon::default();
        self.clip(ra, rb, &mut poly);
        match centroid(poly.points()) {
            Some(c) => self.contact_at(c),
            // Rounding left nothing of a pair the tolerance let through: the nearest point of the
            // first box to the second one's centre is within rounding of the shared part.
            None => self.contact_at(cb.clamp(lo, hi)),
        }
    }

    /// A contact at a point of the first sprite's local space.
    fn contact_at(&self, local: DVec2) -> Contact {
        Contact {
            point: self.world.transform_point2(local).as_vec2(),
        }
    }

    /// The polygon shared by box `ra` of the first mask and the image of box `rb` of the second, in the
    /// first one's local space.
    fn clip(&self, ra: &Node, rb: &Node, out: &mut Polygon) {
        let [x0, y0, x1, y1] = rb.texels().map(f64::from);
        let map = |x: f64, y: f64| self.t + self.c0 * x + self.c1 * y;
        let quad = [map(x0, y0), map(x1, y0), map(x1, y1), map(x0, y1)];
        let [ax0, ay0, ax1, ay1] = ra.texels().map(f64::from);
        let mut tmp = Polygon::default();
        clip_axis(&quad, &mut tmp, 0, ax0, 1.0);
        clip_axis(tmp.points(), out, 0, ax1, -1.0);
        clip_axis(out.points(), &mut tmp, 1, ay0, 1.0);
        clip_axis(tmp.points(), out, 1, ay1, -1.0);
    }
}

/// The second transform in the first one's local space: `inverse(world) * other` as its columns, its
/// translation and its determinant; `None` when that overflows or maps texels to slivers (either
/// transform's columns parallel to within `f32` precision: it covers no area, like a scale of 0).
#[inline(always)]
fn relative(world: &DAffine2, other: &DAffine2) -> Option<(DVec2, DVec2, DVec2, f64)> {
    // Written out: one division, and one finiteness check at the end catches overflow.
    let (m, n) = (world.matrix2, other.matrix2);
    let det_m = m.determinant();
    // A sliver of a first transform maps the second to something large but not thin, so it is judged
    // on its own; the second's thinness survives the map and is judged on the result.
    let thick_m =
        det_m * det_m > DEGENERATE_SIN2 * (m.x_axis.length_squared() * m.y_axis.length_squared());
    if !thick_m {
        return None;
    }
    let inv = 1.0 / det_m;
    let solve = |v: DVec2| DVec2::new(v.perp_dot(m.y_axis), m.x_axis.perp_dot(v)) * inv;
    // The same linear part on both sides (a shared rotation and scale) is exactly the identity,
    // which rounding through the reciprocal could miss.
    let (c0, c1) = if m == n {
        (DVec2::X, DVec2::Y)
    } else {
        (solve(n.x_axis), solve(n.y_axis))
    };
    let t = solve(other.translation - world.translation);
    let det = c0.perp_dot(c1);
    // A finite determinant means finite columns, which also catches NaN, infinity and overflow; the
    // sine of the angle between the columns, compared without dividing, catches slivers.
    let thick = det * det > DEGENERATE_SIN2 * (c0.length_squared() * c1.length_squared());
    (t.is_finite() && det.is_finite() && thick).then_some((c0, c1, t, det))
}

/// The texels of `a`'s mask that share area with solid texels of `b`, as a mask of `a`'s size in
/// `a`'s own texel space (pygame's `overlap_mask`); its `opaque_count` is the shared texel count.
///
/// Aligned placements take the bits a word at a time; others walk the trees and test each texel of
/// `a` inside an overlapping pair of boxes. Beyond the answer, its memory is the walk's stack.
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{overlap_mask, Mask, Sprite};
/// let square = Mask::from_fn(4, 4, |_, _| true).unwrap();
/// let a = Sprite::new(&square, Affine2::IDENTITY);
/// let b = Sprite::new(&square, Affine2::from_translation(Vec2::new(2.5, 3.0)));
/// let shared = overlap_mask(a, b);
/// assert_eq!(shared.opaque_count(), 2, "texels (2, 3) and (3, 3)");
/// assert!(shared.is_opaque(2, 3) && shared.is_opaque(3, 3));
/// ```
pub fn overlap_mask(a: Sprite<'_>, b: Sprite<'_>) -> Mask {
    let (w, h) = (a.mask.width(), a.mask.height());
    let words = |words: Vec<u64>| Mask::from_words(w, h, words).expect("the first mask's size");
    let none = || words(vec![0; w.div_ceil(64) as usize * h as usize]);
    if !placeable(&a, &b) {
        return none();
    }
    let (wa, wb) = (to_f64(&a.transform), to_f64(&b.transform));
    if let Some((c0, c1, t, _)) = relative(&wa, &wb) {
        if let Some(view) = Aligned::recognise(a.mask, b.mask, c0, c1, t) {
            return words(view.shared_words());
        }
    }
    let Some(pair) = Pair::new(a, b) else {
        return none();
    };
    let mut out = vec![0u64; w.div_ceil(64) as usize * h as usize];
    let wpr = w.div_ceil(64) as usize;
    let inset = a.mask.bits().inset;
    // Maps a box of the other sprite into `a`'s space: forward when `a` came first, else backward.
    let to_mine = if pair.swapped {
        let inv = glam::DMat2::from_cols(pair.c0, pair.c1).inverse();
        DAffine2::from_mat2_translation(inv, -(inv * pair.t))
    } else {
        DAffine2::from_mat2_translation(glam::DMat2::from_cols(pair.c0, pair.c1), pair.t)
    };
    pair.walk(|ra, rb| {
        let (mine, other) = if pair.swapped { (rb, ra) } else { (ra, rb) };
        // Only the texels of this box under the other box's footprint can be shared.
        let (c, hx, hy) = (
            to_mine.transform_point2(DVec2::from(other.center)),
            to_mine.matrix2.x_axis * other.half[0],
            to_mine.matrix2.y_axis * other.half[1],
        );
        let reach = hx.abs() + hy.abs();
        let [mx0, my0, mx1, my1] = mine.texels();
        let clamp = |v: f64, lo: u32, hi: u32| (v.max(f64::from(lo)).min(f64::from(hi))) as u32;
        let (x0, x1) = (
            clamp((c.x - reach.x).floor(), mx0, mx1),
            clamp((c.x + reach.x).ceil(), mx0, mx1),
        );
        let (y0, y1) = (
            clamp((c.y - reach.y).floor(), my0, my1),
            clamp((c.y + reach.y).ceil(), my0, my1),
        );
        for y in y0..y1 {
            for x in x0..x1 {
                let word = &mut out[y as usize * wpr + x as usize / 64];
                if *word >> (x % 64) & 1 == 1 {
                    continue;
                }
                let texel = Node::texel(x, y, inset);
                let apart = if pair.swapped {
                    pair.separated(other, &texel)
                } else {
                    pair.separated(&texel, other)
                };
                if !apart {
                    *word |= 1 << (x % 64);
                }
            }
        }
        false
    });
    words(out)
}

/// Marks a walk reference as an index into the squares held for the walk's stack rather than into a
/// tree.
const SQUARE: u32 = 1 << 31;

/// A convex polygon of at most eight vertices (a parallelogram clipped by a box never has more), with
/// room for the scratch writes of [`clip_axis`].
struct Polygon {
    points: [DVec2; 12],
    len: usize,
}

impl Default for Polygon {
    fn default() -> Self {
        Polygon {
            points: [DVec2::ZERO; 12],
            len: 0,
        }
    }
}

impl Polygon {
    fn points(&self) -> &[DVec2] {
        &self.points[..self.len]
    }
}

/// One Sutherland-Hodgman pass: keeps the part of `src` where `sign * (p[axis] - bound) >= 0`.
///
/// Every candidate vertex is written and kept or dropped by advancing the length, not by branching:
/// which side a vertex falls on is unpredictable, and mispredicted branches cost more than the stores.
#[inline(always)]
fn clip_axis(src: &[DVec2], dst: &mut Polygon, axis: usize, bound: f64, sign: f64) {
    let mut n = 0;
    if let Some(&last) = src.last() {
        let (mut p, mut dp) = (last, sign * (last[axis] - bound));
        for &q in src {
            let dq = sign * (q[axis] - bound);
            // At most 8 kept vertices plus two writes each step: indices stay below 12.
            let m = n.min(9);
            dst.points[m] = p + (q - p) * (dp / (dp - dq));
            n = m + usize::from((dp >= 0.0) != (dq >= 0.0));
            dst.points[n] = q;
            n += usize::from(dq >= 0.0);
            (p, dp) = (q, dq);
        }
    }
    dst.len = n.min(8);
}

/// Widens a transform to `f64`.
pub(crate) fn to_f64(t: &Affine2) -> DAffine2 {
    DAffine2::from_cols(
        t.matrix2.x_axis.as_dvec2(),
        t.matrix2.y_axis.as_dvec2(),
        t.translation.as_dvec2(),
    )
}

/// Orders two sprites by transform, then by mask, so that argument order cannot change the result.
#[inline(always)]
fn canonical_order(a: &Sprite<'_>, b: &Sprite<'_>) -> Ordering {
    let (ka, kb) = (a.transform.to_cols_array(), b.transform.to_cols_array());
    ka.iter()
        .zip(&kb)
        .map(|(x, y)| x.total_cmp(y))
        .find(|o| o.is_ne())
        .unwrap_or(Ordering::Equal)
        .then_with(|| (a.mask.width(), a.mask.height()).cmp(&(b.mask.width(), b.mask.height())))
        .then_with(|| a.mask.words().cmp(b.mask.words()))
}

/// Twice the signed area of a polygon, by the shoelace formula taken relative to its first vertex, so
/// that a tiny polygon far from the origin keeps its digits.
fn doubled_signed_area(poly: &[DVec2]) -> f64 {
    let Some((&origin, rest)) = poly.split_first() else {
        return 0.0;
    };
    rest.windows(2)
        .map(|w| (w[0] - origin).perp_dot(w[1] - origin))
        .sum()
}

/// The area of a simple polygon.
fn polygon_area(poly: &[DVec2]) -> f64 {
    doubled_signed_area(poly).abs() * 0.5
}

/// The centroid of a convex polygon, falling back to the vertex mean for slivers rounding left flat;
/// `None` for no vertices at all.
fn centroid(poly: &[DVec2]) -> Option<DVec2> {
    let &last = poly.last()?;
    let mean = poly.iter().copied().sum::<DVec2>() / poly.len() as f64;
    // Relative to the mean, so that large coordinates do not swamp the cross products.
    let mut prev = last - mean;
    let (mut a2, mut c) = (0.0, DVec2::ZERO);
    for &p in poly {
        let p = p - mean;
        let cross = prev.perp_dot(p);
        a2 += cross;
        c += (prev + p) * cross;
        prev = p;
    }
    if a2.abs() < 1e-12 {
        return Some(mean);
    }
    Some(mean + c / (3.0 * a2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contact_of_a_pair_with_no_shared_part_stays_in_the_first_rectangle() {
        // Should rounding ever let through a pair whose clip comes out empty, the point must still lie
        // in the first sprite's rectangle, not at its origin.
        let a = Mask::from_fn(4, 4, |x, y| x >= 2 && y >= 2).unwrap();
        let b = Mask::from_fn(1, 1, |_, _| true).unwrap();
        let far = Affine2::from_translation(Vec2::new(10.0, 10.0));
        let pair = Pair::new(Sprite::new(&a, Affine2::IDENTITY), Sprite::new(&b, far)).unwrap();
        assert!(std::ptr::eq(pair.a, &a), "the identity sorts first");
        let p = pair.contact(&a.nodes()[0], &b.nodes()[0]).point;
        assert!(
            (2.0..=4.0).contains(&p.x) && (2.0..=4.0).contains(&p.y),
            "{p:?}"
        );
    }
}
