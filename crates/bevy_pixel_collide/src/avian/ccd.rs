//! Swept continuous collision for pixel bodies: avian's [`SweptCcd`] sweeps only its own
//! `Collider`s, so a pixel body that asks for it is swept here, in the same place of the step, with
//! the collision crate's exact time of impact against every pixel shape its swept bounds meet.

use avian2d::collider_tree::ColliderTrees;
use avian2d::dynamics::ccd::SweepMode;
use avian2d::dynamics::solver::solver_body::SolverBody;
use avian2d::prelude::{
    ColliderAabb, ColliderOf, ComputedCenterOfMass, NarrowPhaseConfig, PhysicsLengthUnit, Position,
    RigidBody, Rotation, SweptCcd,
};
use bevy::math::{Affine2, Vec2};
use bevy::prelude::*;
use pixel_collide::{Mask, Motion, Pose, time_of_impact};

use super::collider::PixelShape;

/// A body's place and motion over the step, as the swept test takes it: where it is, its velocities
/// and its centre of mass (body space).
#[derive(Clone, Copy)]
struct Sweep {
    position: Vec2,
    rotation: Rotation,
    linear: Vec2,
    angular: f32,
    centre: Vec2,
}

impl Sweep {
    /// The body's centre of mass in the world.
    fn centre(&self) -> Vec2 {
        self.position + self.rotation * self.centre
    }
}

/// One texel, the size of `margin` across, for the fallback probe about a centre of mass.
fn dot() -> &'static Mask {
    static DOT: std::sync::OnceLock<Mask> = std::sync::OnceLock::new();
    DOT.get_or_init(|| Mask::from_fn(1, 1, |_, _| true).expect("a 1 x 1 mask"))
}

impl PixelShape {
    /// This shape's motion over `dt` seconds as the collision crate takes it: turned about the centre
    /// of mass (which moves in a line), as avian integrates a body; `turn` false keeps the rotation
    /// (a linear sweep). `None` for a mask placed with shear, which a pose cannot turn.
    fn motion(&self, body: &Sweep, dt: f32, turn: bool) -> Option<Motion<'_>> {
        let shape = self.mask_shape()?;
        let local = Affine2::from_scale(self.scale) * shape.texel_to_local;
        // The texels' own turn and scale in the body: columns at right angles, or a shear.
        let Pose {
            rotation: tilt,
            scale,
            ..
        } = Pose::from_transform(&local)?;
        if scale.y == 0.0 {
            return None;
        }
        // The texel point that sits at the centre of mass, so that the pose turns about it.
        let origin = Vec2::from_angle(-tilt).rotate(body.centre - local.translation) / scale;
        let angle = body.rotation.as_radians() + tilt;
        let from = Pose::new(body.centre(), angle, scale);
        let to = Pose::new(
            body.centre() + body.linear * dt,
            if turn {
                angle + body.angular * dt
            } else {
                angle
            },
            scale,
        );
        Some(Motion::new(&shape.mask, from, to, origin))
    }
}

/// The fraction of the step at which `a`, moving, first touches `b`: `None` when it does not, or
/// does only where they already touch at the start and a small probe about `a`'s centre of mass
/// (`margin` across) meets nothing either, as avian's swept test falls back.
fn first_touch(a: &Motion<'_>, b: &Motion<'_>, probe: &Motion<'_>) -> Option<f32> {
    let hit = time_of_impact(a, b)?;
    if hit.time > 0.0 {
        return Some(hit.time);
    }
    time_of_impact(probe, b)
        .map(|h| h.time)
        .filter(|&t| t > 0.0)
}

/// The largest of a shape's scale factors, which stretch its reach.
fn self_scale(shape: &PixelShape) -> f32 {
    shape.scale.abs().max_element()
}

/// What the sweep reads of a body: its kind, its place, its own sweep, its centre of mass.
type BodyItem<'a> = (
    &'a RigidBody,
    &'a Position,
    &'a Rotation,
    Option<&'a SweptCcd>,
    Option<&'a ComputedCenterOfMass>,
);

