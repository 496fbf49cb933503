//! [`PixelShape`] as an avian collider: its bounding box under a rotation and its contact manifolds
//! with every other kind.

use avian2d::collision::collider::contact_query;
use avian2d::collision::contact_types::PackedFeatureId;
use avian2d::parry;
use avian2d::prelude::{
    AabbContext, AngularVelocity, AnyCollider, ColliderAabb, ColliderOf, ContactManifold,
    ContactManifoldContext, ContactPoint, Rotation, ScalableCollider, SimpleCollider,
    SpeculativeMargin,
};
use bevy::ecs::system::lifetimeless::{SQuery, SRes};
use bevy::math::{Rect, Vec2};
use bevy::prelude::{Entity, Time};

use pixel_collide::{Circle, PixelRect};

use super::collider::PixelShape;

/// What a pixel shape's manifolds read besides the two shapes: the bodies' spin and speculative
/// margin, and the step.
type TurnContext = (
    SQuery<(
        Option<&'static ColliderOf>,
        Option<&'static AngularVelocity>,
        Option<&'static SpeculativeMargin>,
    )>,
    SRes<Time>,
);

impl AnyCollider for PixelShape {
    type Context = TurnContext;

    fn aabb_with_context(
        &self,
        position: Vec2,
        rotation: impl Into<Rotation>,
        _: AabbContext<Self::Context>,
    ) -> ColliderAabb {
        self.world_aabb(position, rotation.into())
    }

    fn contact_manifolds_with_context(
        &self,
        other: &Self,
        position1: Vec2,
        rotation1: impl Into<Rotation>,
        position2: Vec2,
        rotation2: impl Into<Rotation>,
        prediction_distance: f32,
        manifolds: &mut Vec<ContactManifold>,
        context: ContactManifoldContext<Self::Context>,
    ) {
        let (rotation1, rotation2): (Rotation, Rotation) = (rotation1.into(), rotation2.into());
        // avian's prediction distance follows the bodies' linear velocities only: a texel of a
        // turning body sweeps its spin times its distance from the centre of mass as well, within
        // the body's speculative margin and half a turn.
        let (bodies, time) = &*context;
        let dt = time.delta_secs();
        let sweep = |shape: &Self, entity: Entity| {
            let body = match bodies.get(entity) {
                Ok((Some(of), ..)) if of.body != entity => bodies.get(of.body).ok(),
                found => found.ok(),
            };
            let Some((_, Some(spin), margin)) = body else {
                return 0.0;
            };
            let Some(mask) = shape.mask_shape().filter(|_| spin.0 != 0.0) else {
                return 0.0;
            };
            let farthest = mask.reach_from_centre * shape.scale.abs().max_element();
            let turn = (spin.0.abs() * dt).min(std::f32::consts::PI) * farthest;
            let turn = margin.map_or(turn, |m| turn.min(m.0));
            if turn.is_finite() { turn } else { 0.0 }
        };
        let turning = sweep(self, context.entity1) + sweep(other, context.entity2);
        self.contact_manifolds(
            other,
            position1,
            rotation1,
            position2,
            rotation2,
            prediction_distance + turning,
            manifolds,
        );
    }
}

impl PixelShape {
    /// The world box holding this shape at `position` turned by `rotation`; a box of no size for a
    /// transform that is not finite.
    pub(crate) fn world_aabb(&self, position: Vec2, rotation: Rotation) -> ColliderAabb {
        if !(position.is_finite() && rotation.cos.is_finite() && rotation.sin.is_finite()) {
            // A body with a broken transform is skipped: a box of no size meets nothing.
            return ColliderAabb::new(Vec2::ZERO, Vec2::ZERO);
        }
        if let Some(collider) = self.primitive_collider() {
            return collider.aabb(position, rotation);
        }
        let bounds = self.world_bounds(position, rotation).map(|texels| {
            // A fitted circle may reach a fraction of a texel past the texels' box.
            self.round(position, rotation).map_or(texels, |c| {
                texels.union(Rect::from_center_half_size(c.a, Vec2::splat(c.radius)))
            })
        });
        match bounds {
            Some(r) if r.min.is_finite() && r.max.is_finite() => {
                ColliderAabb::from_min_max(r.min, r.max)
            }
            _ => ColliderAabb::new(position, Vec2::ZERO),
        }
    }

