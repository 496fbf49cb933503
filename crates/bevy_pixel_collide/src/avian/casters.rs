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
use super::convex::corners_of;
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
pub(crate) struct CastShapes(EntityHashMap<(Option<Vec<u32>>, Option<PixelShape>)>);

/// A convex `Collider`'s corners and radius as bits, which say when a caster's shape changed;
/// `None` for a shape that is not convex.
fn shape_key(collider: &Collider) -> Option<Vec<u32>> {
    let (corners, radius) = corners_of(collider)?;
    let mut key: Vec<u32> = corners
        .iter()
        .flat_map(|c| [c.x.to_bits(), c.y.to_bits()])
        .collect();
    key.push(radius.to_bits());
    Some(key)
}

/// Fills every enabled `ShapeCaster`'s `ShapeHits` with its hits on pixel shapes, its `Collider`
/// cast as the `PixelShape` of the same convex shape (a circle, box, capsule or polygon, rounded or
/// not; a caster of another shape is warned about once and gets no hits).
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
        let key = shape_key(&caster.shape);
        let stale = shapes.0.get(&entity).is_none_or(|(k, _)| *k != key);
        if stale {
            let shape = key
                .as_ref()
                .and_then(|_| PixelShape::convex(caster.shape.clone()));
            if shape.is_none() {
                warn!(
                    "ShapeCaster on {entity}: pixel shapes are cast as convex shapes only \
                     (circles, boxes, capsules, polygons), so this caster finds none"
                );
            }
            shapes.0.insert(entity, (key, shape));
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
