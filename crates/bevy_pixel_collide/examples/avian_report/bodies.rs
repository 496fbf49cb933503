//! Single bodies and small scenes beside avian's own: resting height and drift, a stack of five,
//! rolling down a 30 degree slope, the energy of a dropped body.

use avian2d::prelude::*;
use bevy::math::Affine2;
use bevy::prelude::*;
use bevy_pixel_collide::avian::PixelShape;
use bevy_pixel_collide::pixel_collide::Mask;

use crate::setup::*;

/// The resting height of a 16 px box dropped on flat ground after 3 s, and how far it moves in
/// the 10 s after.
pub(crate) fn rest(kind: Kind) -> (f32, f32) {
    let mut app = app(kind);
    ground(&mut app, kind, 256, 16);
    let b = square(&mut app, kind, 16, Vec2::new(0.0, 30.0));
    run(&mut app, 3.0);
    let settled = position(&app, b);
    let mut drift = 0f32;
    for _ in 0..600 {
        app.update();
        drift = drift.max(position(&app, b).distance(settled));
    }
    (settled.y, drift)
}

/// How far the top box of a stack of five 16 px boxes moves from where it is after 1 s over
/// the next 10 s, and whether every box still stands in place.
pub(crate) fn stack(kind: Kind) -> (f32, bool) {
    let mut app = app(kind);
    ground(&mut app, kind, 256, 16);
    let boxes: Vec<Entity> = (0..5)
        .map(|i| square(&mut app, kind, 16, Vec2::new(0.0, 8.5 + 17.0 * i as f32)))
        .collect();
    run(&mut app, 1.0);
    let top = position(&app, boxes[4]);
    run(&mut app, 10.0);
    let stands = boxes.iter().enumerate().all(|(i, &b)| {
        let p = position(&app, b);
        p.x.abs() < 1.0 && (p.y - (8.0 + 16.0 * i as f32)).abs() < 0.5
    });
    (position(&app, boxes[4]).distance(top), stands)
}

/// The slopes a wheel rolls down: 30 degrees, friction 0.5.
#[derive(Clone, Copy)]
pub(crate) enum Slope {
    /// A pixel mask whose surface is a staircase of single texels.
    PixelStairs,
    /// A solid pixel mask turned 30 degrees: a straight surface.
    TurnedPixelSlab,
    /// avian's rectangle turned 30 degrees.
    AvianBox,
}

/// The 32 px round bodies rolled.
#[derive(Clone, Copy)]
pub(crate) enum Wheel {
    /// A pixel disc `texels` across, its texels 32 / `texels` px, meeting the slope as the circle
    /// it is a raster of.
    PixelDisc(u32),
    /// The 32-texel pixel disc meeting the slope on its texels (`with_texel_contacts`).
    PixelDiscTexels,
    /// The pixel backend's circle, which meets masks as an exact circle.
    PixelCircle,
    /// avian's circle.
    AvianCircle,
    /// avian's convex polygon through the corners of the 32-texel pixel disc's texels: the outline
    /// the pixel disc rolls on, as avian's own shape.
    AvianHull,
}

