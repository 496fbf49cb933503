//! The world a body moves through: anything that can list the sprites near a rectangle.

use crate::geom::Rect;
use crate::sprite::Sprite;

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
