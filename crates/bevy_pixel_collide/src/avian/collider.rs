//! The physics collider component: a pixel mask or one of avian's primitive shapes, and where its
//! texels lie in the body's local space.

use std::sync::Arc;

use avian2d::prelude::{Collider, Rotation};
use bevy::math::{Affine2, Mat2, Rect, URect, Vec2};
use bevy::prelude::*;
use pixel_collide::{Circle, Mask, TexelMoments};

use crate::collider::PixelCollider;

/// Texels along the longer side of the mask a primitive shape is drawn into, to meet pixel masks.
pub(crate) const PRIMITIVE_TEXELS: f32 = 64.0;

/// An avian collider on exact pixel shapes: a mask (from the entity's sprite image, or a [`Mask`]
/// with a texel size) or a circle, rectangle, capsule or convex polygon, all in one collider type so
/// that they meet.
///
/// Masks collide on their solid texels exactly, with the contacts of
/// [`pixel_collide::contact_manifold`]: the push-out depth, one or two points along the contact, the
/// texels they lie on as feature ids. A mask that is a filled circle's raster
/// ([`Mask::fitted_circle`], placed without shear or uneven scale) meets other shapes as that
/// circle (its texels again where the circle's centre has sunk into the other's), so that a round
/// sprite rolls as a wheel rather than as the polygon of its texels' corners;
/// [`with_texel_contacts`](Self::with_texel_contacts) keeps its texels instead, for a gear whose
/// teeth are shallower than the fit's tolerance, say. Mass, centre of mass and angular inertia are
/// summed exactly over the texels. Two primitives collide as avian's own shapes do; a primitive
/// meets a mask as its shape drawn into a mask of [`PRIMITIVE_TEXELS`](Self::PRIMITIVE_TEXELS)
/// texels along its longer side (exact for rectangles). The entity's [`PixelCollider`] follows the same texels, so that
/// [`PixelQueries`](crate::PixelQueries) and the collision messages see these colliders too.
///
/// Needs [`PixelPhysicsPlugin`](super::PixelPhysicsPlugin).
///
/// ```
/// use avian2d::prelude::*;
/// use bevy::prelude::*;
/// use bevy_pixel_collide::avian::PixelShape;
/// use bevy_pixel_collide::pixel_collide::Mask;
///
/// fn spawn(mut commands: Commands, assets: Res<AssetServer>) {
///     // Ground from a sprite's alpha, a crate from a mask with 2 x 2 unit texels, a round wheel.
///     commands.spawn((RigidBody::Static, Sprite::from_image(assets.load("ground.png")), PixelShape::from_sprite()));
///     let crate_mask = Mask::from_fn(8, 8, |_, _| true).unwrap();
///     commands.spawn((RigidBody::Dynamic, PixelShape::from_mask(crate_mask, Vec2::splat(2.0)), Transform::from_xyz(0.0, 100.0, 0.0)));
///     commands.spawn((RigidBody::Dynamic, PixelShape::circle(12.0), Transform::from_xyz(40.0, 100.0, 0.0)));
/// }
/// # bevy::ecs::system::assert_is_system(spawn);
/// ```
#[derive(Component, Clone, Debug)]
#[require(PixelCollider)]
pub struct PixelShape {
    pub(crate) source: Source,
    /// The body's scale (from its `Transform`), applied to the texels and the primitive alike.
    pub(crate) scale: Vec2,
    /// Texels of the mask edited since the bodies near them were last woken, in texel space; the
    /// whole mask when it was replaced.
    pub(crate) pending_wake: Option<URect>,
    /// What is wrong with this collider's input, once a warning has said so (it is said once).
    pub(crate) skipped: Option<&'static str>,
    /// Whether a mask that is a circle's raster meets other shapes on its texels, not as the circle.
    pub(crate) texel_contacts: bool,
}

/// Where a shape's texels come from.
#[derive(Clone, Debug)]
pub(crate) enum Source {
    /// The mask of the entity's sprite image, copied from its [`PixelCollider`] once built.
    Sprite {
        /// The threshold the shape sets on the collider; `None` keeps the collider's own.
        alpha_threshold: Option<u8>,
        mask: Option<MaskShape>,
    },
    /// A mask given with its texel size.
    Mask(MaskShape),
    /// One of avian's primitive shapes, with the mask it is drawn into to meet pixel masks.
    Primitive {
        collider: Box<Collider>,
        raster: MaskShape,
    },
}

