//! Many sprites at once: the world a mover moves through, and which placed sprites touch a given
//! one and every touching pair, by a sort and sweep over world bounds with each candidate pair
//! confirmed per pixel.

use glam::DVec2;

use crate::geom::Rect;
use crate::pair::overlaps;
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
/// let body = Body::new(&me, Vec2::new(2.0, 4.0), Pose::at(Vec2::new(30.0, 50.0)));
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
/// the sweep only prunes pairs whose bounds are apart, and every pair it keeps is confirmed by
/// [`overlaps`].
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
    sprites: Vec<Sprite<'a>>,
    /// Indices of the sprites with non-empty bounds, by the left edge of their bounds.
    order: Vec<u32>,
    /// Their bounds in that order: the sweep reads them front to back, not through `order`, which
    /// for thousands of sprites is the difference between a stream and a cache miss per candidate.
    sorted: Vec<Bounds>,
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
        let mut found: Vec<(Bounds, u32)> = sprites
            .iter()
            .enumerate()
            .filter_map(|(i, s)| Some((Bounds::of(s)?, i as u32)))
            .collect();
        found.sort_unstable_by(|(a, i), (b, j)| a.min.x.total_cmp(&b.min.x).then(i.cmp(j)));
        SweepAndPrune {
            sprites: sprites.to_vec(),
            order: found.iter().map(|&(_, i)| i).collect(),
            sorted: found.into_iter().map(|(b, _)| b).collect(),
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
        for (k, bi) in self.sorted.iter().enumerate() {
            let i = self.order[k];
            // Later sprites start further right: once one starts past this one's right edge, all do.
            for (l, bj) in self.sorted[k + 1..].iter().enumerate() {
                if bj.min.x > bi.max.x {
                    break;
                }
                // Sorted by left edge, `bj` starts no further left than `bi`, and not past its
                // right edge: they meet on x, so y alone is left to compare.
                if bi.min.y <= bj.max.y && bj.min.y <= bi.max.y {
                    let j = self.order[k + 1 + l];
                    if overlaps(self.sprites[i as usize], self.sprites[j as usize]) {
                        out.push(((i.min(j)) as usize, (i.max(j)) as usize));
                    }
                }
            }
        }
        out.sort_unstable();
        out
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
        let end = self.sorted.partition_point(|s| s.min.x <= b.max.x);
        let mut out: Vec<usize> = (0..end)
            .filter(|&k| {
                self.sorted[k].meets(&b) && overlaps(self.sprites[self.order[k] as usize], probe)
            })
            .map(|k| self.order[k] as usize)
            .collect();
        out.sort_unstable();
        out
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
        let end = self.sorted.partition_point(|s| s.min.x <= b.max.x);
        for k in 0..end {
            if self.sorted[k].meets(&b) {
                let i = self.order[k] as usize;
                visit(i, self.sprites[i]);
            }
        }
    }
}
