//! [`PixelSpatialQuery`]: avian's `SpatialQuery`, method for method, over pixel shapes.

use avian2d::collider_tree::{ColliderTree, ColliderTrees, ProxyId};
use avian2d::prelude::{
    ColliderAabb, Position, RayHitData, Rotation, ShapeCastConfig, ShapeHitData, SpatialQueryFilter,
};
use avian2d::spatial_query::PointProjection;
use bevy::ecs::system::SystemParam;
use bevy::math::{Dir2, Ray2d, Vec2};
use bevy::prelude::{Entity, Query, Res};

use super::collider::PixelShape;
use super::shape_query::Place;

/// avian's [`SpatialQuery`](avian2d::prelude::SpatialQuery) over [`PixelShape`]s: ray casts, shape
/// casts, point projection and point, box and shape intersections, with avian's names, arguments,
/// results and filters ([`SpatialQueryFilter`]'s collision layers and excluded entities, and
/// predicates), answered on exact texels.
///
/// With [`PixelPhysicsPlugins`](super::PixelPhysicsPlugins) the colliders are pixel shapes, which
/// avian's own `SpatialQuery` does not see; this one finds them through the same bounding-box
/// trees. A mask is answered on its solid texels by the collision crate (a ray enters a solid
/// texel; `solid = false` reports where a ray from inside leaves them), a primitive shape as avian
/// answers it, and a primitive meets a mask as the mask it is drawn into, as in the physics steps.
/// Shape casts stop where the shapes touch: `target_distance` applies between primitives only.
/// Placements are the bodies' `Position` and `Rotation` as of the last physics step.
///
/// ```
/// use avian2d::prelude::*;
/// use bevy::prelude::*;
/// use bevy_pixel_collide::avian::PixelSpatialQuery;
///
/// fn ground_check(query: PixelSpatialQuery, players: Query<(Entity, &Position)>) {
///     for (player, at) in &players {
///         let filter = SpatialQueryFilter::from_excluded_entities([player]);
///         if let Some(hit) = query.cast_ray(at.0, Dir2::NEG_Y, 20.0, true, &filter) {
///             info!("ground {} px below", hit.distance);
///         }
///     }
/// }
/// # bevy::ecs::system::assert_is_system(ground_check);
/// ```
#[derive(SystemParam)]
pub struct PixelSpatialQuery<'w, 's> {
    shapes: Query<'w, 's, (&'static Position, &'static Rotation, &'static PixelShape)>,
    trees: Res<'w, ColliderTrees>,
}

impl PixelSpatialQuery<'_, '_> {
    /// The shape of `entity` and where it is.
    fn shape(&self, entity: Entity) -> Option<(&PixelShape, Place)> {
        let (position, rotation, shape) = self.shapes.get(entity).ok()?;
        Some((
            shape,
            Place {
                position: position.0,
                rotation: *rotation,
            },
        ))
    }

    /// Every pixel shape the filter lets through whose bounding box meets `area`, placed, in
    /// ascending entity order.
    pub(crate) fn sprites_near(
        &self,
        area: ColliderAabb,
        filter: &SpatialQueryFilter,
    ) -> Vec<(Entity, pixel_collide::Sprite<'_>)> {
        let mut found = Vec::new();
        let traverse = |tree: &ColliderTree, f: &mut dyn FnMut(ProxyId) -> bool| {
            tree.aabb_traverse(area.into(), f)
        };
        self.each_shape(filter, &|_| true, traverse, |entity, shape, at| {
            found.extend(shape.placed(at.position, at.rotation).map(|s| (entity, s)));
            true
        });
        found.sort_by_key(|(e, _)| *e);
        found.dedup_by_key(|(e, _)| *e);
        found
    }