/// A mask, where its texels lie in the unscaled local space, its texels' moments and the circle it
/// is a raster of, if any.
#[derive(Clone, Debug)]
pub(crate) struct MaskShape {
    pub(crate) mask: Arc<Mask>,
    pub(crate) texel_to_local: Affine2,
    pub(crate) moments: TexelMoments,
    /// The circle the mask is a raster of, in the unscaled local space.
    pub(crate) circle: Option<Circle>,
    /// How far the solid texels reach from their centre of mass, in the unscaled local space: the
    /// radius a turn about that centre sweeps.
    pub(crate) reach_from_centre: f32,
    /// The corners of the solid texels' convex hull, in the unscaled local space: a turned shape's
    /// tight bounding box is theirs (its texels' rectangle turned boxes up to twice the area, and
    /// every box overlap is a pair for avian's narrow phase).
    pub(crate) hull: Vec<Vec2>,
}

impl MaskShape {
    pub(crate) fn new(mask: Arc<Mask>, texel_to_local: Affine2) -> Self {
        // Contacts every step: the walks over a cover of rectangles refine no bit blocks.
        mask.build_tree_for_contacts();
        let mut shape = Self {
            mask,
            texel_to_local,
            moments: TexelMoments::default(),
            circle: None,
            reach_from_centre: 0.0,
            hull: Vec::new(),
        };
        shape.measure();
        shape
    }

    /// Measures the texels' moments and the circle they are a raster of, after the mask changed.
    pub(crate) fn measure(&mut self) {
        self.moments = self.mask.moments();
        self.hull = self
            .mask
            .convex_hull()
            .into_iter()
            .map(|c| self.texel_to_local.transform_point2(c))
            .collect();
        let centre = self.moments.placed(self.texel_to_local).center;
        self.reach_from_centre = self.mask.solid_bounds().map_or(0.0, |b| {
            let (lo, hi) = (
                Vec2::new(b.x as f32, b.y as f32),
                Vec2::new((b.x + b.w) as f32, (b.y + b.h) as f32),
            );
            [lo, hi, Vec2::new(lo.x, hi.y), Vec2::new(hi.x, lo.y)]
                .map(|c| self.texel_to_local.transform_point2(c).distance(centre))
                .into_iter()
                .fold(0.0, f32::max)
        });
        let (x, y) = (self.texel_to_local.x_axis, self.texel_to_local.y_axis);
        // Only a placement without shear or uneven scale keeps a circle a circle, and one of no
        // size collides with nothing.
        let even = evenly(x.length(), y.length()) && x.dot(y).abs() <= 1e-5 * x.length_squared();
        let sized = x.length() > 0.0 && self.texel_to_local.is_finite();
        self.circle = self
            .mask
            .fitted_circle()
            .filter(|_| even && sized)
            .map(|c| {
                Circle::new(
                    self.texel_to_local.transform_point2(c.center),
                    c.radius * x.length(),
                )
            });
    }
}

/// Whether two lengths are the same up to rounding (a scale taken apart from a turned parent's
/// transform differs in its last bits).
fn evenly(a: f32, b: f32) -> bool {
    (a - b).abs() <= 1e-5 * a.abs().max(b.abs())
}

/// The transform from texels (x right, y down) of a `size` mask with texels of `texel_size` to a
/// local space (y up) centred on the mask, as a sprite of it is drawn.
fn centred(size: Vec2, texel_size: Vec2) -> Affine2 {
    Affine2::from_scale(texel_size * Vec2::new(1.0, -1.0)) * Affine2::from_translation(-size / 2.0)
}

impl PixelShape {
    /// Texels along the longer side of the mask a circle or capsule is drawn into where it meets a
    /// pixel mask.
    pub const PRIMITIVE_TEXELS: f32 = PRIMITIVE_TEXELS;

    fn with_source(source: Source) -> Self {
        Self {
            source,
            scale: Vec2::ONE,
            pending_wake: None,
            skipped: None,
            texel_contacts: false,
        }
    }

    /// Contacts on the mask's texels even where the mask is a circle's raster: a round sprite then
    /// rolls as the polygon of its texels' corners, knocking on each.
    pub fn with_texel_contacts(mut self) -> Self {
        self.texel_contacts = true;
        self
    }

    /// The circle this mask shape meets other shapes as, in the entity's local space, the body's
    /// scale included: `None` for a mask that is no circle's raster, one placed
    /// with shear or uneven scale, one made [`with_texel_contacts`](Self::with_texel_contacts), or a
    /// primitive.
    pub fn fitted_circle(&self) -> Option<Circle> {
        if self.texel_contacts || self.primitive_collider().is_some() {
            return None;
        }
        let circle = self.mask_shape()?.circle?;
        let scale = self.scale.abs();
        let radius = circle.radius * scale.x;
        (evenly(scale.x, scale.y) && radius > 0.0)
            .then(|| Circle::new(circle.center * self.scale, radius))
    }

