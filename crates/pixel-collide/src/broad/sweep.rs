//! The sort and sweep: sprites sorted by the left edge of their world bounds, swept in horizontal
//! bands for the pairs whose bounds meet, and the room it works in kept from frame to frame.

use glam::{DVec2, Mat2};

use super::obstacles::Obstacles;
use super::pair_filters::{
    Placed, circle, circles_apart, discs_overlap, hulls_apart, inner, probes_meet, thick_enough,
};
use crate::geom::Rect;
use crate::pair::{overlaps, placeable};
use crate::sprite::{Sprite, to_f64};

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
    /// How many sprites the sweep was given: when the next frame's sweep is given as many, `order`
    /// holds each of its indices once, and sorting from last frame's order is nearly done already.
    given: usize,
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

/// An emptied vector of sprites of one lifetime as one of another, its allocation kept (the two have
/// the same layout, so collecting reuses it).
// `filter` cannot give the items a new lifetime, which is the point.
#[allow(clippy::unnecessary_filter_map)]
fn recycle<'b, 'c>(mut v: Vec<Sprite<'b>>) -> Vec<Sprite<'c>> {
    v.clear();
    v.into_iter().filter_map(|_| None).collect()
}

/// Sorts `found` by left edge, ties by index. `nearly`: in an order close to sorted, as last frame's
/// is, where an insertion sort moves each entry a step or two; it gives way to a full sort when the
/// moves add up past a few per entry.
fn sort_by_left(found: &mut [(Bounds, u32)], nearly: bool) {
    let order =
        |(a, i): &(Bounds, u32), (b, j): &(Bounds, u32)| a.min.x.total_cmp(&b.min.x).then(i.cmp(j));
    if nearly {
        let mut budget = 4 * found.len();
        for k in 1..found.len() {
            let mut m = k;
            while m > 0 && order(&found[m], &found[m - 1]).is_lt() {
                found.swap(m, m - 1);
                m -= 1;
            }
            budget = budget.saturating_sub(k - m);
            if budget == 0 {
                break;
            }
        }
        if budget > 0 {
            return;
        }
    }
    found.sort_unstable_by(order);
}

/// `pairs` (each `i < j < n`) sorted in place: by a count of each sprite's pairs when they are many
/// (a crowd has a few per sprite), each pair then swapped straight into its sprite's run (in the
/// room of `starts` and `next`); by comparison when they are few. In place, because a crowd stacked
/// on one spot has hundreds of millions of pairs, and a second list of them would be as large again.
fn sort_pairs(
    pairs: &mut [(usize, usize)],
    n: usize,
    starts: &mut Vec<usize>,
    next: &mut Vec<usize>,
) {
    if pairs.len() < n / 4 {
        pairs.sort_unstable();
        return;
    }
    starts.clear();
    starts.resize(n + 1, 0);
    for &(i, _) in pairs.iter() {
        starts[i + 1] += 1;
    }
    for i in 0..n {
        starts[i + 1] += starts[i];
    }
    // Sprite i's pairs go to `starts[i]..starts[i + 1]`; `next[i]` is the first of those not yet
    // holding one of its own. Each swap puts one pair where it belongs for good.
    next.clear();
    next.extend_from_slice(&starts[..n]);
    for i in 0..n {
        while next[i] < starts[i + 1] {
            let owner = pairs[next[i]].0;
            if owner == i {
                next[i] += 1;
            } else {
                pairs.swap(next[i], next[owner]);
                next[owner] += 1;
            }
        }
    }
    for i in 0..n {
        pairs[starts[i]..starts[i + 1]].sort_unstable();
    }
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
        // Far out (1e20) even f64 bounds collapse to a point: each side moves out by a few units in
        // the last place, so that a sprite there still has bounds to meet others by.
        let pad = 4.0 * f64::EPSILON * min.abs().max(max.abs()).max_element();
        let (min, max) = (min - DVec2::splat(pad), max + DVec2::splat(pad));
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
            given,
            bands,
        } = lanes;
        found.clear();
        let bounded = |i: u32| Some((Bounds::of(&sprites[i as usize])?, i));
        if given == sprites.len() && order.len() == given {
            // Last frame's order, which a frame's moves barely change.
            found.extend(order.iter().filter_map(|&i| bounded(i)));
            sort_by_left(&mut found, true);
        } else {
            found.extend((0..sprites.len() as u32).filter_map(bounded));
            sort_by_left(&mut found, false);
        }
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
                given: sprites.len(),
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
                            [&self.lanes.circles[l], &self.lanes.inner[l]],
                            &self.sprites[l],
                            self.lanes.placed.get(l),
                        )
                    {
                        let (i, j) = (self.lanes.order[k], self.lanes.order[l]);
                        out.push((i.min(j) as usize, i.max(j) as usize));
                    }
                }
            }
        }
        sort_pairs(out, self.lanes.given, start, next);
    }

    /// Whether sorted sprite `k` touches `other`, whose circle and solid disc are `[around,
    /// within]`: their discs or deep texels settle most touching pairs, and the pair test the rest.
    fn touch(
        &self,
        k: usize,
        [around, within]: [&[f64; 3]; 2],
        other: &Sprite<'_>,
        placed: Option<&Placed>,
    ) -> bool {
        let s = &self.sprites[k];
        // Two sprites placed by translation alone are walked by `overlaps` in the translation's
        // own paths, which answer in fewer steps than the probes and the hulls' supports take (a
        // crowd of unturned masks stacked on one spot spent half its time in them).
        if s.transform.matrix2 == Mat2::IDENTITY && other.transform.matrix2 == Mat2::IDENTITY {
            return overlaps(*s, *other);
        }
        let probed = || match (self.lanes.placed.get(k), placed) {
            (Some(pk), Some(po)) => probes_meet(s, pk, other, po, [&self.lanes.circles[k], around]),
            _ => false,
        };
        if (discs_overlap(&self.lanes.inner[k], within) || probed()) && thick_enough(s, other) {
            placeable(s, other)
        } else if let (Some(pk), Some(po)) = (self.lanes.placed.get(k), placed) {
            !hulls_apart(s, pk, other, po) && overlaps(*s, *other)
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
                    && self.touch(k, [&around, &within], &probe, Some(&placed))
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