    /// Calls `visit` with each pixel shape, and where it is, that `traverse` reaches in any tree and
    /// the filter and predicate let through, until it returns false.
    fn each_shape<'q>(
        &'q self,
        filter: &SpatialQueryFilter,
        predicate: &dyn Fn(Entity) -> bool,
        traverse: impl Fn(&ColliderTree, &mut dyn FnMut(ProxyId) -> bool),
        mut visit: impl FnMut(Entity, &'q PixelShape, Place) -> bool,
    ) {
        let mut going = true;
        for tree in self.trees.iter_trees() {
            if !going {
                break;
            }
            traverse(tree, &mut |proxy| {
                let admitted = Self::admitted(tree, proxy, filter, predicate);
                if let Some((entity, (shape, at))) =
                    admitted.and_then(|e| Some((e, self.shape(e)?)))
                {
                    going = visit(entity, shape, at);
                }
                going
            });
        }
    }

    /// The entity of a proxy the filter and predicate let through.
    fn admitted(
        tree: &ColliderTree,
        proxy: ProxyId,
        filter: &SpatialQueryFilter,
        predicate: &dyn Fn(Entity) -> bool,
    ) -> Option<Entity> {
        let proxy = tree.get_proxy(proxy)?;
        (filter.test(proxy.collider, proxy.layers) && predicate(proxy.collider))
            .then_some(proxy.collider)
    }

    /// The closest hit of a ray with a pixel shape (`solid`: a ray starting inside hits at once;
    /// otherwise it reports where it leaves), as `SpatialQuery::cast_ray`.
    pub fn cast_ray(
        &self,
        origin: Vec2,
        direction: Dir2,
        max_distance: f32,
        solid: bool,
        filter: &SpatialQueryFilter,
    ) -> Option<RayHitData> {
        self.cast_ray_predicate(origin, direction, max_distance, solid, filter, &|_| true)
    }

    /// [`cast_ray`](Self::cast_ray) over the entities `predicate` accepts too.
    pub fn cast_ray_predicate(
        &self,
        origin: Vec2,
        direction: Dir2,
        max_distance: f32,
        solid: bool,
        filter: &SpatialQueryFilter,
        predicate: &dyn Fn(Entity) -> bool,
    ) -> Option<RayHitData> {
        let mut best: Option<RayHitData> = None;
        let mut reach = max_distance;
        for tree in self.trees.iter_trees() {
            tree.ray_traverse_closest(Ray2d::new(origin, direction), reach, |proxy| {
                let Some(entity) = Self::admitted(tree, proxy, filter, predicate) else {
                    return f32::MAX;
                };
                let Some((shape, at)) = self.shape(entity) else {
                    return f32::MAX;
                };
                let Some((distance, normal)) = shape.ray(at, origin, *direction, reach, solid)
                else {
                    return f32::MAX;
                };
                // Ties go to the lower entity, so the answer does not follow the trees' layout.
                let better = best.is_none_or(|b| {
                    distance < b.distance || (distance == b.distance && entity < b.entity)
                });
                if better {
                    reach = distance;
                    best = Some(RayHitData {
                        entity,
                        distance,
                        normal,
                    });
                }
                distance
            });
        }
        best
    }

    /// Up to `max_hits` hits of a ray, each pixel shape's first, nearest first, as
    /// `SpatialQuery::ray_hits`.
    pub fn ray_hits(
        &self,
        origin: Vec2,
        direction: Dir2,
        max_distance: f32,
        max_hits: u32,
        solid: bool,
        filter: &SpatialQueryFilter,
    ) -> Vec<RayHitData> {
        let mut hits = Vec::new();
        self.ray_hits_callback(origin, direction, max_distance, solid, filter, |hit| {
            hits.push(hit);
            true
        });
        hits.sort_by(|a, b| {
            a.distance
                .total_cmp(&b.distance)
                .then(a.entity.cmp(&b.entity))
        });
        hits.truncate(max_hits as usize);
        hits
    }

