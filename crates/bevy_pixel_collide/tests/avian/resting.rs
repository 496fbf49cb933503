//! Bodies at rest: a box on flat pixel ground, a stack of five, a capsule lying level, primitives
//! on pixel ground and on each other, a scaled body, a sheared mask, a pile of ragged rocks that
//! falls asleep.

use super::*;

#[test]
fn a_box_rests_flat_on_pixel_ground_at_its_height_and_stays() {
    let mut app = app();
    flat_ground(&mut app, 256, 16);
    let b = body(
        &mut app,
        PixelShape::from_mask(solid(16, 16), Vec2::ONE),
        Vec2::new(0.0, 30.0),
    );
    run(&mut app, 3.0);
    let settled = position(&app, b);
    assert!((settled.y - 8.0).abs() < 0.1, "rests at {settled}");
    assert!(angle(&app, b).abs() < 1e-3, "flat: {}", angle(&app, b));
    run(&mut app, 10.0);
    let later = position(&app, b);
    assert!(
        later.distance(settled) < 0.1,
        "drifted from {settled} to {later}"
    );
}

#[test]
fn five_boxes_stand_stacked_for_ten_seconds() {
    let mut app = app();
    flat_ground(&mut app, 256, 16);
    let boxes: Vec<Entity> = (0..5)
        .map(|i| {
            body(
                &mut app,
                PixelShape::from_mask(solid(16, 16), Vec2::ONE),
                Vec2::new(0.0, 8.5 + 17.0 * i as f32),
            )
        })
        .collect();
    run(&mut app, 10.0);
    for (i, &b) in boxes.iter().enumerate() {
        let p = position(&app, b);
        let expected = 8.0 + 16.0 * i as f32;
        assert!(
            p.x.abs() < 1.0 && (p.y - expected).abs() < 0.5,
            "box {i} at {p}"
        );
        assert!(
            angle(&app, b).abs() < 0.02,
            "box {i} turned {}",
            angle(&app, b)
        );
    }
}

#[test]
fn a_capsule_lies_level_on_pixel_ground_on_two_points() {
    let mut app = app();
    let ground = flat_ground(&mut app, 256, 16);
    // A capsule of radius 5 whose segment, 30 long, lies along x.
    let capsule = app
        .world_mut()
        .spawn((
            RigidBody::Dynamic,
            PixelShape::capsule(5.0, 30.0),
            Transform::from_xyz(0.0, 7.0, 0.0)
                .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_2)),
        ))
        .id();
    run(&mut app, 3.0);
    let start = angle(&app, capsule);
    assert!(
        (start.abs() - std::f32::consts::FRAC_PI_2).abs() < 1e-3,
        "level: {start}"
    );
    assert!(
        (position(&app, capsule).y - 5.0).abs() < 0.05,
        "resting on its round side: {}",
        position(&app, capsule)
    );
    let pair = app
        .world()
        .resource::<ContactGraph>()
        .get(capsule, ground)
        .map(|(_, pair)| pair.manifolds[0].points.len());
    assert_eq!(pair, Some(2), "one point under each end");
    run(&mut app, 3.0);
    assert!(
        (angle(&app, capsule) - start).abs() < 1e-3,
        "it does not rock"
    );
}

#[test]
fn primitives_rest_on_pixel_ground_and_on_each_other() {
    let mut app = app();
    flat_ground(&mut app, 256, 16);
    let rect = body(
        &mut app,
        PixelShape::rectangle(20.0, 10.0),
        Vec2::new(-60.0, 6.0),
    );
    let ball = body(&mut app, PixelShape::circle(8.0), Vec2::new(0.0, 9.0));
    let capsule = body(
        &mut app,
        PixelShape::capsule(6.0, 12.0),
        Vec2::new(60.0, 13.0),
    );
    // A circle on the rectangle: primitive on primitive, as avian's own shapes meet.
    let top = body(&mut app, PixelShape::circle(4.0), Vec2::new(-60.0, 16.0));
    app.world_mut()
        .entity_mut(capsule)
        .insert(LockedAxes::ROTATION_LOCKED);
    run(&mut app, 4.0);
    // The circle and the capsule meet the mask exactly, so they rest as avian's own shapes would.
    assert!(
        (position(&app, rect).y - 5.0).abs() < 0.2,
        "{}",
        position(&app, rect)
    );
    assert!(
        (position(&app, ball).y - 8.0).abs() < 0.05,
        "{}",
        position(&app, ball)
    );
    assert!(
        (position(&app, capsule).y - 12.0).abs() < 0.05,
        "{}",
        position(&app, capsule)
    );
    assert!(
        (position(&app, top).y - 14.0).abs() < 0.5,
        "{}",
        position(&app, top)
    );
}