    /// The contact manifolds of this shape at `position1` turned by `rotation1` and `other` at
    /// `position2` turned by `rotation2`, from this shape to the other, where they overlap or lie
    /// within `prediction_distance`: what avian's narrow phase takes from these colliders (which
    /// adds to the prediction distance how far the bodies' spin turns their farthest points in a
    /// step).
    // The arguments of avian's `AnyCollider::contact_manifolds`, which this answers for.
    #[allow(clippy::too_many_arguments)]
    pub fn contact_manifolds(
        &self,
        other: &Self,
        position1: Vec2,
        rotation1: impl Into<Rotation>,
        position2: Vec2,
        rotation2: impl Into<Rotation>,
        prediction_distance: f32,
        manifolds: &mut Vec<ContactManifold>,
    ) {
        let (rotation1, rotation2): (Rotation, Rotation) = (rotation1.into(), rotation2.into());
        manifolds.clear();
        if let (Some(c1), Some(c2)) = (self.primitive_collider(), other.primitive_collider()) {
            contact_query::contact_manifolds(
                c1,
                position1,
                rotation1,
                c2,
                position2,
                rotation2,
                prediction_distance,
                manifolds,
            );
            return;
        }
        let (Some(a), Some(b)) = (
            self.placed(position1, rotation1),
            other.placed(position2, rotation2),
        ) else {
            return;
        };
        // A circle or capsule meets a mask exactly, unless its centre or segment has sunk into the
        // mask's texels.
        let exact = match (
            self.round(position1, rotation1),
            other.round(position2, rotation2),
        ) {
            (Some(round), None) => exact_round(round, b, prediction_distance),
            (None, Some(round)) => {
                exact_round(round, a, prediction_distance).map(|m| m.map(|m| m.reversed()))
            }
            (Some(r1), Some(r2)) => {
                // Two circles on one centre, or a centre on a capsule's segment, have no normal
                // between them: their texels meet instead.
                if let Some(m) = round_pair(r1, r2, position1, position2, prediction_distance) {
                    manifolds.push(m);
                    return;
                }
                None
            }
            (None, None) => None,
        };
        // Two masks meet as their solid rectangles do, one box contact per pair of rectangles within
        // reach (avian's own, from parry), as a compound of avian's rectangles would: each normal is
        // a face of one of the two rectangles, which turns with its body instead of swinging between
        // the faces of two texel staircases from step to step, so that a pile of ragged bodies comes
        // to rest and sleeps.
        let placed = |sprite, position| Placed { sprite, position };
        let (one, two) = (placed(a, position1), placed(b, position2));
        let whole = match exact {
            Some(m) => m,
            None => match box_manifolds(one, two, prediction_distance, manifolds) {
                Boxes::Found => return,
                Boxes::Whole(m) => Some(m),
                Boxes::NotListed => pixel_collide::contact_manifold(a, b, prediction_distance),
            },
        };
        let Some(m) = whole else {
            return;
        };
        let normal = m.normal;
        if !normal.is_finite() {
            return;
        }
        let points = m.points().iter().map(|p| {
            let point = p.point;
            ContactPoint::new(point - position1, point - position2, point, p.depth)
                .with_feature_ids(
                    feature_id(a.mask.width(), p.texel_a),
                    feature_id(b.mask.width(), p.texel_b),
                )
        });
        manifolds.push(ContactManifold::new(points, normal));
    }
}

/// How deep, in texels, a box contact may go before two masks meet through
/// [`pixel_collide::contact_manifold`]'s one manifold instead: a body spawned in the ground, or
/// driven deep by a fast hit, gets that manifold's shortest way out rather than the way out of
/// whichever rectangles it sank into.
const MAX_BOX_DEPTH: f32 = 1.0;

/// How deep, in texels, a box contact may go before the pair's whole depth is checked against it.
///
/// Each box contact's way out frees only its two rectangles: a thin part of one mask sunk
/// lengthwise into the other (a lobe into a notch, a spike into a rock) is pushed across itself,
/// never back out, and two hooked bodies come to rest deeper than any of their boxes. Past this
/// depth the one manifold's shortest way out is worked out, and taken when it is deeper.
const CHECK_DEPTH: f32 = 0.2;

