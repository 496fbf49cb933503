//! Questions a system asks of all colliders at once, or of two of them.

use bevy::ecs::system::SystemParam;
use bevy::math::{Rect, Vec2};
use bevy::prelude::*;
use pixel_collide::{Circle, Impact, Motion, PushOut, SweepAndPrune};

use crate::collider::PixelCollider;
use crate::convert::rect_to_pc;

/// Point, ray and shape queries against every collider, and contact, push-out and time of impact
/// between two colliders, all in world coordinates (y up).
///
/// Entities are answered in ascending order. Colliders whose image is not loaded yet match nothing,
/// and the placement used is the entity's current [`GlobalTransform`] (as propagated in the last
/// `PostUpdate`, so a `Transform` changed earlier in the frame is not seen yet).
///
/// ```
/// use bevy::prelude::*;
/// use bevy_pixel_collide::PixelQueries;
///
/// fn shoot(queries: PixelQueries, mut commands: Commands) {
///     if let Some(hit) = queries.raycast(Vec2::ZERO, Vec2::X, 500.0) {
///         commands.entity(hit.entity).despawn();
///     }
/// }
/// # bevy::ecs::system::assert_is_system(shoot);
/// ```
#[derive(SystemParam)]
pub struct PixelQueries<'w, 's> {
    colliders: Query<'w, 's, (Entity, &'static PixelCollider, &'static GlobalTransform)>,
}

/// Where a ray first enters a collider's solid texels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PixelRayHit {
    /// The collider the ray hits.
    pub entity: Entity,
    /// The world point where the ray enters the solid texel.
    pub point: Vec2,
    /// The distance along the ray from its origin to `point`, in world units.
    pub distance: f32,
    /// The outward unit normal of the texel face the ray enters through, in the world.
    pub normal: Vec2,
}

