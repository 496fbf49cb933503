//! [`PixelMoveAndSlide`]: a kinematic character moved through pixel shapes by the collision crate's
//! exact mover, in the shape of avian's `MoveAndSlide`.

use std::time::Duration;

use avian2d::prelude::{ColliderAabb, Rotation, SpatialQueryFilter};
use bevy::ecs::system::SystemParam;
use bevy::math::Vec2;
use bevy::prelude::Entity;
use pixel_collide::{Body, Moved, Mover, Sprite};

use super::collider::PixelShape;
use super::spatial_query::PixelSpatialQuery;

/// avian's `MoveAndSlide` for pixel shapes: moves a [`PixelShape`] by a velocity for a step through
/// the pixel shapes a [`SpatialQueryFilter`] lets through, sliding along them, standing on floors,
/// stopped by walls and ceilings, climbing steps and following slopes up to the limits of a
/// [`Mover`], and says where it ends and what it met: the crate's own [`Moved`], its obstacles
/// the entities met, its `position` the shape's and its
/// [`slide_velocity`](Moved::slide_velocity) avian's projected velocity.
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
///         player.velocity = out.slide_velocity(player.velocity);
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
    // avian's `MoveAndSlide::move_and_slide` arguments, in its order, and `was_on_floor`.
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
    ) -> Moved<Entity> {
        let still = Moved::unmoved(shape_position, mover.up);
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
        let mut moved = moved.map_obstacles(|i| near[i].0);
        moved.position = shape_position + moved.offset;
        moved
    }
}