    /// The solid texels of the entity's `Sprite`, placed as the sprite is drawn: those whose alpha is
    /// above its [`PixelCollider`]'s threshold (any alpha above 0 unless the collider says otherwise).
    pub fn from_sprite() -> Self {
        Self::with_source(Source::Sprite {
            alpha_threshold: None,
            mask: None,
        })
    }

    /// The texels of the entity's `Sprite` whose alpha is above `threshold`, which this shape sets on
    /// the entity's [`PixelCollider`].
    pub fn from_sprite_with_alpha_threshold(threshold: u8) -> Self {
        Self::with_source(Source::Sprite {
            alpha_threshold: Some(threshold),
            mask: None,
        })
    }

    /// `mask` with texels of `texel_size` world units, centred on the entity, its rows running down
    /// the screen as an image's do.
    pub fn from_mask(mask: impl Into<Arc<Mask>>, texel_size: Vec2) -> Self {
        let mask = mask.into();
        let size = Vec2::new(mask.width() as f32, mask.height() as f32);
        Self::with_source(Source::Mask(MaskShape::new(
            mask,
            centred(size, texel_size),
        )))
    }

    /// `mask` placed by `texel_to_local`, from its texels (x right, y down) to the entity's local
    /// space.
    pub fn from_mask_placed(mask: impl Into<Arc<Mask>>, texel_to_local: Affine2) -> Self {
        Self::with_source(Source::Mask(MaskShape::new(mask.into(), texel_to_local)))
    }

    /// A circle of `radius` about the entity's origin.
    pub fn circle(radius: f32) -> Self {
        let r = radius.abs();
        Self::primitive(Collider::circle(radius), Vec2::splat(r), |p| {
            p.length_squared() < r * r
        })
    }

    /// A `width` x `height` rectangle centred on the entity's origin.
    pub fn rectangle(width: f32, height: f32) -> Self {
        let half = Vec2::new(width.abs(), height.abs()) / 2.0;
        Self::primitive(Collider::rectangle(width, height), half, |_| true)
    }

    /// A capsule along the y axis: a segment of `length` between the centres of its two round ends
    /// of `radius`, centred on the entity's origin.
    pub fn capsule(radius: f32, length: f32) -> Self {
        let (r, half_len) = (radius.abs(), length.abs() / 2.0);
        Self::primitive(
            Collider::capsule(radius, length),
            Vec2::new(r, r + half_len),
            |p| {
                let q = Vec2::new(p.x, p.y.abs() - half_len.min(p.y.abs()));
                q.length_squared() < r * r
            },
        )
    }

    /// The convex hull of `points` about the entity's origin, as avian's `Collider::convex_hull`
    /// makes it; `None` when the points have no hull with area (fewer than three off one line, or
    /// not finite).
    ///
    /// ```
    /// use bevy::math::Vec2;
    /// use bevy_pixel_collide::avian::PixelShape;
    /// let wedge = PixelShape::convex_hull(vec![Vec2::ZERO, Vec2::new(8.0, 0.0), Vec2::new(0.0, 6.0)]);
    /// assert!(wedge.is_some());
    /// assert!(PixelShape::convex_hull(vec![Vec2::ZERO, Vec2::X]).is_none());
    /// ```
    pub fn convex_hull(points: Vec<Vec2>) -> Option<Self> {
        if !points.iter().all(|p| p.is_finite()) {
            return None;
        }
        Self::convex(Collider::convex_hull(points)?)
    }

    /// Any convex collider of avian's (a circle, box, capsule, segment, triangle or polygon,
    /// rounded or not) as a primitive shape; `None` for another shape or one with no area.
    pub(crate) fn convex(collider: Collider) -> Option<Self> {
        let (corners, radius) = super::convex::corners_of(&collider)?;
        let reach = corners.iter().fold(Vec2::ZERO, |m, c| m.max(c.abs()));
        let half = reach + Vec2::splat(radius);
        if !(half.is_finite() && half.min_element() > 0.0) {
            return None;
        }
        let inside = |p: Vec2| collider.contains_point(Vec2::ZERO, Rotation::IDENTITY, p);
        let raster = Self::raster(half, inside);
        Some(Self::with_source(Source::Primitive {
            collider: Box::new(collider),
            raster,
        }))
    }