    /// Calls `callback` with each pixel shape's first hit by a ray until it returns false, as
    /// `SpatialQuery::ray_hits_callback` (in no particular order).
    pub fn ray_hits_callback(
        &self,
        origin: Vec2,
        direction: Dir2,
        max_distance: f32,
        solid: bool,
        filter: &SpatialQueryFilter,
        mut callback: impl FnMut(RayHitData) -> bool,
    ) {
        let ray = Ray2d::new(origin, direction);
        let traverse = |tree: &ColliderTree, f: &mut dyn FnMut(ProxyId) -> bool| {
            tree.ray_traverse_all(ray, max_distance, f)
        };
        self.each_shape(
            filter,
            &|_| true,
            traverse,
            |entity, shape, at| match shape.ray(at, origin, *direction, max_distance, solid) {
                Some((distance, normal)) => callback(RayHitData {
                    entity,
                    distance,
                    normal,
                }),
                None => true,
            },
        );
    }

    /// The first pixel shape `shape` touches when moved from `origin` (turned by `shape_rotation`
    /// radians) along `direction`, as `SpatialQuery::cast_shape` with a [`PixelShape`] for its
    /// `Collider`: the distance, the points and the normals of both.
    pub fn cast_shape(
        &self,
        shape: &PixelShape,
        origin: Vec2,
        shape_rotation: f32,
        direction: Dir2,
        config: &ShapeCastConfig,
        filter: &SpatialQueryFilter,
    ) -> Option<ShapeHitData> {
        self.cast_shape_predicate(
            shape,
            origin,
            shape_rotation,
            direction,
            config,
            filter,
            &|_| true,
        )
    }

    /// [`cast_shape`](Self::cast_shape) over the entities `predicate` accepts too.
    // The arguments of avian's `SpatialQuery` method of the same name, in its order.
    #[allow(clippy::too_many_arguments)]
    pub fn cast_shape_predicate(
        &self,
        shape: &PixelShape,
        origin: Vec2,
        shape_rotation: f32,
        direction: Dir2,
        config: &ShapeCastConfig,
        filter: &SpatialQueryFilter,
        predicate: &dyn Fn(Entity) -> bool,
    ) -> Option<ShapeHitData> {
        let from = Place {
            position: origin,
            rotation: Rotation::radians(shape_rotation),
        };
        let aabb = shape.world_aabb(from.position, from.rotation);
        // The nearest so far prunes the trees' traversal; each cast keeps the whole length, so that
        // its answer does not depend on the order the shapes are met in.
        let mut reach = config.max_distance;
        let mut best: Option<ShapeHitData> = None;
        for tree in self.trees.iter_trees() {
            tree.sweep_traverse_closest(
                aabb.into(),
                direction,
                reach,
                config.target_distance,
                |proxy| {
                    let Some(entity) = Self::admitted(tree, proxy, filter, predicate) else {
                        return f32::MAX;
                    };
                    let Some((target, at)) = self.shape(entity) else {
                        return f32::MAX;
                    };
                    let Some(c) = target.cast_against(at, shape, from, *direction, config) else {
                        return f32::MAX;
                    };
                    let hit = c.hit_data(entity);
                    if best.is_none_or(|b| nearer(&hit, &b)) {
                        reach = hit.distance;
                        best = Some(hit);
                    }
                    c.distance
                },
            );
        }
        best
    }

    /// Up to `max_hits` pixel shapes `shape` touches when cast, nearest first, as
    /// `SpatialQuery::shape_hits`.
    // The arguments of avian's `SpatialQuery` method of the same name, in its order.
    #[allow(clippy::too_many_arguments)]
    pub fn shape_hits(
        &self,
        shape: &PixelShape,
        origin: Vec2,
        shape_rotation: f32,
        direction: Dir2,
        max_hits: u32,
        config: &ShapeCastConfig,
        filter: &SpatialQueryFilter,
    ) -> Vec<ShapeHitData> {
        let mut hits = self.shape_hits_inner(
            shape,
            origin,
            shape_rotation,
            direction,
            config,
            filter,
            &|_| true,
        );
        hits.truncate(max_hits as usize);
        hits
    }

