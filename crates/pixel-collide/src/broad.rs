//! Many sprites at once: the world a mover moves through, and which placed sprites touch a given
//! one and every touching pair, by a sort and sweep over world bounds with each candidate pair
//! confirmed per pixel.

use glam::{DAffine2, DVec2};

use crate::geom::Rect;
use crate::mask::{Interior, Mask};
use crate::pair::{overlaps, placeable};
use crate::sprite::{to_f64, Sprite};

/// The world a body moves through: anything that can list the sprites near a rectangle.
///
/// Implemented for slices, arrays and vectors of sprites and for one sprite (a terrain mask).
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{Mask, Obstacles, Rect, Sprite};
/// let floor = Mask::from_fn(64, 4, |_, _| true).unwrap();
/// let world = [Sprite::new(&floor, Affine2::IDENTITY)];
/// let mut near = Vec::new();
/// world.each_near(Rect::from_xywh(10.0, -2.0, 4.0, 4.0), &mut |i, _| near.push(i));
/// assert_eq!(near, [0]);
/// ```
///
/// A game's own world (a terrain and a grid of blocks, say) implements it to hand over only what
/// is near:
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{Body, Mask, Mover, Obstacles, Pose, Rect, Sprite};
/// struct Level<'a> { terrain: Sprite<'a>, blocks: Vec<Sprite<'a>> }
/// impl<'a> Obstacles<'a> for Level<'a> {
///     fn each_near(&self, area: Rect, visit: &mut dyn FnMut(usize, Sprite<'a>)) {
///         visit(0, self.terrain);
///         for (i, b) in self.blocks.iter().enumerate() {
///             if b.bounds().intersects(&area) {
///                 visit(i + 1, *b);
///             }
///         }
///     }
/// }
/// let (ground, block, me) = (
///     Mask::from_fn(200, 10, |_, _| true).unwrap(),
///     Mask::from_fn(10, 10, |_, _| true).unwrap(),
///     Mask::from_fn(4, 4, |_, _| true).unwrap(),
/// );
/// let level = Level {
///     terrain: Sprite::new(&ground, Affine2::from_translation(Vec2::new(0.0, 50.0))),
///     blocks: vec![Sprite::new(&block, Affine2::from_translation(Vec2::new(40.0, 40.0)))],
/// };
/// let body = Body::new(&me, Pose::at(Vec2::new(30.0, 50.0)), Vec2::new(2.0, 4.0));
/// let moved = Mover::default().move_and_slide(body, &level, Vec2::new(20.0, 1.0), true);
/// assert_eq!(moved.position, Vec2::new(38.0, 50.0), "stopped by the block, standing");
/// assert!(moved.on_wall && moved.on_floor && moved.contacts[0].obstacle == 1);
/// ```
pub trait Obstacles<'a> {
    /// Calls `visit` with the index and sprite of every obstacle whose world bounds may meet `area`
    /// (more are allowed: each is tested exactly).
    fn each_near(&self, area: Rect, visit: &mut dyn FnMut(usize, Sprite<'a>));
}

impl<'a> Obstacles<'a> for [Sprite<'a>] {
    fn each_near(&self, area: Rect, visit: &mut dyn FnMut(usize, Sprite<'a>)) {
        for (i, s) in self.iter().enumerate() {
            if s.bounds().intersects(&area) {
                visit(i, *s);
            }
        }
    }
}

impl<'a, const N: usize> Obstacles<'a> for [Sprite<'a>; N] {
    fn each_near(&self, area: Rect, visit: &mut dyn FnMut(usize, Sprite<'a>)) {
        self.as_slice().each_near(area, visit);
    }
}

impl<'a> Obstacles<'a> for Vec<Sprite<'a>> {
    fn each_near(&self, area: Rect, visit: &mut dyn FnMut(usize, Sprite<'a>)) {
        self.as_slice().each_near(area, visit);
    }
}

impl<'a> Obstacles<'a> for Sprite<'a> {
    fn each_near(&self, area: Rect, visit: &mut dyn FnMut(usize, Sprite<'a>)) {
        std::slice::from_ref(self).each_near(area, visit);
    }
}

/// Sprites sorted by the left edge of their world bounds, with their bounds: built once per frame and
/// asked any number of questions.
///
/// The bounds are computed in `f64`, so that sprites far from the origin (where an `f32` rectangle
/// collapses to no width) are still paired whenever [`collide`](crate::collide) finds them touching:
/// the sweep only prunes pairs whose bounds are apart, or whose circles around their solid texels
/// are (turned sprites whose rectangles meet only at the corners), and every pair it keeps is
/// confirmed by [`overlaps`].
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{Mask, SweepAndPrune, Sprite};
/// let dot = Mask::from_fn(4, 4, |_, _| true).unwrap();
/// let at = |x: f32| Sprite::new(&dot, Affine2::from_translation(Vec2::new(x, 0.0)));
/// let sprites = [at(0.0), at(3.0), at(10.0), at(100.0)];
/// let sweep = SweepAndPrune::new(&sprites);
/// assert_eq!(sweep.touching_pairs(), [(0, 1)]);
/// assert_eq!(sweep.touching(at(12.0)), [2]);
/// ```
#[derive(Clone, Debug)]
pub struct SweepAndPrune<'a> {
    /// The sprites with non-empty bounds, by the left edge of their bounds, so that the pairs a sweep
    /// tests lie near each other in memory.
    sprites: Vec<Sprite<'a>>,
    /// What the sweep knows of them, in the same order.
    lanes: Lanes,
}

/// Everything a sweep keeps of its sprites but the sprites themselves, each in an array of its own
/// in sweep order; it holds no borrow, so it outlives a frame's sprites as a [`SweepRoom`].
#[derive(Clone, Debug, Default)]
struct Lanes {
    /// Their indices among the sprites given.
    order: Vec<u32>,
    /// Their bounds: the sweep reads them front to back, not through `order`, which for thousands
    /// of sprites is the difference between a stream and a cache miss per candidate.
    sorted: Vec<Bounds>,
    /// The left edges and the top and bottom edges of `sorted`: a sprite's candidates are found by
    /// a binary search of the left edges, then their rows are compared in one pass over two arrays
    /// of numbers.
    left: Vec<f64>,
    top: Vec<f64>,
    bottom: Vec<f64>,
    /// A world circle around each one's solid texels, `[x, y, radius]`: turned sprites whose
    /// rectangles meet only at their corners are told apart without a pair walk.
    circles: Vec<[f64; 3]>,
    /// A world disc inside each one's solid texels, `[x, y, radius]` (radius 0 for none): two
    /// sprites whose discs overlap touch, and need no pair walk to say so.
    inner: Vec<[f64; 3]>,
    /// Each one's transforms both ways (empty when no mask is walked as bits).
    placed: Vec<Placed>,
    /// The bounds found before sorting, kept for their room.
    found: Vec<(Bounds, u32)>,
    /// The bands' working room, reused by `touching_pairs_into`.
    bands: BandRoom,
}

/// The room a [`SweepAndPrune`] works in, without the sprites it held: kept from one frame to the
/// next ([`SweepAndPrune::into_room`], [`SweepAndPrune::new_in`]), a sweep each frame allocates
/// nothing once its room has grown to the scene.
///
/// ```
/// use glam::{Affine2, Vec2};
/// use pixel_collide::{Mask, Sprite, SweepAndPrune, SweepRoom};
/// let dot = Mask::from_fn(2, 2, |_, _| true).unwrap();
/// let (mut room, mut pairs) = (SweepRoom::default(), Vec::new());
/// for frame in 0..3 {
///     let at = |x: f32| Sprite::new(&dot, Affine2::from_translation(Vec2::new(x, 0.0)));
///     let mut sweep = SweepAndPrune::new_in(&[at(0.0), at(1.0 + frame as f32)], room);
///     sweep.touching_pairs_into(&mut pairs);
///     assert_eq!(pairs.is_empty(), frame >= 1);
///     room = sweep.into_room();
/// }
/// ```
#[derive(Debug, Default)]
pub struct SweepRoom {
    /// The sprites' vector, emptied, for its allocation.
    sprites: Vec<Sprite<'static>>,
    lanes: Lanes,
}

/// The bands' working room: each band's sprites, listed by a counting sort, and the heights the
/// bands are sized by.
#[derive(Clone, Debug, Default)]
struct BandRoom {
    heights: Vec<f64>,
    /// The band of each sprite's top row, in sweep order.
    first: Vec<u32>,
    start: Vec<usize>,
    next: Vec<usize>,
    members: Vec<u32>,
}

/// A sprite's world transform in `f64` and its inverse, made once a sweep for the pairs it is in.
#[derive(Clone, Copy, Debug)]
struct Placed {
    world: DAffine2,
    /// The inverse; `None` when the transform has no area.
    texels: Option<DAffine2>,
}

impl Placed {
    fn of(s: &Sprite<'_>) -> Placed {
        let world = to_f64(&s.transform);
        let det = world.matrix2.determinant();
        let texels = (det.is_finite() && det != 0.0).then(|| world.inverse());
        Placed { world, texels }
    }
}

/// An emptied vector of sprites of one lifetime as one of another, its allocation kept (the two have
/// the same layout, so collecting reuses it).
// `filter` cannot give the items a new lifetime, which is the point.
#[allow(clippy::unnecessary_filter_map)]
fn recycle<'b, 'c>(mut v: Vec<Sprite<'b>>) -> Vec<Sprite<'c>> {
    v.clear();
    v.into_iter().filter_map(|_| None).collect()
}

/// A world circle around `s`'s solid texels: its mask's circle, placed and grown by the largest
/// stretch of the transform.
fn circle(s: &Sprite<'_>) -> [f64; 3] {
    let [x, y, r] = s.mask.tree().reach;
    let t = to_f64(&s.transform);
    let c = t.transform_point2(DVec2::new(x, y));
    [c.x, c.y, stretch_circle(&t, r)[2]]
}

/// A world disc inside `s`'s solid texels: its mask's, placed and shrunk by the smallest stretch of
/// the transform (an ellipse holds the disc of its shorter axis). Radius 0 when the mask has none.
fn inner(s: &Sprite<'_>) -> [f64; 3] {
    // As for probes (see `probes_meet`): a cover of solid rectangles is walked in a few box tests.
    if !s.mask.tree().has_blocks {
        return [0.0; 3];
    }
    let Some([x, y, r]) = s.mask.interior().disc else {
        return [0.0; 3];
    };
    let t = to_f64(&s.transform);
    let c = t.transform_point2(DVec2::new(x, y));
    let [_, _, outer] = stretch_circle(&t, 1.0);
    let det = t.matrix2.determinant().abs();
    let shortest = if outer > 0.0 { det / outer } else { 0.0 };
    [c.x, c.y, r * shortest]
}

/// The largest stretch of `t`'s 2 x 2 part times `r`, as a circle's radius (the other two numbers 0).
fn stretch_circle(t: &glam::DAffine2, r: f64) -> [f64; 3] {
    let (a, b) = (t.matrix2.x_axis, t.matrix2.y_axis);
    // The largest singular value, from the squared Frobenius norm and the determinant.
    let p = a.length_squared() + b.length_squared();
    let det = t.matrix2.determinant();
    let stretch = ((p + (p * p - 4.0 * det * det).max(0.0).sqrt()) / 2.0).sqrt();
    [0.0, 0.0, r * stretch]
}

/// Whether two solid discs overlap by more than rounding: then the sprites share solid area.
fn discs_overlap(a: &[f64; 3], b: &[f64; 3]) -> bool {
    let reach = (a[2] + b[2]) * (1.0 - 1e-9) - 1e-9;
    let (dx, dy) = (a[0] - b[0], a[1] - b[1]);
    a[2] > 0.0 && b[2] > 0.0 && reach > 0.0 && dx * dx + dy * dy < reach * reach
}

/// Whether a texel of either sprite's interior (see `mask::inner`) has its centre well inside a
/// solid texel of the other: then a neighbourhood of that point is solid in both, and they share
/// area. The rim texels that face the other sprite are tried first (sprites that meet at their rims
/// overlap there), then the deep ones.
fn probes_meet(a: &Sprite<'_>, pa: &Placed, b: &Sprite<'_>, pb: &Placed) -> bool {
    // Masks whose trees are covers of solid rectangles walk in a few box tests, fewer than the
    // lookups here; masks walked as bits refine squares down to their edges, which the lookups spare.
    if !(a.mask.tree().has_blocks || b.mask.tree().has_blocks) {
        return false;
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

/// The two rim texels of `interior` that face the point `toward` (in its texels) most.
fn facing_rim(interior: &Interior, toward: DVec2) -> impl Iterator<Item = [u32; 2]> {
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
    // World coordinates of 1e7 keep about 1e-9 of a texel in f64; an edge closer than this is left
    // to the pair test.
    const MARGIN: f64 = 1e-7;
    let q = to.transform_point2(DVec2::new(f64::from(x) + 0.5, f64::from(y) + 0.5));
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

/// Whether two circles are apart by more than rounding: then no texel of one reaches the other's.
fn circles_apart(a: &[f64; 3], b: &[f64; 3]) -> bool {
    let reach = (a[2] + b[2]) * (1.0 + 1e-9) + 1e-9;
    let (dx, dy) = (a[0] - b[0], a[1] - b[1]);
    dx * dx + dy * dy > reach * reach
}

/// World bounds in `f64`; closed, so that bounds meeting by rounding are still tested per pixel.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    min: DVec2,
    max: DVec2,
}

impl Bounds {
    fn of(s: &Sprite<'_>) -> Option<Bounds> {
        let t = to_f64(&s.transform);
        let size = DVec2::new(f64::from(s.mask.width()), f64::from(s.mask.height()));
        let corners = [
            DVec2::ZERO,
            DVec2::new(size.x, 0.0),
            DVec2::new(0.0, size.y),
            size,
        ]
        .map(|c| t.transform_point2(c));
        let min = corners.iter().fold(DVec2::INFINITY, |a, c| a.min(*c));
        let max = corners.iter().fold(DVec2::NEG_INFINITY, |a, c| a.max(*c));
        // A sprite of no area, or holding a NaN or an infinity, touches nothing.
        (min.is_finite() && max.is_finite() && max.x > min.x && max.y > min.y)
            .then_some(Bounds { min, max })
    }

    fn meets(&self, other: &Bounds) -> bool {
        self.min.x <= other.max.x
            && other.min.x <= self.max.x
            && self.min.y <= other.max.y
            && other.min.y <= self.max.y
    }
}

impl<'a> SweepAndPrune<'a> {
    /// Sorts `sprites` by their world bounds; sprites whose bounds are empty or not finite touch
    /// nothing and are left out.
    ///
    /// ```
    /// use glam::Affine2;
    /// use pixel_collide::{Mask, Sprite, SweepAndPrune};
    /// let dot = Mask::from_fn(2, 2, |_, _| true).unwrap();
    /// let sweep = SweepAndPrune::new(&[Sprite::new(&dot, Affine2::IDENTITY)]);
    /// assert!(sweep.touching_pairs().is_empty());
    /// ```
    pub fn new(sprites: &[Sprite<'a>]) -> Self {
        SweepAndPrune::new_in(sprites, SweepRoom::default())
    }

    /// [`new`](Self::new) in the room of an earlier sweep (see [`SweepRoom`]).
    pub fn new_in(sprites: &[Sprite<'a>], room: SweepRoom) -> Self {
        let SweepRoom {
            sprites: kept,
            lanes,
        } = room;
        let Lanes {
            mut order,
            mut sorted,
            mut left,
            mut top,
            mut bottom,
            mut circles,
            mut inner,
            mut placed,
            mut found,
            bands,
        } = lanes;
        found.clear();
        found.extend(
            sprites
                .iter()
                .enumerate()
                .filter_map(|(i, s)| Some((Bounds::of(s)?, i as u32))),
        );
        found.sort_unstable_by(|(a, i), (b, j)| a.min.x.total_cmp(&b.min.x).then(i.cmp(j)));
        let mut kept: Vec<Sprite<'a>> = recycle(kept);
        kept.extend(found.iter().map(|&(_, i)| sprites[i as usize]));
        let refill = |v: &mut Vec<f64>, f: &dyn Fn(&Bounds) -> f64| {
            v.clear();
            v.extend(found.iter().map(|(b, _)| f(b)));
        };
        refill(&mut left, &|b| b.min.x);
        refill(&mut top, &|b| b.min.y);
        refill(&mut bottom, &|b| b.max.y);
        order.clear();
        order.extend(found.iter().map(|&(_, i)| i));
        circles.clear();
        circles.extend(kept.iter().map(circle));
        inner.clear();
        inner.extend(kept.iter().map(self::inner));
        // Only masks walked as bits are probed (see `probes_meet`): a scene of solid shapes alone
        // does without the transforms.
        placed.clear();
        if kept.iter().any(|s| s.mask.tree().has_blocks) {
            placed.extend(kept.iter().map(Placed::of));
        }
        sorted.clear();
        sorted.extend(found.iter().map(|&(b, _)| b));
        SweepAndPrune {
            sprites: kept,
            lanes: Lanes {
                order,
                sorted,
                left,
                top,
                bottom,
                circles,
                inner,
                placed,
                found,
                bands,
            },
        }
    }

    /// The sweep's room, its sprites let go, for the next frame's [`new_in`](Self::new_in).
    pub fn into_room(self) -> SweepRoom {
        SweepRoom {
            sprites: recycle(self.sprites),
            lanes: self.lanes,
        }
    }

    /// Every pair `(i, j)`, `i < j`, of sprites that touch on solid texels, sorted.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::{Mask, Sprite, SweepAndPrune};
    /// let dot = Mask::from_fn(2, 2, |_, _| true).unwrap();
    /// let at = |x: f32| Sprite::new(&dot, Affine2::from_translation(Vec2::new(x, 0.0)));
    /// assert_eq!(SweepAndPrune::new(&[at(0.0), at(50.0), at(1.0)]).touching_pairs(), [(0, 2)]);
    /// ```
    pub fn touching_pairs(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        self.pairs_in(&mut BandRoom::default(), &mut out);
        out
    }

    /// [`touching_pairs`](Self::touching_pairs) written into `out` (cleared first), in the sweep's
    /// own working room: a game asking every frame, with [`SweepRoom`], allocates nothing.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::{Mask, Sprite, SweepAndPrune};
    /// let dot = Mask::from_fn(2, 2, |_, _| true).unwrap();
    /// let at = |x: f32| Sprite::new(&dot, Affine2::from_translation(Vec2::new(x, 0.0)));
    /// let mut pairs = vec![(7, 8)];
    /// SweepAndPrune::new(&[at(0.0), at(1.0)]).touching_pairs_into(&mut pairs);
    /// assert_eq!(pairs, [(0, 1)]);
    /// ```
    pub fn touching_pairs_into(&mut self, out: &mut Vec<(usize, usize)>) {
        let mut room = std::mem::take(&mut self.lanes.bands);
        self.pairs_in(&mut room, out);
        self.lanes.bands = room;
    }

    /// The touching pairs into `out`, the bands listed in `room`.
    fn pairs_in(&self, room: &mut BandRoom, out: &mut Vec<(usize, usize)>) {
        out.clear();
        let bands = Bands::of(&self.lanes.top, &self.lanes.bottom, &mut room.heights);
        let BandRoom {
            first,
            start,
            next,
            members,
            ..
        } = room;
        first.clear();
        first.extend(self.lanes.top.iter().map(|&t| bands.index(t) as u32));
        // Each band's sprites, in sweep order (a counting sort: how many per band, then where).
        start.clear();
        start.resize(bands.count + 1, 0);
        for (&t, &b) in self.lanes.top.iter().zip(&self.lanes.bottom) {
            for band in bands.index(t)..=bands.index(b) {
                start[band + 1] += 1;
            }
        }
        for band in 0..bands.count {
            start[band + 1] += start[band];
        }
        members.clear();
        members.resize(start[bands.count], 0);
        next.clear();
        next.extend_from_slice(start);
        for (k, (&t, &b)) in self.lanes.top.iter().zip(&self.lanes.bottom).enumerate() {
            for band in bands.index(t)..=bands.index(b) {
                members[next[band]] = k as u32;
                next[band] += 1;
            }
        }
        for band in 0..bands.count {
            let list = &members[start[band]..start[band + 1]];
            for (p, &k) in list.iter().enumerate() {
                let (k, bi) = (k as usize, &self.lanes.sorted[k as usize]);
                // Later sprites of the band start no further left; once one starts past this
                // one's right edge, all do. Those before meet it on x, so y is left to compare.
                for &l in &list[p + 1..] {
                    let l = l as usize;
                    if self.lanes.left[l] > bi.max.x {
                        break;
                    }
                    let (top, bottom) = (self.lanes.top[l], self.lanes.bottom[l]);
                    // A pair spanning several bands is reported by one: the band of the top of
                    // the rows they share.
                    if top <= bi.max.y
                        && bi.min.y <= bottom
                        && first[l].max(first[k]) as usize == band
                        && !circles_apart(&self.lanes.circles[k], &self.lanes.circles[l])
                        && self.touch(
                            k,
                            &self.lanes.inner[l],
                            &self.sprites[l],
                            self.lanes.placed.get(l),
                        )
                    {
                        let (i, j) = (self.lanes.order[k], self.lanes.order[l]);
                        out.push(((i.min(j)) as usize, (i.max(j)) as usize));
                    }
                }
            }
        }
        out.sort_unstable();
    }

    /// Whether sorted sprite `k` touches `other`, whose solid disc is `within`: their discs or deep
    /// texels settle most touching pairs, and the pair test the rest.
    fn touch(
        &self,
        k: usize,
        within: &[f64; 3],
        other: &Sprite<'_>,
        placed: Option<&Placed>,
    ) -> bool {
        let s = &self.sprites[k];
        let probed = || match (self.lanes.placed.get(k), placed) {
            (Some(pk), Some(po)) => probes_meet(s, pk, other, po),
            _ => false,
        };
        if discs_overlap(&self.lanes.inner[k], within) || probed() {
            placeable(s, other)
        } else {
            overlaps(*s, *other)
        }
    }

    /// The indices of the sprites that touch `probe` on solid texels, in ascending order.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::{Mask, Sprite, SweepAndPrune};
    /// let dot = Mask::from_fn(2, 2, |_, _| true).unwrap();
    /// let at = |x: f32| Sprite::new(&dot, Affine2::from_translation(Vec2::new(x, 0.0)));
    /// assert_eq!(SweepAndPrune::new(&[at(0.0), at(50.0)]).touching(at(49.0)), [1]);
    /// ```
    pub fn touching(&self, probe: Sprite<'_>) -> Vec<usize> {
        let Some(b) = Bounds::of(&probe) else {
            return Vec::new();
        };
        // Sprites starting past the probe's right edge cannot reach it.
        let end = self.lanes.sorted.partition_point(|s| s.min.x <= b.max.x);
        let (around, within, placed) = (circle(&probe), inner(&probe), Placed::of(&probe));
        let mut out: Vec<usize> = (0..end)
            .filter(|&k| {
                self.lanes.sorted[k].meets(&b)
                    && !circles_apart(&self.lanes.circles[k], &around)
                    && self.touch(k, &within, &probe, Some(&placed))
            })
            .map(|k| self.lanes.order[k] as usize)
            .collect();
        out.sort_unstable();
        out
    }
}

/// Horizontal bands of the sprites' rows, so that a sweep along x compares each sprite only with
/// those in its own bands: with thousands of sprites spread over a square field, one sweep along x
/// would compare each with every sprite in its column.
struct Bands {
    top: f64,
    height: f64,
    count: usize,
}

impl Bands {
    /// The most bands: a sprite is listed once per band it spans, so at most this many times.
    const MOST: usize = 64;

    /// Bands over the sprites' rows from `tops` to `bottoms`, each twice as tall as three in four
    /// of the sprites, so that most sprites span one or two bands.
    fn of(tops: &[f64], bottoms: &[f64], heights: &mut Vec<f64>) -> Bands {
        let (Some(top), Some(bottom)) = (
            tops.iter().copied().reduce(f64::min),
            bottoms.iter().copied().reduce(f64::max),
        ) else {
            return Bands {
                top: 0.0,
                height: 1.0,
                count: 1,
            };
        };
        heights.clear();
        heights.extend(tops.iter().zip(bottoms).map(|(t, b)| b - t));
        let at = heights.len() * 3 / 4;
        let (_, tall, _) = heights.select_nth_unstable_by(at, f64::total_cmp);
        let span = bottom - top;
        let count = ((span / (2.0 * *tall)).ceil() as usize).clamp(1, Bands::MOST);
        Bands {
            top,
            height: span / count as f64,
            count,
        }
    }

    /// The band row `y` lies in.
    fn index(&self, y: f64) -> usize {
        (((y - self.top) / self.height) as usize).min(self.count - 1)
    }
}

/// The broad phase's sprites as a mover's world: only those whose bounds meet the area are visited,
/// found by the same sorted sweep as [`SweepAndPrune::touching`].
impl<'a> Obstacles<'a> for SweepAndPrune<'a> {
    fn each_near(&self, area: Rect, visit: &mut dyn FnMut(usize, Sprite<'a>)) {
        let b = Bounds {
            min: area.min.as_dvec2(),
            max: area.max.as_dvec2(),
        };
        let end = self.lanes.sorted.partition_point(|s| s.min.x <= b.max.x);
        for k in 0..end {
            if self.lanes.sorted[k].meets(&b) {
                let i = self.lanes.order[k] as usize;
                visit(i, self.sprites[k]);
            }
        }
    }
}