    /// A primitive with half extents `half`, drawn into a mask by testing each texel's centre
    /// (local coordinates) with `inside`.
    fn primitive(collider: Collider, half: Vec2, inside: impl Fn(Vec2) -> bool) -> Self {
        let raster = Self::raster(half, inside);
        Self::with_source(Source::Primitive {
            collider: Box::new(collider),
            raster,
        })
    }

    /// The mask a primitive with half extents `half` is drawn into: square texels,
    /// [`PRIMITIVE_TEXELS`] along the longer side, each solid where `inside` holds its centre.
    fn raster(half: Vec2, inside: impl Fn(Vec2) -> bool) -> MaskShape {
        let longer = half.x.max(half.y);
        let texels = if half.x == half.y || half.min_element() <= 0.0 {
            UVec2::splat(PRIMITIVE_TEXELS as u32)
        } else {
            // Square texels, at least one across the shorter side.
            (half / longer * PRIMITIVE_TEXELS)
                .ceil()
                .max(Vec2::ONE)
                .as_uvec2()
        };
        let texel_size = if half.is_finite() && longer > 0.0 {
            2.0 * half / texels.as_vec2()
        } else {
            Vec2::ZERO
        };
        let to_local = centred(texels.as_vec2(), texel_size);
        let mask = Mask::from_fn(texels.x, texels.y, |x, y| {
            inside(to_local.transform_point2(Vec2::new(x as f32 + 0.5, y as f32 + 0.5)))
        })
        .expect("a mask of at most 64 x 64 texels");
        MaskShape::new(Arc::new(mask), to_local)
    }

    /// The mask this shape collides with against pixel masks and its placement in the unscaled
    /// local space; `None` for a sprite's shape until the image is loaded.
    pub(crate) fn mask_shape(&self) -> Option<&MaskShape> {
        match &self.source {
            Source::Sprite { mask, .. } => mask.as_ref(),
            Source::Mask(shape) => Some(shape),
            Source::Primitive { raster, .. } => Some(raster),
        }
    }

    /// The avian primitive this shape is, if it is one.
    pub(crate) fn primitive_collider(&self) -> Option<&Collider> {
        match &self.source {
            Source::Primitive { collider, .. } => Some(collider),
            _ => None,
        }
    }

    /// The mask of solid texels (for a primitive, the mask it is drawn into); `None` for a
    /// sprite's shape until its image is loaded.
    pub fn mask(&self) -> Option<&Mask> {
        self.mask_shape().map(|s| &*s.mask)
    }

    /// The transform from mask texels (x right, y down) to the entity's local space, the body's
    /// scale included.
    pub fn texel_to_local(&self) -> Option<Affine2> {
        self.mask_shape()
            .map(|s| Affine2::from_scale(self.scale) * s.texel_to_local)
    }

    /// The transform from mask texels to the world for a body at `position` turned by `rotation`
    /// (avian's `Position` and `Rotation`).
    pub fn texel_to_world(&self, position: Vec2, rotation: Rotation) -> Option<Affine2> {
        Some(body_affine(position, rotation) * self.texel_to_local()?)
    }

    /// The mask placed in the world for a body at `position` turned by `rotation`.
    pub(crate) fn placed(
        &self,
        position: Vec2,
        rotation: Rotation,
    ) -> Option<pixel_collide::Sprite<'_>> {
        let shape = self.mask_shape()?;
        let to_world = body_affine(position, rotation) * Affine2::from_scale(self.scale);
        Some(pixel_collide::Sprite::new(
            &shape.mask,
            to_world * shape.texel_to_local,
        ))
    }

    /// Changes the mask of a shape made [`from_mask`](Self::from_mask) in place (carving a crater,
    /// adding earth): the contacts change on the next physics step and sleeping bodies resting
    /// within `texels` (the texel rectangle the edit may touch; `None` for anywhere) wake up.
    /// Returns `false`, changing nothing, for a sprite's or a primitive's shape, whose texels come
    /// from elsewhere (edit a sprite's image instead).
    pub fn edit_mask(&mut self, texels: Option<URect>, edit: impl FnOnce(&mut Mask)) -> bool {
        let Source::Mask(shape) = &mut self.source else {
            return false;
        };
        let was_circle = shape.circle.is_some();
        edit(Arc::make_mut(&mut shape.mask));
        shape.measure();
        let all = URect::new(0, 0, shape.mask.width(), shape.mask.height());
        // A mask that became a circle's raster, or stopped being one, meets the world differently
        // all round its rim.
        let touched = match texels {
            Some(r) if was_circle == shape.circle.is_some() => r.intersect(all),
            _ => all,
        };
        self.pending_wake = Some(match self.pending_wake {
            Some(before) => before.union(touched),
            None => touched,
        });
        true
    }

    /// Why this collider collides with nothing, once a warning has said so: a position or rotation
    /// that is not finite, a zero texel size or scale, a mask without a solid texel, or a sprite
    /// image that gives no mask.
    pub fn skipped(&self) -> Option<&'static str> {
        self.skipped
    }

    /// The world rectangle holding the solid texels at `position` and `rotation`: their convex
    /// hull's bounding box, as tight as the texels allow under any turn.
    pub fn world_bounds(&self, position: Vec2, rotation: Rotation) -> Option<Rect> {
        let shape = self.mask_shape()?;
        let to_world = body_affine(position, rotation) * Affine2::from_scale(self.scale);
        let mut corners = shape.hull.iter().map(|&c| to_world.transform_point2(c));
        let first = corners.next()?;
        Some(corners.fold(Rect::from_corners(first, first), |r, c| r.union_point(c)))
    }
}

