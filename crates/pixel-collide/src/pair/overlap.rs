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
use std::cmp::Ordering;

use glam::{DAffine2, DVec2, Mat2, Vec2, Vec4};

use super::contact::Contact;
use super::frame::{Pair, canonical_order, relative};
use super::row_scan::{shared_area, shared_texels};
use super::sub_texel::sub_texel_overlaps;
use crate::geom::{Polygon, polygon_area};
use crate::mask::{Mask, Node, PixelRect};
use crate::sprite::{Sprite, to_f64};
use crate::words::{Aligned, shifted_count_best, shifted_overlaps_best};

/// Whether the two sprites touch on solid texels and, if so, where.
///
/// Symmetric: `collide(a, b)` and `collide(b, a)` give the same answer, the same contact point and
/// depth included, bit for bit; the normal, which points towards the first argument, is exactly
/// reversed. Where two directions need the same depth, the tie (the more vertical, then the one
/// pointing up, then left) is decided once for the pair in a fixed order of the two sprites and
/// reversed with it, so with the arguments swapped a tied normal may point down or right.
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{collide, Mask, Sprite};
/// let square = Mask::from_fn(4, 4, |_, _| true).unwrap();
/// let a = Sprite::new(&square, Affine2::IDENTITY);
/// let b = Sprite::new(&square, Affine2::from_translation(Vec2::new(3.0, 3.0)));
/// let c = collide(a, b).unwrap();
/// assert!(c.point.x > 3.0 && c.point.x < 4.0 && c.point.y > 3.0 && c.point.y < 4.0);
/// // A 1 x 1 corner overlap: a tie, decided vertically; the normal points from `a` towards `b`.
/// assert_eq!((c.normal, c.depth), (Vec2::Y, 1.0));
/// let back = collide(b, a).unwrap();
/// assert_eq!((back.point, back.normal, back.depth), (c.point, -c.normal, c.depth));
/// ```
pub fn collide(a: Sprite<'_>, b: Sprite<'_>) -> Option<Contact> {
    first_touch(a, b, Pair::texel_contact, Pair::contact)
}