/// Stops every pixel body with [`SweptCcd`] at the first time in the step its pixel shape would
/// touch another's, as avian's swept CCD does for its colliders: the bodies are advanced from their
/// places at the start of the step only that far, with their velocities kept.
///
/// The shapes swept against are those whose boxes in avian's trees meet the box the body sweeps
/// this step, looked up here rather than taken from the contact pairs: a body set moving this very
/// step has no pairs along its path yet.
pub(crate) fn solve_pixel_swept_ccd(
    swept: Query<(Entity, &SweptCcd, &PixelShape, &ColliderOf)>,
    shapes: Query<(&PixelShape, &ColliderOf)>,
    bodies: Query<BodyItem>,
    mut solver_bodies: Query<&mut SolverBody>,
    trees: Res<ColliderTrees>,
    (time, config, length_unit): (Res<Time>, Res<NarrowPhaseConfig>, Res<PhysicsLengthUnit>),
) {
    let dt = time.delta_secs();
    if dt.is_nan() || dt <= 0.0 {
        return;
    }
    let margin = (config.default_speculative_margin * length_unit.0).max(1e-3);
    // Static bodies have no solver body: they do not move.
    let sweep_of = |entity: Entity, item: &BodyItem, solver: &Query<&mut SolverBody>| {
        let velocity = solver.get(entity).ok();
        Sweep {
            position: item.1.0,
            rotation: *item.2,
            linear: velocity.map_or(Vec2::ZERO, |s| s.linear_velocity),
            angular: velocity.map_or(0.0, |s| s.angular_velocity),
            centre: item.4.map_or(Vec2::ZERO, |c| c.0),
        }
    };
    let mut stops = Vec::new();
    for (collider, ccd, shape, &ColliderOf { body }) in &swept {
        let Ok(me) = bodies.get(body) else {
            continue;
        };
        let mine = sweep_of(body, &me, &solver_bodies);
        let turn1 = ccd.mode == SweepMode::NonLinear;
        let mut first: Option<(f32, Entity)> = None;
        let start = shape.world_aabb(mine.position, mine.rotation);
        let end_rotation = if turn1 {
            mine.rotation * Rotation::radians(mine.angular * dt)
        } else {
            mine.rotation
        };
        // The body turns about its centre of mass, which moves in a line.
        let end_centre = mine.centre() + mine.linear * dt;
        let end_position = end_centre - end_rotation * mine.centre;
        let end = shape.world_aabb(end_position, end_rotation);
        // Turning between the two, a shape reaches at most its reach about the centre of mass.
        let reach = shape
            .mask_shape()
            .map_or(0.0, |m| m.reach_from_centre * self_scale(shape));
        let around = |c: Vec2| ColliderAabb::new(c, Vec2::splat(reach));
        let swept = [end, around(mine.centre()), around(end_centre)]
            .into_iter()
            .fold(start, |a, b| a.merged(b));
        let mut near = Vec::new();
        for tree in trees.iter_trees() {
            tree.aabb_traverse(swept.into(), |proxy| {
                if let Some(p) = tree.get_proxy(proxy) {
                    near.push(p.collider);
                }
                true
            });
        }
        near.sort();
        near.dedup();
        for other in near {
            if other == collider {
                continue;
            }
            let Ok((other_shape, &ColliderOf { body: body2 })) = shapes.get(other) else {
                continue;
            };
            let Ok(them) = bodies.get(body2) else {
                continue;
            };
            if body2 == body || (!ccd.include_dynamic && them.0.is_dynamic()) {
                continue;
            }
            let theirs = sweep_of(body2, &them, &solver_bodies);
            let relative = (mine.linear - theirs.linear).length();
            if (mine.angular - theirs.angular).abs() < ccd.angular_threshold
                && relative < ccd.linear_threshold
            {
                continue;
            }
            // A linear sweep only when both bodies ask for one, as avian decides.
            let turn = turn1 || them.3.is_some_and(|c| c.mode == SweepMode::NonLinear);
            let (Some(a), Some(b)) = (
                shape.motion(&mine, dt, turn),
                other_shape.motion(&theirs, dt, turn),
            ) else {
                continue;
            };
            let probe = Motion::new(
                dot(),
                Pose::new(mine.centre(), 0.0, Vec2::splat(margin)),
                Pose::new(mine.centre() + mine.linear * dt, 0.0, Vec2::splat(margin)),
                Vec2::splat(0.5),
            );
            if let Some(t) = first_touch(&a, &b, &probe)
                && first.is_none_or(|(f, _)| t < f)
            {
                first = Some((t, body2));
            }
        }
        if let Some((t, other)) = first {
            stops.push((body, other, t * dt));
        }
    }
    for (body, other, toi) in stops {
        for entity in [body, other] {
            if let Ok(mut s) = solver_bodies.get_mut(entity) {
                s.delta_position = s.linear_velocity * toi;
                s.delta_rotation = Rotation::radians(s.angular_velocity * toi);
            }
        }
    }
}
