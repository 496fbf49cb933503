//! Sprites: a mask placed in the world by an affine transform, the tutorials' placement and the
//! `Pose` that names its parts.

use glam::{Affine2, DAffine2, DVec2, Vec2};

use crate::geom::Rect;
use crate::mask::Mask;

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
    #[inline]
    pub fn new(mask: &'a Mask, transform: Affine2) -> Self {
        Self { mask, transform }
    }

    /// The shorter side of a texel's parallelogram's two axes, in world units: the scale the
    /// contact queries measure their slack in.
    pub(crate) fn texel_side(&self) -> f32 {
        // In f64: the square of a column as short as 1e-20 underflows an f32 to 0.
        let m = self.transform.matrix2;
        (m.x_axis
            .as_dvec2()
            .length()
            .min(m.y_axis.as_dvec2().length())) as f32
    }

    /// Places `mask` in `pose`, turning and scaling it about `origin`, its pivot in texels: the
    /// placement the README leads with, in which no two parts can be swapped unnoticed.
    ///
    /// ```
    /// use glam::Vec2;
    /// use pixel_collide::{Mask, Pose, Sprite};
    /// let block = Mask::from_fn(8, 8, |_, _| true).unwrap();
    /// // Centred on (100, 50), a quarter turn about its centre.
    /// let s = Sprite::posed(&block, Pose::at(Vec2::new(100.0, 50.0)).rotated(1.5708), Vec2::splat(4.0));
    /// assert!(s.contains_point(Vec2::new(100.0, 50.0)) && !s.contains_point(Vec2::new(105.0, 50.0)));
    /// ```
    pub fn posed(mask: &'a Mask, pose: Pose, origin: Vec2) -> Self {
        Self::new(mask, pose.transform(origin))
    }

    /// The transform's translation, widened to `f64`.
    pub(crate) fn translation_f64(&self) -> DVec2 {
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
    #[inline]
    pub fn bounds(&self) -> Rect {
        let size = Vec2::new(self.mask.width() as f32, self.mask.height() as f32);
        Rect::transformed(&self.transform, size)
    }
}

/// Builds the transform the tutorials use for a sprite: move `origin` (in texels) to the local origin,
/// scale (negative components flip), rotate by `rotation` radians (clockwise on a y-down screen), then
/// move to `position`.
///
/// Three `Vec2`s in a row are easy to pass in the wrong order; [`Sprite::posed`] with a
/// [`Pose`] built by `Pose::at(position).rotated(..).scaled(..)` names each part.
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
    let (sin, cos) = libm::sincosf(angle);
    let ulp = f32::EPSILON * angle.abs().max(1.0);
    if cos.abs() <= ulp {
        (sin.signum(), 0.0)
    } else if sin.abs() <= ulp {
        (0.0, cos.signum())
    } else {
        (sin, cos)
    }
}

/// Where a sprite is at one instant: its pivot's world position, its rotation (radians, clockwise on
/// a y-down screen) and its scale (negative components flip), as [`sprite_transform`] takes them.
///
/// ```
/// use glam::Vec2;
/// use pixel_collide::Pose;
/// let p = Pose::new(Vec2::new(10.0, 0.0), 0.0, Vec2::splat(2.0));
/// assert_eq!(p.transform(Vec2::ZERO).transform_point2(Vec2::ONE), Vec2::new(12.0, 2.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    /// Where the pivot is in the world.
    pub position: Vec2,
    /// The turn about the pivot, in radians.
    pub rotation: f32,
    /// The scale along the mask's own axes.
    pub scale: Vec2,
}

impl Pose {
    /// A pose from its three parts.
    ///
    /// ```
    /// use glam::Vec2;
    /// let p = pixel_collide::Pose::new(Vec2::ZERO, 1.0, Vec2::ONE);
    /// assert_eq!(p.rotation, 1.0);
    /// ```
    pub fn new(position: Vec2, rotation: f32, scale: Vec2) -> Pose {
        Pose {
            position,
            rotation,
            scale,
        }
    }

    /// The pose about the texel origin that places a mask's texels as `t` does, when there is one:
    /// any transform whose columns are at right angles (a turn, a scale along the mask's axes,
    /// flips); `None` for a shear, a degenerate transform or one that is not finite. The one way
    /// every host turns a placement into a pose, so that a motion between two placements turns as
    /// the placements do.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::Pose;
    /// let t = Affine2::from_scale_angle_translation(Vec2::new(2.0, -1.0), 0.5, Vec2::new(3.0, 4.0));
    /// let p = Pose::from_transform(&t).unwrap();
    /// assert!((p.rotation - 0.5).abs() < 1e-6 && (p.scale - Vec2::new(2.0, -1.0)).length() < 1e-6);
    /// assert_eq!(p.position, Vec2::new(3.0, 4.0));
    /// assert!(Pose::from_transform(&Affine2::from_cols_array(&[1.0, 0.0, 1.0, 1.0, 0.0, 0.0])).is_none());
    /// ```
    pub fn from_transform(t: &Affine2) -> Option<Pose> {
        let (rotation, scale) = turn_and_scale(t)?;
        (scale.x != 0.0 && scale.y != 0.0).then(|| Pose::new(t.translation, rotation, scale))
    }