/// How much deeper than the deepest box contact, in texels, the pair's whole overlap must be for
/// its one manifold to be taken: at rest the two agree within rounding, and a pile whose box
/// contacts stay on keeps the steady normals it sleeps with.
const HIDDEN_DEPTH: f32 = 0.1;

/// What [`box_manifolds`] found.
enum Boxes {
    /// The box contacts, added to the manifolds.
    Found,
    /// The pair's one manifold, deeper than its box contacts show (see [`CHECK_DEPTH`]).
    Whole(pixel_collide::Manifold),
    /// No box contacts: a mask is sheared (its texels are parallelograms), the pairs of solid
    /// rectangles within reach cannot be listed (see [`pixel_collide::near_rects`]) or some pair
    /// overlaps deeper than [`MAX_BOX_DEPTH`] texels.
    NotListed,
}

/// The box contacts of masks `a` and `b` (see [`PixelShape::contact_manifolds`]), into `manifolds`
/// when they are what the pair meets as (see [`Boxes`]); nothing is added otherwise.
///
/// Worked out in one fixed order of the two masks, so that the pair the other way round gets the
/// same manifolds reversed, bit for bit.
fn box_manifolds(
    a: Placed<'_>,
    b: Placed<'_>,
    reach: f32,
    manifolds: &mut Vec<ContactManifold>,
) -> Boxes {
    // Two masks of one size and one texel count in one place (no two bodies are) go as given.
    let key = |s: &pixel_collide::Sprite<'_>| {
        let m = s.mask;
        let placed = s.transform.to_cols_array().map(f32::to_bits);
        (placed, m.width(), m.height(), m.solid_count())
    };
    let swapped = key(&a.sprite) > key(&b.sprite);
    let first = manifolds.len();
    let found = if swapped {
        boxes_in_order(b, a, reach, manifolds)
    } else {
        boxes_in_order(a, b, reach, manifolds)
    };
    let found = match found {
        Some(deepest) if deepest > CHECK_DEPTH * texel(a).min(texel(b)) => {
            // Worked out in the same order as the boxes, and reversed after, as they are.
            let (one, two) = if swapped { (b, a) } else { (a, b) };
            let whole = pixel_collide::contact_manifold(one.sprite, two.sprite, reach)
                .map(|m| if swapped { m.reversed() } else { m });
            let hidden = HIDDEN_DEPTH * texel(a).min(texel(b));
            match whole {
                Some(m) if m.depth > deepest + hidden => {
                    manifolds.truncate(first);
                    return Boxes::Whole(m);
                }
                _ => true,
            }
        }
        Some(_) => true,
        None => false,
    };
    if !found {
        return Boxes::NotListed;
    }
    if swapped {
        for m in &mut manifolds[first..] {
            m.normal = -m.normal;
            for p in &mut m.points {
                std::mem::swap(&mut p.anchor1, &mut p.anchor2);
                std::mem::swap(&mut p.feature_id1, &mut p.feature_id2);
            }
        }
    }
    Boxes::Found
}

/// The shorter side of a placed mask's texels.
fn texel(p: Placed<'_>) -> f32 {
    let m = p.sprite.transform.matrix2;
    m.x_axis.length().min(m.y_axis.length())
}

/// A placed mask and its body's position, which contact points' anchors are taken from.
#[derive(Clone, Copy)]
struct Placed<'a> {
    sprite: pixel_collide::Sprite<'a>,
    position: Vec2,
}