    /// Calls `callback` with each pixel shape `shape` touches when cast until it returns false, as
    /// `SpatialQuery::shape_hits_callback` (nearest first).
    // The arguments of avian's `SpatialQuery` method of the same name, in its order.
    #[allow(clippy::too_many_arguments)]
    pub fn shape_hits_callback(
        &self,
        shape: &PixelShape,
        origin: Vec2,
        shape_rotation: f32,
        direction: Dir2,
        config: &ShapeCastConfig,
        filter: &SpatialQueryFilter,
        mut callback: impl FnMut(ShapeHitData) -> bool,
    ) {
        let hits = self.shape_hits_inner(
            shape,
            origin,
            shape_rotation,
            direction,
            config,
            filter,
            &|_| true,
        );
        for hit in hits {
            if !callback(hit) {
                break;
            }
        }
    }

    /// Every pixel shape a cast of `shape` touches, each once, nearest first.
    // The arguments the two `shape_hits` methods share, which avian's `SpatialQuery` orders so.
    #[allow(clippy::too_many_arguments)]
    fn shape_hits_inner(
        &self,
        shape: &PixelShape,
        origin: Vec2,
        shape_rotation: f32,
        direction: Dir2,
        config: &ShapeCastConfig,
        filter: &SpatialQueryFilter,
        predicate: &dyn Fn(Entity) -> bool,
    ) -> Vec<ShapeHitData> {
        let from = Place {
            position: origin,
            rotation: Rotation::radians(shape_rotation),
        };
        let aabb = shape.world_aabb(from.position, from.rotation);
        let mut hits = Vec::new();
        let traverse = |tree: &ColliderTree, f: &mut dyn FnMut(ProxyId) -> bool| {
            tree.sweep_traverse_all(
                aabb.into(),
                direction,
                config.max_distance,
                config.target_distance,
                f,
            )
        };
        self.each_shape(filter, predicate, traverse, |entity, target, at| {
            if let Some(c) = target.cast_against(at, shape, from, *direction, config) {
                hits.push(c.hit_data(entity));
            }
            true
        });
        nearest_first(&mut hits);
        hits
    }

    /// The point of the nearest pixel shape nearest to `point` (on a shape's edge when `solid` is
    /// false and the point is inside it), as `SpatialQuery::project_point`.
    pub fn project_point(
        &self,
        point: Vec2,
        solid: bool,
        filter: &SpatialQueryFilter,
    ) -> Option<PointProjection> {
        self.project_point_predicate(point, solid, filter, &|_| true)
    }

    /// [`project_point`](Self::project_point) over the entities `predicate` accepts too.
    pub fn project_point_predicate(
        &self,
        point: Vec2,
        solid: bool,
        filter: &SpatialQueryFilter,
        predicate: &dyn Fn(Entity) -> bool,
    ) -> Option<PointProjection> {
        let mut best: Option<(f32, PointProjection)> = None;
        for tree in self.trees.iter_trees() {
            tree.squared_distance_traverse_closest(point, f32::MAX, |proxy| {
                let Some(entity) = Self::admitted(tree, proxy, filter, predicate) else {
                    return f32::MAX;
                };
                let Some((shape, at)) = self.shape(entity) else {
                    return f32::MAX;
                };
                let Some((nearest, is_inside)) = shape.project(at, point, solid) else {
                    return f32::MAX;
                };
                let d = nearest.distance_squared(point);
                let better = best
                    .as_ref()
                    .is_none_or(|(bd, b)| d < *bd || (d == *bd && entity < b.entity));
                if better {
                    best = Some((
                        d,
                        PointProjection {
                            entity,
                            point: nearest,
                            is_inside,
                        },
                    ));
                }
                d
            });
        }
        best.map(|(_, p)| p)
    }

    /// The pixel shapes that hold `point`, as `SpatialQuery::point_intersections`.
    pub fn point_intersections(&self, point: Vec2, filter: &SpatialQueryFilter) -> Vec<Entity> {
        let mut found = Vec::new();
        self.point_intersections_callback(point, filter, |e| {
            found.push(e);
            true
        });
        found.sort();
        found
    }