#[test]
fn a_scaled_body_rests_and_weighs_at_its_scaled_size() {
    let mut app = app();
    flat_ground(&mut app, 256, 16);
    // An 8 x 8 mask drawn at twice its size: a 16 px box.
    let b = app
        .world_mut()
        .spawn((
            RigidBody::Dynamic,
            PixelShape::from_mask(solid(8, 8), Vec2::ONE),
            Transform::from_xyz(0.0, 20.0, 0.0).with_scale(Vec3::new(2.0, 2.0, 1.0)),
        ))
        .id();
    run(&mut app, 3.0);
    assert!(
        (position(&app, b).y - 8.0).abs() < 0.1,
        "{}",
        position(&app, b)
    );
    let mass = app.world().get::<ComputedMass>(b).unwrap().value();
    assert!((mass - 256.0).abs() < 1e-3, "{mass}");
}

/// An irregular rock `size` texels across, lobed by `seed`.
fn rock(size: u32, seed: u32) -> Mask {
    let r = size as f32 / 2.0;
    Mask::from_fn(size, size, |x, y| {
        let d = Vec2::new(x as f32 + 0.5 - r, y as f32 + 0.5 - r);
        let edge = r * (0.8 + 0.2 * (3.0 * d.y.atan2(d.x) + seed as f32).sin());
        d.length() < edge
    })
    .unwrap()
}

#[test]
fn a_pile_of_ragged_rocks_comes_to_rest_and_sleeps() {
    // Rocks whose texel staircases meet corner to corner: one manifold per pair of bodies swung
    // between the two staircases' faces from step to step, and such a pile never slept (3 of 300
    // asleep after 16 s in the report's box); a box contact per pair of solid rectangles lets it.
    let mut app = app();
    let (w, h, wall) = (240u32, 200u32, 8u32);
    let bin = Mask::from_fn(w, h, |x, y| x < wall || x >= w - wall || y >= h - wall).unwrap();
    app.world_mut().spawn((
        RigidBody::Static,
        PixelShape::from_mask(bin, Vec2::ONE),
        Transform::from_xyz(0.0, h as f32 / 2.0, 0.0),
    ));
    let rocks: Vec<Entity> = (0..40u32)
        .map(|i| {
            let at = Vec2::new(-100.0 + (i % 8) as f32 * 28.0, 30.0 + (i / 8) as f32 * 30.0);
            let rock = body(
                &mut app,
                PixelShape::from_mask(rock(12 + (i * 37) % 13, i), Vec2::ONE),
                at,
            );
            app.world_mut()
                .entity_mut(rock)
                .insert(Rotation::radians(i as f32 * 0.9));
            rock
        })
        .collect();
    run(&mut app, 10.0);
    let asleep = rocks
        .iter()
        .filter(|&&r| app.world().get::<Sleeping>(r).is_some())
        .count();
    assert_eq!(asleep, rocks.len(), "{asleep} of {} asleep", rocks.len());
    for &r in &rocks {
        let p = position(&app, r);
        assert!(
            p.x.abs() < 112.0 && p.y > 0.0 && p.y < 120.0,
            "a rock left the bin: {p}"
        );
    }
}

#[test]
fn a_sheared_mask_rests_on_its_texels_not_on_a_box_around_them() {
    // Texels placed under a shear are parallelograms: no box holds them, so such a mask meets the
    // ground through its own manifold. Its bottom edge stays level under a horizontal shear, so it
    // rests with its centre 4 px up, where a box as tall as its slanted side would put it 4.5 px up.
    let mut app = app();
    flat_ground(&mut app, 256, 16);
    let shear = Affine2::from_cols(Vec2::X, Vec2::new(0.5, -1.0), Vec2::new(-6.0, 4.0));
    let b = body(
        &mut app,
        PixelShape::from_mask_placed(solid(8, 8), shear),
        Vec2::new(0.0, 20.0),
    );
    run(&mut app, 4.0);
    let rest = position(&app, b);
    assert!((rest.y - 4.0).abs() < 0.1, "rests at {rest}");
    assert!(angle(&app, b).abs() < 1e-2, "level: {}", angle(&app, b));
}
