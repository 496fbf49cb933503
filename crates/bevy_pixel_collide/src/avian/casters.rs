//! avian's `RayCaster` and `ShapeCaster` components over pixel shapes: after avian's own casts
//! (which see only avian's `Collider`s, none under the pixel backend), their `RayHits` and
//! `ShapeHits` are filled from [`PixelSpatialQuery`], so a ground check or line of sight written
//! for avian sees pixel terrain unchanged.

use avian2d::prelude::{
    Collider, RayCaster, RayHits, ShapeCastConfig, ShapeCaster, ShapeHits, SpatialQueryFilter,
};
use bevy::ecs::entity::EntityHashMap;
use bevy::prelude::*;

use super::collider::PixelShape;
use super::spatial_query::PixelSpatialQuery;

/// The caster's filter, with the caster itself left out when it asks to be.
fn own_filter(
    filter: &SpatialQueryFilter,
    entity: Entity,
    ignore_self: bool,
) -> SpatialQueryFilter {
    let mut filter = filter.clone();
    if ignore_self {
        filter.excluded_entities.insert(entity);
    } else {
        filter.excluded_entities.remove(&entity);
    }
    filter
}

/// Fills every enabled `RayCaster`'s `RayHits` with its hits on pixel shapes, as avian's ray casts
/// fill them on its colliders.
pub(crate) fn ray_casters(
    mut rays: Query<(Entity, &RayCaster, &mut RayHits)>,
    query: PixelSpatialQuery,
) {
    for (entity, ray, mut hits) in &mut rays {
        hits.clear();
        if !ray.enabled {
            continue;
        }
        let filter = own_filter(&ray.query_filter, entity, ray.ignore_self);
        let (origin, direction) = (ray.global_origin(), ray.global_direction());
        if ray.max_hits == 1 {
            hits.extend(query.cast_ray(origin, direction, ray.max_distance, ray.solid, &filter));
        } else {
            hits.extend(query.ray_hits(
                origin,
                direction,
                ray.max_distance,
                ray.max_hits,
                ray.solid,
                &filter,
            ));
        }
    }
}

/// A caster's shape as a [`PixelShape`], kept while its `Collider` stays the same.
#[derive(Default)]
pub(crate) struct CastShapes(EntityHashMap<(Option<[u32; 4]>, Option<PixelShape>)>);

/// The primitive a `Collider` is (kind and sizes, as bits), if it is a circle, rectangle or
/// capsule: the shapes a `PixelShape` can be.
fn primitive_key(collider: &Collider) -> Option<[u32; 4]> {
    let shape = collider.shape_scaled();
    if let Some(ball) = shape.as_ball() {
        return Some([0, ball.radius.to_bits(), 0, 0]);
    }
    if let Some(cuboid) = shape.as_cuboid() {
        let h = cuboid.half_extents;
        return Some([1, h.x.to_bits(), h.y.to_bits(), 0]);
    }
    let capsule = shape.as_capsule()?;
    // avian's capsules run along y, centred on the origin.
    let (a, b) = (capsule.segment.a, capsule.segment.b);
    (a.x == 0.0 && b.x == 0.0 && a.y == -b.y)
        .then(|| [2, capsule.radius.to_bits(), (b.y - a.y).abs().to_bits(), 0])
}

/// The pixel shape of a primitive's key.
fn primitive_shape([kind, a, b, _]: [u32; 4]) -> PixelShape {
    let (a, b) = (f32::from_bits(a), f32::from_bits(b));
    match kind {
        0 => PixelShape::circle(a),
        1 => PixelShape::rectangle(2.0 * a, 2.0 * b),
        _ => PixelShape::capsule(a, b),
    }
}

/// Fills every enabled `ShapeCaster`'s `ShapeHits` with its hits on pixel shapes, its `Collider`
/// cast as the `PixelShape` of the same circle, rectangle or capsule (a caster of another shape
/// is warned about once and gets no hits).
pub(crate) fn shape_casters(
    mut casters: Query<(Entity, &ShapeCaster, &mut ShapeHits)>,
    query: PixelSpatialQuery,
    mut shapes: Local<CastShapes>,
) {
    shapes.0.retain(|e, _| casters.contains(*e));
    for (entity, caster, mut hits) in &mut casters {
        hits.clear();
        if !caster.enabled {
            continue;
        }
        let key = primitive_key(&caster.shape);
        let stale = shapes.0.get(&entity).is_none_or(|(k, _)| *k != key);
        if stale {
            if key.is_none() {
                warn!(
                    "ShapeCaster on {entity}: pixel shapes are cast as circles, rectangles or \
                     capsules only, so this caster finds none"
                );
            }
            shapes.0.insert(entity, (key, key.map(primitive_shape)));
        }
        let Some(shape) = shapes.0.get(&entity).and_then(|(_, s)| s.as_ref()) else {
            continue;
        };
        let filter = own_filter(&caster.query_filter, entity, caster.ignore_self);
        let config = ShapeCastConfig {
            max_distance: caster.max_distance,
            target_distance: caster.target_distance,
            compute_contact_on_penetration: caster.compute_contact_on_penetration,
            ignore_origin_penetration: caster.ignore_origin_penetration,
        };
        let (origin, turn, direction) = (
            caster.global_origin(),
            caster.global_shape_rotation(),
            caster.global_direction(),
        );
        if caster.max_hits == 1 {
            hits.extend(query.cast_shape(shape, origin, turn, direction, &config, &filter));
        } else {
            hits.extend(query.shape_hits(
                shape,
                origin,
                turn,
                direction,
                caster.max_hits,
                &config,
                &filter,
            ));
        }
    }
}