impl PixelQueries<'_, '_> {
    fn placed(&self, entity: Entity) -> Option<pixel_collide::Sprite<'_>> {
        let (_, collider, global) = self.colliders.get(entity).ok()?;
        collider.placed(global)
    }

    /// The colliders (ascending) whose placed mask satisfies `test`.
    fn matching(&self, test: impl Fn(&pixel_collide::Sprite<'_>) -> bool) -> Vec<Entity> {
        let mut out: Vec<Entity> = self
            .colliders
            .iter()
            .filter(|(_, collider, global)| collider.placed(global).is_some_and(|s| test(&s)))
            .map(|(entity, _, _)| entity)
            .collect();
        out.sort_unstable();
        out
    }

    /// The colliders with a solid texel at world point `point`.
    pub fn at_point(&self, point: Vec2) -> Vec<Entity> {
        let p = point;
        self.matching(|s| s.contains_point(p))
    }

    /// Whether `entity`'s collider has a solid texel at world point `point`.
    pub fn contains_point(&self, entity: Entity, point: Vec2) -> bool {
        self.placed(entity).is_some_and(|s| s.contains_point(point))
    }

    /// The colliders sharing area with the world rectangle `rect` on solid texels.
    pub fn touching_rect(&self, rect: Rect) -> Vec<Entity> {
        let r = rect_to_pc(rect);
        self.matching(|s| s.bounds().intersects(&r) && s.touches_rect(r))
    }

    /// The colliders with a solid texel strictly closer than the world circle's radius to its
    /// centre (the crate's [`Circle`], not Bevy's primitive, which has no centre).
    pub fn touching_circle(&self, circle: Circle) -> Vec<Entity> {
        self.matching(|s| s.touches_circle(circle))
    }

    /// The colliders whose solid texels the segment from `a` to `b` passes through.
    pub fn touching_segment(&self, a: Vec2, b: Vec2) -> Vec<Entity> {
        self.matching(|s| s.touches_segment(a, b))
    }

    /// The colliders touching `entity`'s collider on solid texels now (itself left out).
    pub fn touching(&self, entity: Entity) -> Vec<Entity> {
        let Some(probe) = self.placed(entity) else {
            return Vec::new();
        };
        let (entities, sprites): (Vec<Entity>, Vec<_>) = self
            .colliders
            .iter()
            .filter(|(e, _, _)| *e != entity)
            .filter_map(|(e, collider, global)| Some((e, collider.placed(global)?)))
            .unzip();
        let mut out: Vec<Entity> = SweepAndPrune::new(&sprites)
            .touching(probe)
            .into_iter()
            .map(|i| entities[i])
            .collect();
        out.sort_unstable();
        out
    }

    /// The first collider a ray from `origin` along `direction` enters within `max_distance` world
    /// units.
    pub fn raycast(&self, origin: Vec2, direction: Vec2, max_distance: f32) -> Option<PixelRayHit> {
        self.raycast_filtered(origin, direction, max_distance, |_| true)
    }

    /// The first collider for which `filter` is true that a ray from `origin` along `direction`
    /// enters within `max_distance` world units (a shot skipping its shooter, say).
    pub fn raycast_filtered(
        &self,
        origin: Vec2,
        direction: Vec2,
        max_distance: f32,
        filter: impl Fn(Entity) -> bool,
    ) -> Option<PixelRayHit> {
        let (o, d) = (origin, direction);
        self.colliders
            .iter()
            .filter(|(entity, _, _)| filter(*entity))
            .filter_map(|(entity, collider, global)| {
                let hit = collider.placed(global)?.raycast(o, d, max_distance)?;
                Some(PixelRayHit {
                    entity,
                    point: hit.point,
                    distance: hit.distance,
                    normal: hit.normal,
                })
            })
            .min_by(|x, y| {
                x.distance
                    .total_cmp(&y.distance)
                    .then(x.entity.cmp(&y.entity))
            })
    }

    /// A world point inside solid texels of both `a` and `b`, when they touch: the crate's
    /// [`pixel_collide::overlap_point`].
    pub fn overlap_point(&self, a: Entity, b: Entity) -> Option<Vec2> {
        pixel_collide::overlap_point(self.placed(a)?, self.placed(b)?)
    }

    /// The world area `a` and `b` share on solid texels (0 when either has no mask).
    pub fn overlap_area(&self, a: Entity, b: Entity) -> f32 {
        match (self.placed(a), self.placed(b)) {
            (Some(a), Some(b)) => pixel_collide::overlap_area(a, b),
            _ => 0.0,
        }
    }

    /// The shortest world translation of `a` that stops it overlapping `b`, with the contact normal;
    /// `None` when they do not overlap.
    pub fn push_out(&self, a: Entity, b: Entity) -> Option<PushOut> {
        pixel_collide::push_out(self.placed(a)?, self.placed(b)?)
    }

    /// The shortest world translation of `a` along `direction` that stops it overlapping `b` (a
    /// platformer lifts a body out of the floor along `Vec2::Y`); `None` when they do not overlap.
    pub fn push_out_along(&self, a: Entity, b: Entity, direction: Vec2) -> Option<PushOut> {
        pixel_collide::push_out_along(self.placed(a)?, self.placed(b)?, direction)
    }

    /// When `a` and `b` first touch while each moves from its current [`GlobalTransform`] to the end
    /// transform given for it (pass the current one for a collider that stands still), or `None`
    /// when they never touch in the step.
    ///
    /// Position, turn and scale are interpolated linearly, the turn the short way round
    /// ([`pixel_collide::Motion::between`]); `None` too for a transform that shears (a rotated child
    /// of a non-uniformly scaled parent), which no turn and scale give.
    pub fn time_of_impact(
        &self,
        a: Entity,
        a_end: impl Into<GlobalTransform>,
        b: Entity,
        b_end: impl Into<GlobalTransform>,
    ) -> Option<Impact> {
        let (_, ca, ga) = self.colliders.get(a).ok()?;
        let (_, cb, gb) = self.colliders.get(b).ok()?;
        let (ma, mb) = (ca.mask()?, cb.mask()?);
        let motion_a = motion(ma, ca, ga, &a_end.into())?;
        let motion_b = motion(mb, cb, gb, &b_end.into())?;
        pixel_collide::time_of_impact(&motion_a, &motion_b)
    }
}

/// The collider's motion from `from` to `to`, turning and scaling about the entity's origin; `None`
/// for a transform that shears.
fn motion<'m>(
    mask: &'m pixel_collide::Mask,
    collider: &PixelCollider,
    from: &GlobalTransform,
    to: &GlobalTransform,
) -> Option<Motion<'m>> {
    let pivot = collider.pivot()?;
    let (start, end) = (collider.texel_to_world(from)?, collider.texel_to_world(to)?);
    Motion::between(mask, &start, &end, pivot)
}