/// The speed of a 32 px round body 1 s after it is set on a 30 degree slope, friction 0.5.
pub(crate) fn roll(slope: Slope, wheel: Wheel) -> f32 {
    let pixel = matches!(slope, Slope::PixelStairs | Slope::TurnedPixelSlab)
        || matches!(
            wheel,
            Wheel::PixelDisc(_) | Wheel::PixelDiscTexels | Wheel::PixelCircle
        );
    let mut app = app(if pixel { Kind::Pixel } else { Kind::Avian });
    let angle = 30f32.to_radians();
    let tan = angle.tan();
    // A 700 x 40 slab turned 30 degrees, its top face through the origin.
    let normal = Vec2::new(-angle.sin(), angle.cos());
    let turned = Transform::from_translation((-normal * 20.0).extend(0.0))
        .with_rotation(Quat::from_rotation_z(angle));
    match slope {
        Slope::PixelStairs => {
            let (w, h) = (600u32, 360u32);
            let mask = Mask::from_fn(w, h, |x, y| {
                ((h - 1 - y) as f32 + 0.5) < (x as f32 + 0.5) * tan
            })
            .unwrap();
            let placed = Affine2::from_translation(Vec2::new(-300.0, h as f32 - 300.0 * tan))
                * Affine2::from_scale(Vec2::new(1.0, -1.0));
            app.world_mut().spawn((
                RigidBody::Static,
                PixelShape::from_mask_placed(mask, placed),
                Friction::new(0.5),
                Transform::IDENTITY,
            ));
        }
        Slope::TurnedPixelSlab => {
            app.world_mut().spawn((
                RigidBody::Static,
                PixelShape::from_mask(solid(700, 40), Vec2::ONE),
                Friction::new(0.5),
                turned,
            ));
        }
        Slope::AvianBox => {
            app.world_mut().spawn((
                RigidBody::Static,
                Collider::rectangle(700.0, 40.0),
                Friction::new(0.5),
                turned,
            ));
        }
    }
    let x0 = 200.0;
    let at = Vec2::new(x0, x0 * tan + 16.0 / angle.cos() + 0.5);
    let t = Transform::from_translation(at.extend(0.0));
    let body = (RigidBody::Dynamic, Friction::new(0.5), t);
    let wheel = match wheel {
        Wheel::PixelDisc(texels) => app
            .world_mut()
            .spawn((
                body,
                PixelShape::from_mask(disc(texels), Vec2::splat(32.0 / texels as f32)),
            ))
            .id(),
        Wheel::PixelDiscTexels => app
            .world_mut()
            .spawn((
                body,
                PixelShape::from_mask(disc(32), Vec2::ONE).with_texel_contacts(),
            ))
            .id(),
        Wheel::PixelCircle => app.world_mut().spawn((body, PixelShape::circle(16.0))).id(),
        Wheel::AvianCircle => app.world_mut().spawn((body, Collider::circle(16.0))).id(),
        Wheel::AvianHull => {
            let hull = hull(&disc(32));
            app.world_mut().spawn((body, hull)).id()
        }
    };
    run(&mut app, 1.0);
    app.world().get::<LinearVelocity>(wheel).unwrap().0.length()
}

/// The largest rise of a dropped, turned body's energy over any step of 5 s, as a fraction of the
/// energy of its drop: a 20 x 14 box in both kinds, or (`ragged`) a ragged pixel rock.
pub(crate) fn energy(kind: Kind, ragged: bool) -> f32 {
    let mut app = app(kind);
    ground(&mut app, kind, 256, 16);
    let at = Transform::from_xyz(0.0, 60.0, 0.0).with_rotation(Quat::from_rotation_z(0.4));
    let b = match (kind, ragged) {
        (Kind::Avian, _) => app
            .world_mut()
            .spawn((RigidBody::Dynamic, Collider::rectangle(20.0, 14.0), at))
            .id(),
        (Kind::Pixel, false) => app
            .world_mut()
            .spawn((
                RigidBody::Dynamic,
                PixelShape::from_mask(solid(20, 14), Vec2::ONE),
                at,
            ))
            .id(),
        (Kind::Pixel, true) => {
            let rock =
                Mask::from_fn(20, 14, |x, y| (x * 7 + y * 3) % 11 != 0 && x + y > 4).unwrap();
            app.world_mut()
                .spawn((
                    RigidBody::Dynamic,
                    PixelShape::from_mask(rock, Vec2::ONE),
                    at,
                ))
                .id()
        }
    };
    // The mass properties are in place after the first step.
    app.update();
    app.update();
    let mass = app.world().get::<ComputedMass>(b).unwrap().value();
    let inertia = app
        .world()
        .get::<ComputedAngularInertia>(b)
        .unwrap()
        .value();
    let e = |app: &App| {
        let v = app.world().get::<LinearVelocity>(b).unwrap().0;
        let w = app.world().get::<AngularVelocity>(b).unwrap().0;
        let com = app.world().get::<ComputedCenterOfMass>(b).unwrap().0;
        let rot = *app.world().get::<Rotation>(b).unwrap();
        let y = (position(app, b) + rot * com).y;
        0.5 * mass * v.length_squared() + 0.5 * inertia * w * w + mass * GRAVITY * y
    };
    let mut before = e(&app);
    let drop = mass * GRAVITY * 60.0;
    let mut worst = f32::MIN;
    for _ in 0..300 {
        app.update();
        let now = e(&app);
        worst = worst.max((now - before) / drop);
        before = now;
    }
    worst
}
