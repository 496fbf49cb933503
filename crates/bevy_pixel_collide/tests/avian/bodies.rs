//! What a body is: its mass properties from its texels, its energy over a drop, and the plugin's
//! messages and queries on it.

use super::*;

#[test]
fn pixel_messages_and_queries_see_physics_shapes() {
    let mut app = app();
    let ground = flat_ground(&mut app, 256, 16);
    let b = body(
        &mut app,
        PixelShape::from_mask(solid(16, 16), Vec2::ONE),
        Vec2::new(0.0, 8.5),
    );
    run(&mut app, 1.0);
    assert!(app.world().resource::<PixelContacts>().contains(ground, b));
    let at = app
        .world_mut()
        .run_system_once(|q: PixelQueries| q.at_point(Vec2::new(0.0, 8.0)))
        .unwrap();
    assert_eq!(at, vec![b]);
}

#[test]
fn mass_and_inertia_are_summed_from_the_texels() {
    let mut app = app();
    let b = body(
        &mut app,
        PixelShape::from_mask(solid(20, 10), Vec2::new(2.0, 1.0)),
        Vec2::ZERO,
    );
    app.world_mut().entity_mut(b).insert(GravityScale(0.0));
    app.update();
    let mass = app.world().get::<ComputedMass>(b).unwrap().value();
    let inertia = app
        .world()
        .get::<ComputedAngularInertia>(b)
        .unwrap()
        .value();
    // 40 x 10 units at density 1: mass 400, inertia m (w² + h²) / 12.
    assert!((mass - 400.0).abs() < 1e-3, "{mass}");
    assert!(
        (inertia - 400.0 * (1600.0 + 100.0) / 12.0).abs() < 1.0,
        "{inertia}"
    );
    let com = app.world().get::<ComputedCenterOfMass>(b).unwrap().0;
    assert!(com.length() < 1e-4, "{com}");
    // An L shape: the centre of mass moves towards the heavier arm.
    let l = Mask::from_fn(4, 4, |x, y| x == 0 || y == 3).unwrap();
    let c = body(&mut app, PixelShape::from_mask(l, Vec2::ONE), Vec2::ZERO);
    app.world_mut().entity_mut(c).insert(GravityScale(0.0));
    app.update();
    let com = app.world().get::<ComputedCenterOfMass>(c).unwrap().0;
    // Texel centres x: 0.5 (x4) and 1.5, 2.5, 3.5: mean 9.5/7; y (down) rows 0..3 and 3 (x3).
    assert!((com.x - (9.5 / 7.0 - 2.0)).abs() < 1e-4, "{com}");
    assert!((com.y - -(18.5 / 7.0 - 2.0)).abs() < 1e-4, "{com}");
}

#[test]
fn a_primitives_angular_inertia_is_per_its_mass() {
    // avian's `angular_inertia(x)` takes a density, not a mass: taken for a mass, a circle's
    // inertia came out its mass times larger and the circle barely turned.
    let mut app = app();
    let shapes = [
        (PixelShape::circle(16.0), 256.0 / 2.0),
        (PixelShape::rectangle(40.0, 10.0), (1600.0 + 100.0) / 12.0),
    ];
    for (shape, per_mass) in shapes {
        let b = body(&mut app, shape, Vec2::ZERO);
        app.world_mut().entity_mut(b).insert(GravityScale(0.0));
        app.update();
        let mass = app.world().get::<ComputedMass>(b).unwrap().value();
        let inertia = app
            .world()
            .get::<ComputedAngularInertia>(b)
            .unwrap()
            .value();
        assert!(
            (inertia - mass * per_mass).abs() < 1e-3 * mass * per_mass,
            "{inertia} against {}",
            mass * per_mass
        );
    }
}

/// Drops `mask` from 60 px turned by 0.4 rad onto flat ground for 5 s: the largest rise of its
/// energy over one step and over the whole fall, as fractions of the drop's energy.
fn energy_rises_of_a_drop(mask: Mask) -> (f32, f32) {
    let mut app = app();
    flat_ground(&mut app, 256, 16);
    let b = body(
        &mut app,
        PixelShape::from_mask(mask, Vec2::ONE),
        Vec2::new(0.0, 60.0),
    );
    app.world_mut()
        .entity_mut(b)
        .insert(Transform::from_xyz(0.0, 60.0, 0.0).with_rotation(Quat::from_rotation_z(0.4)));
    // The mass properties are in place after the first step.
    app.update();
    app.update();
    let mass = app.world().get::<ComputedMass>(b).unwrap().value();
    let inertia = app
        .world()
        .get::<ComputedAngularInertia>(b)
        .unwrap()
        .value();
    let energy = |app: &App| {
        let v = app.world().get::<LinearVelocity>(b).unwrap().0;
        let w = app.world().get::<AngularVelocity>(b).unwrap().0;
        let com = app.world().get::<ComputedCenterOfMass>(b).unwrap().0;
        let rotation = *app.world().get::<Rotation>(b).unwrap();
        let y = (position(app, b) + rotation * com).y;
        0.5 * mass * v.length_squared() + 0.5 * inertia * w * w + mass * GRAVITY * y
    };
    let drop = mass * GRAVITY * 60.0;
    let start = energy(&app);
    let (mut before, mut highest, mut step_rise) = (start, start, f32::MIN);
    for _ in 0..300 {
        app.update();
        let now = energy(&app);
        step_rise = step_rise.max((now - before) / drop);
        highest = highest.max(now);
        before = now;
    }
    (step_rise, (highest - start) / drop)
}

#[test]
fn a_dropped_body_never_gains_energy() {
    let rock = Mask::from_fn(20, 14, |x, y| (x * 7 + y * 3) % 11 != 0 && x + y > 4).unwrap();
    for (name, mask) in [("box", solid(20, 14)), ("rock", rock)] {
        let (step, overall) = energy_rises_of_a_drop(mask);
        // No more than avian's own box on a box gains over a step (about 1e-6 of the drop, its
        // solver's rounding and softness); a corner of the turning body that struck the ground
        // outside the manifold's points sank in and was pushed out, 1.75e-5 for the box and 6.7e-4
        // for the rock.
        assert!(
            step < 5e-6,
            "the {name} gains {step:e} of its drop in one step"
        );
        assert!(
            overall <= 0.0,
            "the {name} ends {overall:e} of its drop above its start"
        );
    }
}