/// [`box_manifolds`] with `one` taken as the first mask: the deepest box contact's depth (0 when
/// none overlaps), or `None`, adding nothing, when the pair does not meet as box contacts.
fn boxes_in_order(
    one: Placed<'_>,
    two: Placed<'_>,
    reach: f32,
    manifolds: &mut Vec<ContactManifold>,
) -> Option<f32> {
    let (a, b) = (one.sprite, two.sprite);
    let (position1, position2) = (one.position, two.position);
    let (Some(frame1), Some(frame2)) = (Frame::of(&a), Frame::of(&b)) else {
        return None;
    };
    let deepest = MAX_BOX_DEPTH * frame1.texel.min_element().min(frame2.texel.min_element());
    let first = manifolds.len();
    RECTS.with_borrow_mut(|rects| {
        if !pixel_collide::near_rects(a, b, reach, rects).is_complete() {
            return None;
        }
        let mut depth = 0.0f32;
        for &(ra, rb) in rects.iter() {
            let ((pose1, half1), (pose2, half2)) = (frame1.place(ra), frame2.place(rb));
            let mut found = parry::query::ContactManifold::<(), ()>::new();
            parry::query::details::contact_manifold_cuboid_cuboid(
                &pose1.inv_mul(&pose2),
                &parry::shape::Cuboid::new(half1),
                &parry::shape::Cuboid::new(half2),
                reach,
                &mut found,
            );
            if found
                .contacts()
                .iter()
                .any(|c| c.dist.is_nan() || -c.dist > deepest)
            {
                manifolds.truncate(first);
                return None;
            }
            if found.contacts().is_empty() {
                continue;
            }
            let normal = (pose1.rotation * found.local_n1).normalize();
            if !normal.is_finite() {
                continue;
            }
            depth = found.contacts().iter().fold(depth, |d, c| d.max(-c.dist));
            let points = found.contacts().iter().map(|c| {
                // Midway between the two surfaces, as avian places its own contacts.
                let point = pose1 * c.local_p1 + normal * c.dist * 0.5;
                ContactPoint::new(point - position1, point - position2, point, -c.dist)
                    .with_feature_ids(rect_feature(ra, c.fid1.0), rect_feature(rb, c.fid2.0))
            });
            manifolds.push(ContactManifold::new(points, normal));
        }
        Some(depth)
    })
}