/// The world rectangle holding the texels of `texels` placed by `to_world`.
pub(crate) fn texel_rect_to_world(to_world: Affine2, texels: URect) -> Rect {
    let (lo, hi) = (texels.min.as_vec2(), texels.max.as_vec2());
    let corners = [lo, Vec2::new(hi.x, lo.y), Vec2::new(lo.x, hi.y), hi]
        .map(|c| to_world.transform_point2(c));
    let mut rect = Rect::from_corners(corners[0], corners[0]);
    for c in &corners[1..] {
        rect = rect.union_point(*c);
    }
    rect
}

/// The body's placement as an affine transform.
pub(crate) fn body_affine(position: Vec2, rotation: Rotation) -> Affine2 {
    Affine2::from_mat2_translation(
        Mat2::from_cols(
            Vec2::new(rotation.cos, rotation.sin),
            Vec2::new(-rotation.sin, rotation.cos),
        ),
        position,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn disc(diameter: u32) -> Mask {
        let r = diameter as f32 / 2.0;
        Mask::from_fn(diameter, diameter, |x, y| {
            Vec2::new(x as f32 + 0.5 - r, y as f32 + 0.5 - r).length_squared() < r * r
        })
        .unwrap()
    }

    #[test]
    fn a_turned_round_mask_has_bounds_as_tight_as_its_texels_hull() {
        let wheel = PixelShape::from_mask(disc(32), Vec2::ONE);
        let turned = wheel
            .world_bounds(Vec2::ZERO, Rotation::degrees(45.0))
            .unwrap();
        // The texels' 32 x 32 rectangle turned by 45 degrees is 45.3 wide; the disc itself 32.
        assert!(
            turned.width() < 33.0 && turned.height() < 33.0,
            "{turned:?}"
        );
        // Every solid texel's corners lie inside.
        let to_world = wheel
            .texel_to_world(Vec2::ZERO, Rotation::degrees(45.0))
            .unwrap();
        for y in 0..32 {
            for x in 0..32 {
                if wheel.mask().unwrap().is_solid(x, y) {
                    for c in [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)] {
                        let p = to_world.transform_point2(Vec2::new(c.0 as f32, c.1 as f32));
                        assert!(turned.inflate(1e-3).contains(p), "{p} outside {turned:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn an_edit_that_makes_or_unmakes_a_circle_wakes_the_whole_rim() {
        let mut wheel = PixelShape::from_mask(disc(32), Vec2::ONE);
        assert!(wheel.fitted_circle().is_some());
        // A small edit inside: still a circle, only its texels wake.
        let inside = URect::new(15, 15, 17, 17);
        wheel.edit_mask(Some(inside), |m| m.set(16, 16, false));
        assert!(wheel.fitted_circle().is_none(), "a hole is no circle");
        assert_eq!(wheel.pending_wake, Some(URect::new(0, 0, 32, 32)));
        wheel.pending_wake = None;
        // Mending it makes it a circle again: the whole rim changes once more.
        wheel.edit_mask(Some(inside), |m| m.set(16, 16, true));
        assert!(wheel.fitted_circle().is_some());
        assert_eq!(wheel.pending_wake, Some(URect::new(0, 0, 32, 32)));
        wheel.pending_wake = None;
        // An edit that leaves it a circle wakes only where it was made.
        let rim = URect::new(0, 15, 1, 17);
        wheel.edit_mask(Some(rim), |m| m.set(0, 16, !m.is_solid(0, 16)));
        assert!(wheel.fitted_circle().is_some());
        assert_eq!(wheel.pending_wake, Some(rim));
    }
}