    /// Calls `callback` with each pixel shape holding `point` until it returns false, as
    /// `SpatialQuery::point_intersections_callback`.
    pub fn point_intersections_callback(
        &self,
        point: Vec2,
        filter: &SpatialQueryFilter,
        mut callback: impl FnMut(Entity) -> bool,
    ) {
        let traverse =
            |tree: &ColliderTree, f: &mut dyn FnMut(ProxyId) -> bool| tree.point_traverse(point, f);
        self.each_shape(filter, &|_| true, traverse, |entity, shape, at| {
            !shape.contains(at, point) || callback(entity)
        });
    }

    /// The pixel shapes whose bounding boxes meet `aabb`, as
    /// `SpatialQuery::aabb_intersections_with_aabb`.
    pub fn aabb_intersections_with_aabb(&self, aabb: ColliderAabb) -> Vec<Entity> {
        let mut found = Vec::new();
        self.aabb_intersections_with_aabb_callback(aabb, |e| {
            found.push(e);
            true
        });
        found.sort();
        found
    }

    /// Calls `callback` with each pixel shape whose bounding box meets `aabb` until it returns
    /// false, as `SpatialQuery::aabb_intersections_with_aabb_callback`.
    pub fn aabb_intersections_with_aabb_callback(
        &self,
        aabb: ColliderAabb,
        mut callback: impl FnMut(Entity) -> bool,
    ) {
        let traverse = |tree: &ColliderTree, f: &mut dyn FnMut(ProxyId) -> bool| {
            tree.aabb_traverse(aabb.into(), f)
        };
        self.each_shape(
            &SpatialQueryFilter::DEFAULT,
            &|_| true,
            traverse,
            |entity, _, _| callback(entity),
        );
    }

    /// The pixel shapes that share area with `shape` at `shape_position` turned by
    /// `shape_rotation` radians, as `SpatialQuery::shape_intersections`.
    pub fn shape_intersections(
        &self,
        shape: &PixelShape,
        shape_position: Vec2,
        shape_rotation: f32,
        filter: &SpatialQueryFilter,
    ) -> Vec<Entity> {
        let mut found = Vec::new();
        self.shape_intersections_callback(shape, shape_position, shape_rotation, filter, |e| {
            found.push(e);
            true
        });
        found.sort();
        found
    }

    /// Calls `callback` with each pixel shape sharing area with `shape` until it returns false, as
    /// `SpatialQuery::shape_intersections_callback`.
    pub fn shape_intersections_callback(
        &self,
        shape: &PixelShape,
        shape_position: Vec2,
        shape_rotation: f32,
        filter: &SpatialQueryFilter,
        mut callback: impl FnMut(Entity) -> bool,
    ) {
        let from = Place {
            position: shape_position,
            rotation: Rotation::radians(shape_rotation),
        };
        let aabb = shape.world_aabb(from.position, from.rotation);
        let traverse = |tree: &ColliderTree, f: &mut dyn FnMut(ProxyId) -> bool| {
            tree.aabb_traverse(aabb.into(), f)
        };
        self.each_shape(filter, &|_| true, traverse, |entity, target, at| {
            !target.intersects(at, shape, from) || callback(entity)
        });
    }
}

/// Orders cast hits nearest first, ties by entity, so that the answer does not follow the trees'
/// layout.
fn nearest_first(hits: &mut [ShapeHitData]) {
    hits.sort_by(|a, b| {
        a.distance
            .total_cmp(&b.distance)
            .then(a.entity.cmp(&b.entity))
    });
}

/// Whether cast hit `a` comes before `b`: nearer, or as near and of the lower entity.
fn nearer(a: &ShapeHitData, b: &ShapeHitData) -> bool {
    (a.distance, a.entity) < (b.distance, b.entity)
}
