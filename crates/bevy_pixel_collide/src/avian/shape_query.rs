//! What one pixel shape answers to a spatial query: a ray, a point, another shape resting or cast.
//!
//! A primitive shape answers a ray, a point or another primitive as avian's own collider does (the
//! same calls on its `Collider`); everything that meets a mask is answered on texels by the
//! collision crate, a primitive by the mask it is drawn into (as the physics backend meets it).

use avian2d::parry::query::ShapeCastOptions;
use avian2d::prelude::{Collider, Rotation, ShapeCastConfig, ShapeHitData};
use bevy::ecs::entity::Entity;
use bevy::math::Vec2;
use pixel_collide::{Body, cast, overlaps};

use super::collider::PixelShape;
use super::convex::convex_pieces;

/// A body's place: avian's `Position` and `Rotation`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Place {
    pub(crate) position: Vec2,
    pub(crate) rotation: Rotation,
}

/// Where a cast shape first touches a target: the distance travelled, a point and the normal of
/// each (the target's first), in the world.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CastContact {
    pub(crate) distance: f32,
    pub(crate) point1: Vec2,
    pub(crate) point2: Vec2,
    pub(crate) normal1: Vec2,
    pub(crate) normal2: Vec2,
}

impl CastContact {
    /// The contact as avian's hit data for `entity`, the target.
    pub(crate) fn hit_data(self, entity: Entity) -> ShapeHitData {
        ShapeHitData {
            entity,
            distance: self.distance,
            point1: self.point1,
            point2: self.point2,
            normal1: self.normal1,
            normal2: self.normal2,
        }
    }
}

fn pose(place: Place) -> avian2d::parry::math::Pose2 {
    avian2d::parry::math::Pose2::new(place.position, place.rotation.as_radians())
}

impl PixelShape {
    /// Where a ray first meets this shape within `max_distance` (`solid` as avian's ray casts take
    /// it): the distance and the world normal there.
    pub(crate) fn ray(
        &self,
        at: Place,
        origin: Vec2,
        direction: Vec2,
        max_distance: f32,
        solid: bool,
    ) -> Option<(f32, Vec2)> {
        if let Some(collider) = self.primitive_collider() {
            return collider.cast_ray(
                at.position,
                at.rotation,
                origin,
                direction,
                max_distance,
                solid,
            );
        }
        let sprite = self.placed(at.position, at.rotation)?;
        let hit = if solid {
            sprite.raycast(origin, direction, max_distance)
        } else {
            sprite.raycast_hollow(origin, direction, max_distance)
        }?;
        Some((hit.distance, hit.normal))
    }

    /// Whether world point `point` lies inside this shape.
    pub(crate) fn contains(&self, at: Place, point: Vec2) -> bool {
        match self.primitive_collider() {
            Some(collider) => collider.contains_point(at.position, at.rotation, point),
            None => self
                .placed(at.position, at.rotation)
                .is_some_and(|s| s.contains_point(point)),
        }
    }

    /// The point of this shape nearest to `point` (of its edge when `solid` is false and the point
    /// is inside), and whether `point` is inside.
    pub(crate) fn project(&self, at: Place, point: Vec2, solid: bool) -> Option<(Vec2, bool)> {
        if let Some(collider) = self.primitive_collider() {
            return Some(collider.project_point(at.position, at.rotation, point, solid));
        }
        let sprite = self.placed(at.position, at.rotation)?;
        let inside = sprite.contains_point(point);
        let nearest = if inside && solid {
            Some(point)
        } else if inside {
            sprite.nearest_edge_point(point)
        } else {
            sprite.nearest_point(point)
        }?;
        Some((nearest, inside))
    }

    /// Whether this shape and `other` share area.
    pub(crate) fn intersects(&self, at: Place, other: &PixelShape, other_at: Place) -> bool {
        if let (Some(a), Some(b)) = (self.primitive_collider(), other.primitive_collider()) {
            return avian2d::collision::collider::contact_query::intersection_test(
                a,
                at.position,
                at.rotation,
                b,
                other_at.position,
                other_at.rotation,
            )
            .unwrap_or(false);
        }
        match (
            self.placed(at.position, at.rotation),
            other.placed(other_at.position, other_at.rotation),
        ) {
            (Some(a), Some(b)) => overlaps(a, b),
            _ => false,
        }
    }