    /// The pose about `pivot` (in texels) that places a mask's texels as `t` does, as
    /// [`from_transform`](Self::from_transform) but keeping a transform that has shrunk to nothing
    /// on an axis (a sprite scaled in from nothing or out to it), as a scale of 0 on that axis:
    /// a [`Motion`](crate::Motion) between two placements starts or ends there.
    pub(crate) fn placing(t: &Affine2, pivot: Vec2) -> Option<Pose> {
        let (rotation, scale) = turn_and_scale(t)?;
        Some(Pose::new(t.transform_point2(pivot), rotation, scale))
    }

    /// An unturned, unscaled pose at `position`.
    ///
    /// ```
    /// use glam::Vec2;
    /// assert_eq!(pixel_collide::Pose::at(Vec2::X).scale, Vec2::ONE);
    /// ```
    pub fn at(position: Vec2) -> Pose {
        Pose::new(position, 0.0, Vec2::ONE)
    }

    /// The same pose turned to `radians` (clockwise on a y-down screen): with [`at`](Self::at) and
    /// [`scaled`](Self::scaled), each part of a pose is named where it is built, so none can be
    /// passed in another's place.
    ///
    /// ```
    /// use glam::Vec2;
    /// use pixel_collide::Pose;
    /// let p = Pose::at(Vec2::new(3.0, 4.0)).rotated(0.5).scaled(Vec2::splat(2.0));
    /// assert_eq!(p, Pose::new(Vec2::new(3.0, 4.0), 0.5, Vec2::splat(2.0)));
    /// ```
    pub fn rotated(self, radians: f32) -> Pose {
        Pose {
            rotation: radians,
            ..self
        }
    }

    /// The same pose with `scale` along the mask's own axes (negative components flip).
    ///
    /// ```
    /// use glam::Vec2;
    /// assert_eq!(pixel_collide::Pose::at(Vec2::ZERO).scaled(-Vec2::X).scale, -Vec2::X);
    /// ```
    pub fn scaled(self, scale: Vec2) -> Pose {
        Pose { scale, ..self }
    }

    /// The pose a fraction `t` of the way to `to`, each part interpolated linearly; exactly `self` at
    /// 0 and exactly `to` at 1.
    ///
    /// ```
    /// use glam::Vec2;
    /// use pixel_collide::Pose;
    /// let (a, b) = (Pose::at(Vec2::ZERO), Pose::new(Vec2::new(4.0, 0.0), 2.0, Vec2::splat(3.0)));
    /// assert_eq!(a.lerp(&b, 0.5), Pose::new(Vec2::new(2.0, 0.0), 1.0, Vec2::splat(2.0)));
    /// assert_eq!(a.lerp(&b, 1.0), b);
    /// ```
    pub fn lerp(&self, to: &Pose, t: f32) -> Pose {
        // `a * (1 - t) + b * t` rather than `a + (b - a) * t`: the latter can miss `b` at t = 1. A
        // part that does not change stays exactly as it is, so a slide keeps its edges on the grid.
        let mix = |a: f32, b: f32| if a == b { a } else { a * (1.0 - t) + b * t };
        let mix2 = |a: Vec2, b: Vec2| Vec2::new(mix(a.x, b.x), mix(a.y, b.y));
        Pose {
            position: mix2(self.position, to.position),
            rotation: mix(self.rotation, to.rotation),
            scale: mix2(self.scale, to.scale),
        }
    }

    /// The transform that places a mask whose pivot is at `origin` (texels) in this pose.
    ///
    /// ```
    /// use glam::Vec2;
    /// let t = pixel_collide::Pose::at(Vec2::new(5.0, 5.0)).transform(Vec2::splat(1.0));
    /// assert_eq!(t.transform_point2(Vec2::splat(1.0)), Vec2::new(5.0, 5.0));
    /// ```
    pub fn transform(&self, origin: Vec2) -> Affine2 {
        sprite_transform(self.position, self.rotation, self.scale, origin)
    }

    pub(crate) fn is_finite(&self) -> bool {
        self.position.is_finite() && self.rotation.is_finite() && self.scale.is_finite()
    }
}

/// The turn and the scale along the mask's axes that `t`'s columns are, when they are at right
/// angles: a column of length 0 is a scale of 0 on its axis, turned as the other column says.
/// `None` for a shear or a transform that is not finite.
fn turn_and_scale(t: &Affine2) -> Option<(f32, Vec2)> {
    let (c0, c1) = (t.matrix2.x_axis, t.matrix2.y_axis);
    let (sx, sy) = (c0.length(), c1.length());
    // Columns within a millionth of a right angle: what `f32` keeps of a turn times a scale.
    if !(t.is_finite() && sx.is_finite() && sy.is_finite()) || c0.dot(c1).abs() > 1e-6 * sx * sy {
        return None;
    }
    Some(if sx > 0.0 {
        (c0.y.atan2(c0.x), Vec2::new(sx, c0.perp_dot(c1) / sx))
    } else if sy > 0.0 {
        ((-c1.x).atan2(c1.y), Vec2::new(0.0, sy))
    } else {
        (0.0, Vec2::ZERO)
    })
}

/// Widens a transform to `f64`.
pub(crate) fn to_f64(t: &Affine2) -> DAffine2 {
    DAffine2::from_cols(
        t.matrix2.x_axis.as_dvec2(),
        t.matrix2.y_axis.as_dvec2(),
        t.translation.as_dvec2(),
    )
}
