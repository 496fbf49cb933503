//! Destructible ground: when a shape's texels change under bodies that sleep on it, they wake, so
//! that the next step's contacts (which avian computes only for awake bodies) see the new ground.

use avian2d::prelude::{ColliderAabb, ColliderOf, Position, Rotation, Sleeping, WakeBody};
use bevy::prelude::*;

use super::collider::{PixelShape, texel_rect_to_world};

/// How far past the edited texels (in texels of the edited mask) a sleeping body still wakes: a
/// body resting on the ground sits within its contact tolerance of it, never this far.
const WAKE_MARGIN_TEXELS: f32 = 2.0;

/// Wakes the sleeping bodies whose bounding boxes reach the texels edited since the last run, then
/// forgets the edit.
pub(crate) fn wake_on_edit(
    mut shapes: Query<(
        Entity,
        &mut PixelShape,
        Option<&Position>,
        Option<&Rotation>,
    )>,
    colliders: Query<(Entity, &ColliderAabb, &ColliderOf)>,
    sleeping: Query<(), With<Sleeping>>,
    mut commands: Commands,
) {
    for (entity, mut shape, position, rotation) in &mut shapes {
        let Some(texels) = shape.pending_wake else {
            continue;
        };
        shape.bypass_change_detection().pending_wake = None;
        let (Some(position), Some(rotation)) = (position, rotation) else {
            continue;
        };
        let Some(to_world) = shape.texel_to_world(position.0, *rotation) else {
            continue;
        };
        let texel = to_world
            .matrix2
            .x_axis
            .length()
            .max(to_world.matrix2.y_axis.length());
        let region = texel_rect_to_world(to_world, texels).inflate(WAKE_MARGIN_TEXELS * texel);
        if !(region.min.is_finite() && region.max.is_finite()) {
            continue;
        }
        wake_within(entity, region, &colliders, &sleeping, &mut commands);
    }
}

/// Queues a wake-up for every sleeping body with a collider (other than `except`) whose bounding
/// box reaches `region`.
fn wake_within(
    except: Entity,
    region: Rect,
    colliders: &Query<(Entity, &ColliderAabb, &ColliderOf)>,
    sleeping: &Query<(), With<Sleeping>>,
    commands: &mut Commands,
) {
    for (other, aabb, of) in colliders {
        let overlaps = aabb.min.x <= region.max.x
            && aabb.max.x >= region.min.x
            && aabb.min.y <= region.max.y
            && aabb.max.y >= region.min.y;
        if other != except && overlaps && sleeping.contains(of.body) {
            commands.queue(WakeBody(of.body));
        }
    }
}

/// When a shape is removed or despawned, wakes the bodies sleeping against it, which avian 0.7
/// leaves hanging in the air.
pub(crate) fn wake_on_remove(
    removed: On<Remove, PixelShape>,
    aabbs: Query<&ColliderAabb>,
    colliders: Query<(Entity, &ColliderAabb, &ColliderOf)>,
    sleeping: Query<(), With<Sleeping>>,
    mut commands: Commands,
) {
    let Ok(aabb) = aabbs.get(removed.entity) else {
        return;
    };
    let region = Rect::from_corners(aabb.min, aabb.max);
    if region.min.is_finite() && region.max.is_finite() {
        wake_within(removed.entity, region, &colliders, &sleeping, &mut commands);
    }
}
