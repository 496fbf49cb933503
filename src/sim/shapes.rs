//! The masks the rules collide: the figure, the spinner block and the power-up tokens, with
//! stand-ins of the expected sizes for runs without the art.

use glam::Vec2;

use super::{PowerUpKind, POWERUP_SIZE};
use crate::collision::Mask;

/// The collision masks the rules need: the player's figure, the spinner block and the power-up tokens.
#[derive(Clone, Debug)]
pub struct Shapes {
    /// The figure's mask; the player stands on its bottom edge, centred.
    pub figure: Mask,
    /// The block's mask; blocks spin about its centre.
    pub block: Mask,
    /// The power-up tokens' masks, in [`PowerUpKind::ALL`] order; tokens wobble about their centre.
    pub powerups: [Mask; 4],
}

impl Shapes {
    /// Pairs a figure mask and a block mask, with round stand-in tokens for the power-ups.
    pub fn new(figure: Mask, block: Mask) -> Shapes {
        Shapes {
            figure,
            block,
            powerups: std::array::from_fn(|_| token_placeholder()),
        }
    }

    /// Replaces the power-up masks (in [`PowerUpKind::ALL`] order), usually with ones built from the art.
    pub fn with_powerups(self, powerups: [Mask; 4]) -> Shapes {
        Shapes { powerups, ..self }
    }

    /// The mask of one power-up kind's token.
    pub fn powerup(&self, kind: PowerUpKind) -> &Mask {
        &self.powerups[kind.index()]
    }

    /// Stand-in shapes of the expected sizes (a rounded figure and a plus sign with 22-texel arms), for
    /// tests and tools that run without the art.
    pub fn placeholder() -> Shapes {
        let (fw, fh) = super::FIGURE_SIZE;
        let (bw, bh) = super::BLOCK_SIZE;
        let figure = Mask::from_fn(fw, fh, |x, y| {
            let head = (x as f32 - 15.5).powi(2) + (y as f32 - 7.5).powi(2) <= 49.0;
            head || ((6..26).contains(&x) && y >= 15)
        });
        let block = Mask::from_fn(bw, bh, |x, y| {
            (21..43).contains(&x) || (21..43).contains(&y)
        });
        match (figure, block) {
            (Ok(figure), Ok(block)) => Shapes::new(figure, block),
            // Both sizes are non-zero constants, the only thing `from_fn` rejects.
            _ => unreachable!("placeholder masks have non-zero sizes"),
        }
    }
}

/// A round token filling the power-up size, for shapes built without the token art.
fn token_placeholder() -> Mask {
    let (w, h) = POWERUP_SIZE;
    let centre = Vec2::new(w as f32, h as f32) * 0.5;
    let r2 = (w.min(h) as f32 * 0.5).powi(2);
    match Mask::from_fn(w, h, |x, y| {
        (Vec2::new(x as f32 + 0.5, y as f32 + 0.5) - centre).length_squared() <= r2
    }) {
        Ok(mask) => mask,
        // The size is a non-zero constant, the only thing `from_fn` rejects.
        Err(_) => unreachable!("the token placeholder has a non-zero size"),
    }
}

/// The centre of a mask's texture, in texels: the pivot blocks spin and tokens wobble about.
pub(super) fn mask_centre(mask: &Mask) -> Vec2 {
    Vec2::new(mask.width() as f32, mask.height() as f32) * 0.5
}

/// The farthest distance from `origin` of any corner of a solid texel.
pub(super) fn solid_radius(mask: &Mask, origin: Vec2) -> f32 {
    let mut r2: f32 = 0.0;
    for rect in mask.cover() {
        let (x0, y0) = (rect.x as f32, rect.y as f32);
        let (x1, y1) = (x0 + rect.w as f32, y0 + rect.h as f32);
        for corner in [
            Vec2::new(x0, y0),
            Vec2::new(x1, y0),
            Vec2::new(x0, y1),
            Vec2::new(x1, y1),
        ] {
            r2 = r2.max(corner.distance_squared(origin));
        }
    }
    r2.sqrt()
}
