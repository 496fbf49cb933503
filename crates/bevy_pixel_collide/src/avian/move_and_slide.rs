//! [`PixelMoveAndSlide`]: a kinematic character moved through pixel shapes by the collision crate's
//! exact mover, in the shape of avian's `MoveAndSlide`.

use std::time::Duration;

use avian2d::prelude::{ColliderAabb, Rotation, SpatialQueryFilter};
use bevy::ecs::system::SystemParam;
use bevy::math::Vec2;
use bevy::prelude::Entity;
use pixel_collide::{Body, ContactKind, Mover, Sprite};

use super::collider::PixelShape;
use super::spatial_query::PixelSpatialQuery;

/// avian's `MoveAndSlide` for pixel shapes: moves a [`PixelShape`] by a velocity for a step through
/// the pixel shapes a [`SpatialQueryFilter`] lets through, sliding along them, standing on floors,
/// stopped by walls and ceilings, climbing steps and following slopes up to the limits of a
/// [`Mover`], and says where it ends and what it met.
///
/// Every leg of the move is swept with the collision crate's exact time of impact and backed out
/// to the first place of contact ([`Mover::move_and_slide`]), so the character never ends a step
/// inside a shape and never passes through one, however fast: no skin width, depenetration passes
/// or iteration counts to tune. The mover's `up` is the world's (`Vec2::Y` in Bevy; see
/// [`PixelMoveAndSlide::mover_for_height`]). A primitive shape takes part as the mask it is drawn
/// into, as everywhere pixel shapes meet.
///
/// ```
/// use std::time::Duration;
/// use avian2d::prelude::*;
/// use bevy::prelude::*;
/// use bevy_pixel_collide::avian::{PixelMoveAndSlide, PixelShape};
///
/// #[derive(Component, Default)]
/// struct Player { velocity: Vec2, on_floor: bool }
///
/// // The character's `Transform` is written (avian copies it to the body), so that its own
/// // `Position` stays readable by the moves of other characters.
/// fn walk(mover: PixelMoveAndSlide, mut players: Query<(Entity, &PixelShape, &mut Transform, &mut Player)>) {
///     let tuning = PixelMoveAndSlide::mover_for_height(24.0);
///     for (entity, shape, mut transform, mut player) in &mut players {
///         player.velocity.y -= 900.0 / 60.0;
///         let filter = SpatialQueryFilter::from_excluded_entities([entity]);
///         let turn = transform.rotation.to_euler(EulerRot::XYZ).2;
///         let out = mover.move_and_slide(shape, transform.translation.xy(), turn, player.velocity,
///             Duration::from_secs_f32(1.0 / 60.0), &tuning, player.on_floor, &filter);
///         transform.translation = out.position.extend(transform.translation.z);
///         player.velocity = out.projected_velocity;
///         player.on_floor = out.on_floor;
///     }
/// }
/// # bevy::ecs::system::assert_is_system(walk);
/// ```
#[derive(SystemParam)]
pub struct PixelMoveAndSlide<'w, 's> {
    /// The spatial queries the moves are made through.
    pub spatial_query: PixelSpatialQuery<'w, 's>,
}

/// What a [`PixelMoveAndSlide`] move met.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PixelMoveContact {
    /// The pixel shape met.
    pub entity: Entity,
    /// A world point inside both, a hair before the character was backed out.
    pub point: Vec2,
    /// A unit normal pointing from the shape met towards the character.
    pub normal: Vec2,
    /// A floor, a step climbed, a wall or a ceiling.
    pub kind: ContactKind,
}

/// Where a [`PixelMoveAndSlide`] move ended and what it met.
#[derive(Clone, Debug, PartialEq)]
pub struct PixelMoveAndSlideOutput {
    /// Where the character's position ends.
    pub position: Vec2,
    /// The velocity with what the contacts stopped taken out: its part into a floor it stands on,
    /// into a ceiling it met and into a wall it met (for the next step).
    pub projected_velocity: Vec2,
    /// The contacts met, in order.
    pub contacts: Vec<PixelMoveContact>,
    /// Whether it stands on a floor (or climbed a step) after the move.
    pub on_floor: bool,
    /// Whether it met a wall.
    pub on_wall: bool,
    /// Whether it met a ceiling.
    pub on_ceiling: bool,
    /// The normal of the last floor it stood on.
    pub floor_normal: Option<Vec2>,
    /// True when it started inside a shape it could not be pushed out of; it was left where it was.
    pub stuck: bool,
}

impl PixelMoveAndSlide<'_, '_> {
    /// The crate's mover tuning for a character `height` world units tall, standing up along
    /// Bevy's `+y`.
    pub fn mover_for_height(height: f32) -> Mover {
        Mover {
            up: Vec2::Y,
            ..Mover::for_height(height)
        }
    }

    /// Moves `shape` at `shape_position`, turned by `shape_rotation` radians, by `velocity` for
    /// `delta_time` through the pixel shapes `filter` lets through (leave the character's own
    /// entity out), as `mover` says; `was_on_floor` is whether it stood after its last move (and has
    /// not jumped since), which lets it climb steps and snap down slopes.
    #[allow(clippy::too_many_arguments)]
    #[must_use]
    pub fn move_and_slide(
        &self,
        shape: &PixelShape,
        shape_position: Vec2,
        shape_rotation: f32,
        velocity: Vec2,
        delta_time: Duration,
        mover: &Mover,
        was_on_floor: bool,
        filter: &SpatialQueryFilter,
    ) -> PixelMoveAndSlideOutput {
        let still = PixelMoveAndSlideOutput {
            position: shape_position,
            projected_velocity: velocity,
            contacts: Vec::new(),
            on_floor: false,
            on_wall: false,
            on_ceiling: false,
            floor_normal: None,
            stuck: false,
        };
        let placed = shape.placed(shape_position, Rotation::radians(shape_rotation));
        let Some(body) = placed.and_then(Body::from_sprite) else {
            return still;
        };
        let motion = velocity * delta_time.as_secs_f32();
        let motion = if motion.is_finite() {
            motion
        } else {
            Vec2::ZERO
        };
        // Everything the move can reach: the body's bounds along the motion, grown by the steps
        // it may climb and the snap that may pull it down.
        let bounds = body.sprite().bounds();
        let grow = Vec2::splat(mover.step_height.max(0.0) + mover.snap_distance.max(0.0) + 2.0);
        let (lo, hi) = (
            bounds.min.min(bounds.min + motion) - grow,
            bounds.max.max(bounds.max + motion) + grow,
        );
        if !(lo.is_finite() && hi.is_finite()) {
            return still;
        }
        let near = self
            .spatial_query
            .sprites_near(ColliderAabb::from_min_max(lo, hi), filter);
        let world: Vec<Sprite<'_>> = near.iter().map(|(_, s)| *s).collect();
        let moved = mover.move_and_slide(body, world.as_slice(), motion, was_on_floor);
        PixelMoveAndSlideOutput {
            position: shape_position + moved.offset,
            projected_velocity: moved.slide_velocity(velocity),
            contacts: moved
                .contacts
                .iter()
                .map(|c| PixelMoveContact {
                    entity: near[c.obstacle].0,
                    point: c.point,
                    normal: c.normal,
                    kind: c.kind,
                })
                .collect(),
            on_floor: moved.on_floor,
            on_wall: moved.on_wall,
            on_ceiling: moved.on_ceiling,
            floor_normal: moved.floor_normal,
            stuck: moved.stuck,
        }
    }
}