thread_local! {
    /// The pairs of rectangles of the last box contact, kept: a step asks for thousands.
    static RECTS: std::cell::RefCell<Vec<(PixelRect, PixelRect)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// A placed mask's texel frame in the world, worked out once for all its rectangles, when the
/// sprite's transform is a turn, a scale per axis and perhaps a flip, so that each rectangle stays
/// a rectangle.
struct Frame {
    transform: bevy::math::Affine2,
    /// The turn of the mask's x axis.
    rotation: parry::math::Rot2,
    /// A texel's size along the mask's two axes.
    texel: Vec2,
}

impl Frame {
    /// The frame of `s`, or `None` when its texels are sheared into parallelograms (a mask placed
    /// with `from_mask_placed` under a shear), which no box holds.
    fn of(s: &pixel_collide::Sprite<'_>) -> Option<Frame> {
        let m = s.transform.matrix2;
        let texel = Vec2::new(m.x_axis.length(), m.y_axis.length());
        if m.x_axis.dot(m.y_axis).abs() > 1e-5 * texel.x * texel.y {
            return None;
        }
        let x = m.x_axis.normalize_or(Vec2::X);
        Some(Frame {
            transform: s.transform,
            rotation: parry::math::Rot2::from_cos_sin_unchecked(x.x, x.y),
            texel,
        })
    }

    /// Rectangle `r` (texels) as a box in the world: its pose and half size.
    fn place(&self, r: PixelRect) -> (parry::math::Pose, Vec2) {
        let size = Vec2::new(r.w as f32, r.h as f32);
        let centre = self
            .transform
            .transform_point2(Vec2::new(r.x as f32, r.y as f32) + size / 2.0);
        (
            parry::math::Pose::from_parts(centre, self.rotation),
            self.texel * size / 2.0,
        )
    }
}

/// A contact's feature id on one rectangle: the rectangle and parry's vertex or face of it, so
/// that avian matches a point with the last step's (and warm-starts it) while the same corner of
/// the same rectangle bears it.
fn rect_feature(r: PixelRect, feature: u32) -> PackedFeatureId {
    let mix = [r.x, r.y, r.w, r.h, feature]
        .iter()
        .fold(0x811c_9dc5u32, |h, &v| (h ^ v).wrapping_mul(0x0100_0193));
    PackedFeatureId::face(mix & 0x3fff_ffff)
}

/// A circle or capsule primitive placed in the world: its segment's two ends (the same point for a
/// circle) and its radius.
#[derive(Clone, Copy)]
struct Round {
    a: Vec2,
    b: Vec2,
    radius: f32,
}

/// The manifold of a circle or capsule and mask `mask`, from the round shape to the mask:
/// `Some(None)` when they lie apart past `reach`, `None` when the round shape's centre or segment
/// lies inside the mask's solid texels (its raster meets the mask then).
fn exact_round(
    round: Round,
    mask: pixel_collide::Sprite<'_>,
    reach: f32,
) -> Option<Option<pixel_collide::Manifold>> {
    let (a, b) = (round.a, round.b);
    if a == b {
        if mask.contains_point(a) {
            return None;
        }
        return Some(pixel_collide::circle_manifold(
            pixel_collide::Circle::new(a, round.radius),
            mask,
            reach,
        ));
    }
    if mask.touches_segment(a, b) {
        return None;
    }
    Some(pixel_collide::capsule_manifold(
        a,
        b,
        round.radius,
        mask,
        reach,
    ))
}

/// The manifold of two round shapes of which at least one is a circle, from the first to the
/// second: their surfaces' nearest points, or `None` when they lie further apart than `reach` or
/// a circle's centre lies on the other's centre or segment (no normal to take).
fn round_pair(
    r1: Round,
    r2: Round,
    position1: Vec2,
    position2: Vec2,
    reach: f32,
) -> Option<ContactManifold> {
    let nearest_on = |r: Round, p: Vec2| {
        let along = r.b - r.a;
        let t = (p - r.a).dot(along) / along.length_squared();
        if t.is_finite() {
            r.a + along * t.clamp(0.0, 1.0)
        } else {
            r.a
        }
    };
    // Two capsules are both avian's primitives and never come here: one of the two is a point.
    let (c1, c2) = if r1.a == r1.b {
        (r1.a, nearest_on(r2, r1.a))
    } else {
        (nearest_on(r1, r2.a), r2.a)
    };
    let normal = (c2 - c1).try_normalize()?;
    let depth = r1.radius + r2.radius - c1.distance(c2);
    if !(depth.is_finite() && -depth <= reach) {
        return None;
    }
    // Midway between the two surfaces, written so that swapping the pair gives the same bits.
    let point = (c1 + c2) / 2.0 + normal * ((r1.radius - r2.radius) / 2.0);
    let id = PackedFeatureId::face(1);
    let contact = ContactPoint::new(point - position1, point - position2, point, depth)
        .with_feature_ids(id, id);
    Some(ContactManifold::new([contact], normal))
}

/// A texel's feature id: the texel's index in its mask, as a face (never the unknown id 0).
fn feature_id(width: u32, (x, y): (u32, u32)) -> PackedFeatureId {
    let index = u64::from(y) * u64::from(width) + u64::from(x);
    PackedFeatureId::face((index & 0x3fff_ffff) as u32)
}

impl PixelShape {
    /// A circle or capsule primitive, or the circle a mask is a raster of, scaled as the body is,
    /// placed at `position` turned by `rotation`.
    fn round(&self, position: Vec2, rotation: Rotation) -> Option<Round> {
        if let Some(Circle { center, radius }) = self.fitted_circle() {
            let center = position + rotation * center;
            return Some(Round {
                a: center,
                b: center,
                radius,
            });
        }
        let shape = self.primitive_collider()?.shape_scaled();
        if let Some(ball) = shape.as_ball() {
            return Some(Round {
                a: position,
                b: position,
                radius: ball.radius,
            });
        }
        let capsule = shape.as_capsule()?;
        let place = |p: Vec2| position + rotation * p;
        let (a, b) = (capsule.segment.a, capsule.segment.b);
        Some(Round {
            a: place(Vec2::new(a.x, a.y)),
            b: place(Vec2::new(b.x, b.y)),
            radius: capsule.radius,
        })
    }
}

impl ScalableCollider for PixelShape {
    fn scale(&self) -> Vec2 {
        self.scale
    }

    fn set_scale(&mut self, scale: Vec2, detail: u32) {
        self.scale = scale;
        if let super::collider::Source::Primitive { collider, .. } = &mut self.source {
            collider.set_scale(scale, detail);
        }
    }
}
