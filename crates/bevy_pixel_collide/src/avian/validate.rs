//! Bad input on a [`PixelShape`]: said once per entity, by name, while the collider is skipped.

use avian2d::prelude::{
    AngularVelocity, ColliderDisabled, LinearVelocity, Position, RigidBodyDisabled, Rotation,
};
use bevy::prelude::*;

use super::collider::{PixelShape, Source};

/// What is wrong with a shape's input, if anything: a broken transform, a texel size or scale of
/// zero or not finite, a mask without a solid texel, or a sprite image that gives no mask.
fn problem(
    shape: &PixelShape,
    position: Option<&Position>,
    rotation: Option<&Rotation>,
    sprite: Option<&Sprite>,
    images: Option<&Assets<Image>>,
) -> Option<&'static str> {
    if position.is_some_and(|p| !p.0.is_finite())
        || rotation.is_some_and(|r| !(r.cos.is_finite() && r.sin.is_finite()))
    {
        return Some("its position or rotation is not finite");
    }
    if !shape.scale.is_finite() || shape.scale.x == 0.0 || shape.scale.y == 0.0 {
        return Some("its scale is zero or not finite");
    }
    if let Source::Sprite { mask: None, .. } = &shape.source {
        let loaded = sprite
            .zip(images)
            .is_some_and(|(sprite, images)| images.contains(sprite.image.id()));
        return loaded.then_some(
            "its sprite's image gives no mask (an empty region, a format without alpha, or larger \
             than pixel-collide's limits)",
        );
    }
    let shape_mask = shape.mask_shape()?;
    let to_local = shape.texel_to_local()?;
    if !to_local.is_finite() || to_local.matrix2.determinant() == 0.0 {
        return Some("its texel size is zero or not finite");
    }
    if shape_mask.moments.count == 0 {
        return Some("its mask has no solid texel");
    }
    None
}

/// Why a body whose placement or velocity was not finite was taken out of the simulation.
const NOT_FINITE: &str = "its position, rotation or velocity is not finite (the body is disabled)";

/// Warns once for each shape whose input makes it collide with nothing, naming the entity; the
/// contact and bounding-box code skips such a shape on its own.
#[allow(clippy::type_complexity)]
pub(crate) fn check_shapes(
    mut shapes: Query<(
        Entity,
        &mut PixelShape,
        Option<&Position>,
        Option<&Rotation>,
        Option<&Sprite>,
        Option<&Name>,
    )>,
    images: Option<Res<Assets<Image>>>,
) {
    for (entity, mut shape, position, rotation, sprite, name) in &mut shapes {
        let why = problem(&shape, position, rotation, sprite, images.as_deref());
        if let Some(was) = shape.skipped {
            // A shape whose input was mended (a mask filled again, an image loaded) collides
            // again; a body disabled for a broken placement stays out until the game restores it.
            if why.is_none() && was != NOT_FINITE {
                shape.bypass_change_detection().skipped = None;
            }
            continue;
        }
        if let Some(why) = why {
            let name = name.map_or(String::new(), |n| format!(" ({n})"));
            warn!("the PixelShape of entity {entity}{name} collides with nothing: {why}");
            shape.bypass_change_detection().skipped = Some(why);
        }
    }
}

/// Takes a body whose placement or velocity is not finite out of the simulation before avian steps
/// it (a NaN would spread to every body it touches, and avian's debug builds stop on one): its
/// body and collider are disabled, its placement and velocities set to finite values, and a
/// warning names it once.
#[allow(clippy::type_complexity)]
pub(crate) fn disable_non_finite(
    mut bodies: Query<(
        Entity,
        &mut PixelShape,
        &mut Position,
        &mut Rotation,
        Option<&mut LinearVelocity>,
        Option<&mut AngularVelocity>,
        Option<&mut Transform>,
        Option<&Name>,
    )>,
    mut commands: Commands,
) {
    for (entity, mut shape, mut position, mut rotation, linear, angular, transform, name) in
        &mut bodies
    {
        let broken =
            !(position.0.is_finite() && rotation.cos.is_finite() && rotation.sin.is_finite())
                || linear.as_ref().is_some_and(|v| !v.0.is_finite())
                || angular.as_ref().is_some_and(|w| !w.0.is_finite());
        if !broken {
            continue;
        }
        if !position.0.is_finite() {
            position.0 = Vec2::ZERO;
        }
        if !(rotation.cos.is_finite() && rotation.sin.is_finite()) {
            *rotation = Rotation::IDENTITY;
        }
        if let Some(mut v) = linear {
            v.0 = Vec2::ZERO;
        }
        if let Some(mut w) = angular {
            w.0 = 0.0;
        }
        if let Some(mut t) = transform {
            if !t.translation.is_finite() {
                t.translation = position.0.extend(0.0);
            }
            if !t.rotation.is_finite() {
                t.rotation = Quat::IDENTITY;
            }
        }
        commands
            .entity(entity)
            .try_insert((RigidBodyDisabled, ColliderDisabled));
        // Said once; and it replaces a reason `check_shapes` may have given first, so that the
        // placement set finite here does not bring the body back on its own.
        if shape.skipped != Some(NOT_FINITE) {
            if shape.skipped.is_none() {
                let name = name.map_or(String::new(), |n| format!(" ({n})"));
                warn!(
                    "the PixelShape of entity {entity}{name} collides with nothing: {NOT_FINITE}"
                );
            }
            shape.bypass_change_detection().skipped = Some(NOT_FINITE);
        }
    }
}
