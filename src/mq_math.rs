//! The world's vectors and transforms (glam 0.32, pixel-collide's and the sim's) as macroquad's
//! (glam 0.27), and back: the same `f32`s, converted where drawing and input meet the world.

use glam::{Affine2, Vec2};
use macroquad::math as mq;

/// A world value as macroquad's: `v.mq()` where a draw call wants it.
pub trait ToMq {
    /// The macroquad type with the same components.
    type Mq;
    /// The same components in macroquad's type.
    fn mq(self) -> Self::Mq;
}

/// A macroquad value as the world's: `p.glam()` where input or a screen position meets the sim.
pub trait ToGlam {
    /// The world's type with the same components.
    type Glam;
    /// The same components in the world's type.
    fn glam(self) -> Self::Glam;
}

impl ToMq for Vec2 {
    type Mq = mq::Vec2;
    fn mq(self) -> mq::Vec2 {
        mq::Vec2::from_array(self.to_array())
    }
}

impl ToMq for Affine2 {
    type Mq = mq::Affine2;
    fn mq(self) -> mq::Affine2 {
        mq::Affine2::from_cols_array(&self.to_cols_array())
    }
}

impl ToGlam for mq::Vec2 {
    type Glam = Vec2;
    fn glam(self) -> Vec2 {
        Vec2::from_array(self.to_array())
    }
}

impl ToGlam for mq::Affine2 {
    type Glam = Affine2;
    fn glam(self) -> Affine2 {
        Affine2::from_cols_array(&self.to_cols_array())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_affine_crosses_both_ways_with_every_component() {
        let a = Affine2::from_cols_array(&[1.5, -0.25, 0.75, 2.0, -3.5, 9.0]);
        assert_eq!(a.mq().to_cols_array(), a.to_cols_array());
        assert_eq!(a.mq().glam(), a);
        let v = Vec2::new(-1.25, 7.5);
        assert_eq!(v.mq().glam(), v);
        assert_eq!(v.mq().x, v.x);
    }
}