    /// Where `shape`, at `from` and moved along the unit `direction` by up to `max_distance`, first
    /// touches this shape (the target) at `at`, as avian's shape casts answer it.
    pub(crate) fn cast_against(
        &self,
        at: Place,
        shape: &PixelShape,
        from: Place,
        direction: Vec2,
        config: &ShapeCastConfig,
    ) -> Option<CastContact> {
        if let (Some(target), Some(moving)) =
            (self.primitive_collider(), shape.primitive_collider())
        {
            return primitive_cast(target, at, moving, from, direction, config);
        }
        let target = self.placed(at.position, at.rotation)?;
        if let Some(moving) = shape.primitive_collider() {
            return convex_cast(&target, moving, from, direction, config);
        }
        let body = Body::from_sprite(shape.placed(from.position, from.rotation)?)?;
        if overlaps(body.sprite(), target) {
            if config.ignore_origin_penetration {
                return None;
            }
            let hit = cast(body, &target, Vec2::ZERO)?;
            return Some(CastContact {
                distance: 0.0,
                point1: hit.point,
                point2: hit.point,
                normal1: hit.normal,
                normal2: -hit.normal,
            });
        }
        // No farther than the moving shape's bounds take to pass the target's: an endless cast
        // (avian's default) is a finite sweep.
        let (mine, theirs) = (body.sprite().bounds(), target.bounds());
        let span = (mine.max - mine.min).length() + (theirs.max - theirs.min).length();
        let reach = (theirs.min + theirs.max - mine.min - mine.max).length() / 2.0 + span;
        let length = config.max_distance.min(reach);
        if length.is_nan() || length <= 0.0 {
            return None;
        }
        let hit = cast(body, &target, direction * length)?;
        let distance = hit.time * length;
        (distance <= config.max_distance).then_some(CastContact {
            distance,
            point1: hit.point,
            point2: hit.point,
            normal1: hit.normal,
            normal2: -hit.normal,
        })
    }
}

/// A primitive (any convex `Collider`: a circle, capsule, box or polygon, rounded or not) cast
/// against a mask's texels as the exact shape (see `Sprite::cast_shape`), grown by the cast's
/// target distance; `None` past `config.max_distance`, and for a shape overlapping the texels from
/// the start when the cast ignores such a start.
pub(crate) fn convex_cast(
    target: &pixel_collide::Sprite<'_>,
    moving: &Collider,
    from: Place,
    direction: Vec2,
    config: &ShapeCastConfig,
) -> Option<CastContact> {
    let pieces = convex_pieces(moving, from.position, from.rotation, config.target_distance)?;
    let hit = pieces
        .iter()
        .filter_map(|piece| target.cast_shape(piece, direction, config.max_distance))
        .min_by(|a, b| a.distance.total_cmp(&b.distance))?;
    if hit.distance == 0.0
        && config.ignore_origin_penetration
        && pieces
            .iter()
            .any(|piece| target.cast_shape(piece, direction, 0.0).is_some())
    {
        return None;
    }
    Some(CastContact {
        distance: hit.distance,
        point1: hit.point,
        point2: hit.point,
        normal1: hit.normal,
        normal2: -hit.normal,
    })
}

/// avian's own shape cast of one primitive against another.
fn primitive_cast(
    target: &Collider,
    at: Place,
    moving: &Collider,
    from: Place,
    direction: Vec2,
    config: &ShapeCastConfig,
) -> Option<CastContact> {
    let (pose1, pose2) = (pose(at), pose(from));
    let hit = avian2d::parry::query::cast_shapes(
        &pose1,
        Vec2::ZERO,
        target.shape_scaled().as_ref(),
        &pose2,
        direction,
        moving.shape_scaled().as_ref(),
        ShapeCastOptions {
            max_time_of_impact: config.max_distance,
            target_distance: config.target_distance,
            stop_at_penetration: !config.ignore_origin_penetration,
            compute_impact_geometry_on_penetration: config.compute_contact_on_penetration,
        },
    )
    .ok()??;
    Some(CastContact {
        distance: hit.time_of_impact,
        point1: pose1 * hit.witness1,
        point2: pose2 * hit.witness2 + direction * hit.time_of_impact,
        normal1: pose1.rotation * hit.normal1,
        normal2: pose2.rotation * hit.normal2,
    })
}