/// What `at_texel` or `at_boxes` make of the first place the two sprites share: the first shared
/// texel of the first mask when the second's texels land on its own, else the first overlapping
/// pair of solid boxes of the walk; `None` when they do not touch.
#[inline(always)]
fn first_touch<'a, T>(
    a: Sprite<'a>,
    b: Sprite<'a>,
    at_texel: impl Fn(&Pair<'a>, glam::IVec2) -> T,
    at_boxes: impl Fn(&Pair<'a>, &Node, &Node) -> T,
) -> Option<T> {
    let found = if let Some((view, _)) = translated(&a, &b) {
        let texel = view.first()?;
        at_texel(&Pair::new(a, b)?, texel)
    } else {
        let pair = Pair::new(a, b)?;
        if let Some(view) = pair.aligned() {
            at_texel(&pair, view.first()?)
        } else {
            let (ra, rb) = pair.first_hit()?;
            at_boxes(&pair, &ra, &rb)
        }
    };
    placeable(&a, &b).then_some(found)
}

/// A world point inside solid texels of both sprites, or `None` when they do not touch: the question
/// pygame's `Mask.overlap` answers, for sprites placed by any transform. The point is the one
/// [`collide`] gives, bit for bit, without the work of its normal and depth, and the same in either
/// argument order.
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{collide, overlap_point, Mask, Sprite};
/// let square = Mask::from_fn(4, 4, |_, _| true).unwrap();
/// let a = Sprite::new(&square, Affine2::from_angle(0.5));
/// let b = Sprite::new(&square, Affine2::from_translation(Vec2::new(2.0, 2.0)));
/// let p = overlap_point(a, b).unwrap();
/// assert!(a.contains_point(p) && b.contains_point(p));
/// assert_eq!(Some(p), collide(a, b).map(|c| c.point));
/// assert_eq!(overlap_point(b, a), Some(p));
/// ```
pub fn overlap_point(a: Sprite<'_>, b: Sprite<'_>) -> Option<Vec2> {
    first_touch(a, b, Pair::texel_point, Pair::contact_point)
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
#[inline]
pub fn overlaps(a: Sprite<'_>, b: Sprite<'_>) -> bool {
    if let Some((dx, dy)) = whole_texel_shift(&a, &b) {
        return shifted_overlaps_best(a.mask, b.mask, dx, dy);
    }
    overlaps_placed(a, b)
}

/// [`overlaps`] for every placement but the plain whole-texel translation, kept out of line so that
/// the translation's path stays small.
#[inline(never)]
fn overlaps_placed(a: Sprite<'_>, b: Sprite<'_>) -> bool {
    let hit = if let Some(hit) = sub_texel_overlaps(&a, &b) {
        hit
    } else if let Some((view, _)) = translated(&a, &b) {
        view.first().is_some()
    } else if let Some(pair) = Pair::new(a, b) {
        if let Some(view) = pair.aligned() {
            view.first().is_some()
        } else {
            pair.first_hit().is_some()
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
/// placements count shared texels a word at a time. Others clip every overlapping pair of the two
/// trees' solid rectangles, or, when either mask is walked as bits (noise, fine detail), scan the
/// first mask's rows: a step per row and per run of solid texels that meets the second mask, a
/// popcount per 64 of the second's texels a run covers whole, and a short integral per texel its
/// edges cross. So this costs more than `collide`, which stops at the first pair, but its time stays
/// linear in the texels of the overlap, up to the largest masks. Its scratch memory is the walk's
/// stack (a few KiB for any masks up to the size caps), or the row scan's one row of runs (8 bytes a
/// run), whatever the overlap.
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{overlap_area, Mask, Sprite};
/// let square = Mask::from_fn(4, 4, |_, _| true).unwrap();
/// let a = Sprite::new(&square, Affine2::IDENTITY);
/// let b = Sprite::new(&square, Affine2::from_translation(Vec2::new(2.0, 3.0)));
/// assert_eq!(overlap_area(a, b), 2.0);
/// ```
#[inline]
pub fn overlap_area(a: Sprite<'_>, b: Sprite<'_>) -> f32 {
    if let Some((dx, dy)) = whole_texel_shift(&a, &b) {
        // Unit texels: the area is the count (exact in f32 below 2^24 texels, rounded above).
        return shifted_count_best(a.mask, b.mask, dx, dy) as f32;
    }
    overlap_area_placed(a, b)
}

/// [`overlap_area`] for every placement but the plain whole-texel translation, kept out of line so
/// that the translation's path stays small.
#[inline(never)]
fn overlap_area_placed(a: Sprite<'_>, b: Sprite<'_>) -> f32 {
    let counted = |view: Aligned<'_>, world: &DAffine2| {
        let n = view.count();
        (n as f64 * world.matrix2.determinant().abs(), n > 0)
    };
    let (area, found) = if let Some((view, world)) = translated(&a, &b) {
        counted(view, &world)
    } else if let Some(pair) = Pair::new(a, b) {
        if let Some(view) = pair.aligned() {
            counted(view, &pair.world)
        } else if pair.a.tree().has_blocks || pair.b.tree().has_blocks {
            // Masks walked as bits: the walk would refine both down to single texels before
            // clipping, so the row scan does the sum, and the walk only says whether they touch.
            let mut found = false;
            pair.walk(|_, _| {
                found = true;
                true
            });
            let area = if found { shared_area(&pair) } else { 0.0 };
            (area * pair.world.matrix2.determinant().abs(), found)
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
    if area > 0.0 { area } else { f32::from_bits(1) }
}

/// How many whole texels `b` sits right of and below `a` when both are placed by translation alone,
/// within 2^40 of the origin (so their bounds fit in `f32` and need no check), and the offset is a
/// whole number of texels; `None` otherwise.
#[inline(always)]
fn whole_texel_shift(a: &Sprite<'_>, b: &Sprite<'_>) -> Option<(i64, i64)> {
    const NEAR: f32 = (1u64 << 40) as f32;
    // Both matrices against the identity in one four-lane comparison each (a -0.0 entry is as
    // good as 0.0 here, and NaN fails).
    let unit = |s: &Sprite<'_>| {
        glam::Vec4::from_array(s.transform.matrix2.to_cols_array())
            .cmpeq(glam::Vec4::new(1.0, 0.0, 0.0, 1.0))
    };
    if !(unit(a) & unit(b)).all() {
        return None;
    }
    let (ta, tb) = (a.transform.translation, b.transform.translation);
    // The common case, all four coordinates whole and under 2^22, settled in one comparison of four
    // lanes: adding 1.5 * 2^23 rounds such a coordinate to a whole number, kept in the sum's low
    // mantissa bits, so it is whole exactly when the sum less the constant gives it back, and the
    // sum's bits are the constant's plus the number itself. No float-to-integer conversion, whose
    // saturating checks cost more than the rest.
    const ROUND: f32 = 12_582_912.0;
    let t = glam::Vec4::new(ta.x, ta.y, tb.x, tb.y);
    let sum = t + glam::Vec4::splat(ROUND);
    if (t.abs().cmplt(glam::Vec4::splat(4_194_304.0)) & (sum - glam::Vec4::splat(ROUND)).cmpeq(t))
        .all()
    {
        // So the offsets are differences of the sums' bits (under 2^23), each worked out on its own
        // from the loaded coordinates: the scan needs both at once, and two short scalar chains
        // side by side deliver them sooner than one through the lanes and out of them.
        let apart = |p: f32, q: f32| {
            i64::from((q + ROUND).to_bits().wrapping_sub((p + ROUND).to_bits()) as i32)
        };
        return Some((apart(ta.x, tb.x), apart(ta.y, tb.y)));
    }
    let near = |t: glam::Vec2| t.x.abs() < NEAR && t.y.abs() < NEAR;
    if !(near(ta) && near(tb)) {
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
    if a.mask.is_empty() || b.mask.is_empty() {
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
    // No mask is 2^32 texels a side, so columns and translations under 1e27 keep every corner under
    // 1e37; that settles all but absurd placements (both sprites' twelve numbers in three four-lane
    // comparisons), which get the bounds themselves.
    let (ma, mb) = (&a.transform, &b.transform);
    let limit = Vec4::splat(1e27);
    let near = |v: Vec4| v.abs().cmplt(limit);
    let (ta, tb) = (ma.translation, mb.translation);
    let all_near = (near(Vec4::from_array(ma.matrix2.to_cols_array()))
        & near(Vec4::from_array(mb.matrix2.to_cols_array()))
        & near(Vec4::new(ta.x, ta.y, tb.x, tb.y)))
    .all();
    // Bounds that overflow come back as NaN; a tiny sprite far out may have bounds of no width.
    all_near || (a.bounds().min.is_finite() && b.bounds().min.is_finite())
}

/// One box pair the overlap test examined, for visualising its work.
///
/// ```
/// use glam::Affine2;
/// use pixel_collide::debug::collide_traced;
/// use pixel_collide::{Mask, Sprite};
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
/// use pixel_collide::debug::collide_traced;
/// use pixel_collide::{Mask, Sprite};
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

/// The texels of `a`'s mask that share area with solid texels of `b`, as a mask of `a`'s size in
/// `a`'s own texel space (pygame's `overlap_mask`); its `solid_count` is the shared texel count.
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
/// assert_eq!(shared.solid_count(), 2, "texels (2, 3) and (3, 3)");
/// assert!(shared.is_solid(2, 3) && shared.is_solid(3, 3));
/// ```
pub fn overlap_mask(a: Sprite<'_>, b: Sprite<'_>) -> Mask {
    shared_mask(a, b, false)
}

/// [`overlap_mask`] of a thin overlap, such as a contact's: the texels are found by the pair walk,
/// whose work follows the overlap, even for masks walked as bits, instead of the row scan over the
/// whole first mask.
pub(crate) fn thin_overlap_mask(a: Sprite<'_>, b: Sprite<'_>) -> Mask {
    shared_mask(a, b, true)
}

/// [`overlap_mask`], by the pair walk alone when `thin`.
fn shared_mask(a: Sprite<'_>, b: Sprite<'_>, thin: bool) -> Mask {
    let (w, h) = (a.mask.width(), a.mask.height());
    let words = |words: Vec<u64>| Mask::from_row_words(w, h, words).expect("the first mask's size");
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
    if !thin && (pair.a.tree().has_blocks || pair.b.tree().has_blocks) {
        // Masks walked as bits: the walk would refine both down to single texels, so each texel is
        // tested against the other mask's cells under it directly, row by row.
        shared_texels(&pair, &mut out);
        return words(out);
    }
    let wpr = w.div_ceil(64) as usize;
    let under = Under::new(&pair);
    pair.walk(|ra, rb| {
        let (mine, other) = under.sides(ra, rb);
        let ([x0, x1], [y0, y1]) = under.footprint(mine, other);
        for y in y0..y1 {
            for x in x0..x1 {
                let word = &mut out[y as usize * wpr + x as usize / 64];
                if *word >> (x % 64) & 1 == 0 && under.shares(x, y, other) {
                    *word |= 1 << (x % 64);
                }
            }
        }
        false
    });
    words(out)
}

/// The texels of the first argument sprite's box of an overlapping pair of solid boxes that lie under
/// the other sprite's box: the pair walk finds the boxes, this the texels.
pub(crate) struct Under<'p, 'a> {
    pair: &'p Pair<'a>,
    /// Maps a box of the other sprite into the first argument's texels.
    to_mine: DAffine2,
    inset: [f64; 2],
}

impl<'p, 'a> Under<'p, 'a> {
    pub(crate) fn new(pair: &'p Pair<'a>) -> Self {
        // Forward when the first argument came first, else backward.
        let forward =
            DAffine2::from_mat2_translation(glam::DMat2::from_cols(pair.c0, pair.c1), pair.t);
        let (to_mine, mine) = if pair.swapped {
            (forward.inverse(), pair.b)
        } else {
            (forward, pair.a)
        };
        Under {
            pair,
            to_mine,
            inset: mine.bits().inset,
        }
    }

    /// A pair's boxes as (the first argument's, the other's).
    #[inline]
    pub(crate) fn sides<'n>(&self, ra: &'n Node, rb: &'n Node) -> (&'n Node, &'n Node) {
        if self.pair.swapped {
            (rb, ra)
        } else {
            (ra, rb)
        }
    }

    /// The columns and rows of `mine` under the bounds of `other`'s footprint, as half-open ranges.
    #[inline]
    pub(crate) fn footprint(&self, mine: &Node, other: &Node) -> ([u32; 2], [u32; 2]) {
        let to_mine = &self.to_mine;
        let (c, hx, hy) = (
            to_mine.transform_point2(DVec2::from(other.center)),
            to_mine.matrix2.x_axis * other.half[0],
            to_mine.matrix2.y_axis * other.half[1],
        );
        let reach = hx.abs() + hy.abs();
        let [mx0, my0, mx1, my1] = mine.texels();
        let clamp = |v: f64, lo: u32, hi: u32| (v.max(f64::from(lo)).min(f64::from(hi))) as u32;
        (
            [
                clamp((c.x - reach.x).floor(), mx0, mx1),
                clamp((c.x + reach.x).ceil(), mx0, mx1),
            ],
            [
                clamp((c.y - reach.y).floor(), my0, my1),
                clamp((c.y + reach.y).ceil(), my0, my1),
            ],
        )
    }

    /// Whether texel (`x`, `y`) of the first argument's mask shares area with `other`.
    #[inline]
    pub(crate) fn shares(&self, x: u32, y: u32, other: &Node) -> bool {
        let texel = Node::texel(x, y, self.inset);
        if self.pair.swapped {
            !self.pair.separated(other, &texel)
        } else {
            !self.pair.separated(&texel, other)
        }
    }
}
