//! Changing a mask in place: single texels, filled circles, and other masks drawn or erased under any
//! transform (pygame's `set_at`, `draw` and `erase`), for destructible terrain and painting.
//!
//! Each edit rewrites the bits it touches and then only the blocks of the tree they lie in (64 x 64,
//! wider for a mask of one to three rows), so carving a small hole in a large mask costs
//! microseconds, not a rebuild.

use glam::{Affine2, Vec2};

use crate::geom::Rect;
use crate::mask::Mask;
use crate::sprite::Sprite;

impl Mask {
    /// Makes texel (x, y) solid or air; a texel outside the mask is ignored.
    ///
    /// ```
    /// let mut m = pixel_collide::Mask::from_fn(4, 4, |_, _| false).unwrap();
    /// m.set(2, 1, true);
    /// assert!(m.is_solid(2, 1) && m.solid_count() == 1);
    /// ```
    pub fn set(&mut self, x: u32, y: u32, solid: bool) {
        if x >= self.width() || y >= self.height() {
            return;
        }
        self.change([x, y, x + 1, y + 1], |words, height| {
            let word = &mut words[x as usize / 64 * height + y as usize];
            let bit = 1u64 << (x % 64);
            *word = if solid { *word | bit } else { *word & !bit };
        });
    }

    /// Makes every texel whose centre lies strictly within `radius` of `center` (in the mask's texel
    /// space) solid, or air: a brush, or a crater.
    ///
    /// Any positive radius counts, however large: an infinite one reaches every texel, like `1e30`.
    /// A radius of zero, a negative or NaN one, or a centre that is not finite changes nothing.
    ///
    /// ```
    /// use glam::Vec2;
    /// let mut ground = pixel_collide::Mask::from_fn(64, 16, |_, y| y >= 8).unwrap();
    /// ground.fill_circle(Vec2::new(32.0, 8.0), 4.0, false);
    /// assert!(!ground.is_solid(32, 9) && ground.is_solid(20, 9));
    /// ```
    pub fn fill_circle(&mut self, center: Vec2, radius: f32, solid: bool) {
        // Written as a negation so that a NaN radius changes nothing; infinity passes on.
        if !(radius > 0.0 && center.is_finite()) {
            return;
        }
        let reach = Rect::new(center - Vec2::splat(radius), center + Vec2::splat(radius));
        let r2 = f64::from(radius) * f64::from(radius);
        let (cx, cy) = (f64::from(center.x), f64::from(center.y));
        self.paint(reach, solid, |x, y| {
            let (dx, dy) = (f64::from(x) + 0.5 - cx, f64::from(y) + 0.5 - cy);
            dx * dx + dy * dy < r2
        });
    }

    /// ORs `other` into this mask: every texel whose centre lies in a solid texel of `other`, placed by
    /// `placement` (from `other`'s texel space into this mask's), becomes solid.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// let mut canvas = pixel_collide::Mask::from_fn(8, 8, |_, _| false).unwrap();
    /// let stamp = pixel_collide::Mask::from_fn(2, 2, |_, _| true).unwrap();
    /// canvas.draw(&stamp, Affine2::from_translation(Vec2::new(3.0, 3.0)));
    /// assert_eq!(canvas.solid_count(), 4);
    /// ```
    pub fn draw(&mut self, other: &Mask, placement: Affine2) {
        self.stamp(other, placement, true);
    }

    /// Clears from this mask every texel whose centre lies in a solid texel of `other` placed by
    /// `placement` (AND-NOT): the counterpart of [`draw`](Self::draw).
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// let mut wall = pixel_collide::Mask::from_fn(8, 8, |_, _| true).unwrap();
    /// let hole = pixel_collide::Mask::from_fn(2, 2, |_, _| true).unwrap();
    /// wall.erase(&hole, Affine2::from_translation(Vec2::new(3.0, 3.0)));
    /// assert_eq!(wall.solid_count(), 60);
    /// ```
    pub fn erase(&mut self, other: &Mask, placement: Affine2) {
        self.stamp(other, placement, false);
    }

    fn stamp(&mut self, other: &Mask, placement: Affine2, solid: bool) {
        let sprite = Sprite::new(other, placement);
        let reach = sprite.bounds();
        self.paint(reach, solid, |x, y| {
            sprite.samples_solid(Vec2::new(x as f32 + 0.5, y as f32 + 0.5))
        });
    }

    /// Sets (or clears) every texel under `reach` for which `inside` holds.
    fn paint(&mut self, reach: Rect, solid: bool, inside: impl Fn(u32, u32) -> bool) {
        if reach.is_empty() {
            return;
        }
        let clamp = |v: f32, hi: u32| v.max(0.0).min(hi as f32) as u32;
        let (x0, x1) = (
            clamp(reach.min.x.floor(), self.width()),
            clamp(reach.max.x.ceil(), self.width()),
        );
        let (y0, y1) = (
            clamp(reach.min.y.floor(), self.height()),
            clamp(reach.max.y.ceil(), self.height()),
        );
        self.change([x0, y0, x1, y1], |words, height| {
            for y in y0..y1 {
                for x in x0..x1 {
                    if inside(x, y) {
                        let word = &mut words[x as usize / 64 * height + y as usize];
                        let bit = 1u64 << (x % 64);
                        *word = if solid { *word | bit } else { *word & !bit };
                    }
                }
            }
        });
    }
}
