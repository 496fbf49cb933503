//! Ground that changes under resting bodies: carved, added to, despawned, its image replaced.

use super::*;

#[test]
fn a_body_falls_into_a_freshly_carved_crater() {
    let mut app = app();
    let ground = flat_ground(&mut app, 256, 64);
    let b = body(
        &mut app,
        PixelShape::from_mask(solid(12, 12), Vec2::ONE),
        Vec2::new(0.0, 7.0),
    );
    run(&mut app, 4.0);
    assert!((position(&app, b).y - 6.0).abs() < 0.2);
    assert!(
        app.world().get::<Sleeping>(b).is_some(),
        "asleep before the ground changes"
    );
    // Carve a crater 20 px deep under the body: texel (128, 0) is the ground's top middle.
    app.world_mut()
        .get_mut::<PixelShape>(ground)
        .unwrap()
        .edit_mask(None, |m| m.fill_circle(Vec2::new(128.0, 0.0), 20.0, false));
    run(&mut app, 3.0);
    let p = position(&app, b);
    assert!(p.y < -8.0, "fell into the crater: {p}");
    assert!(p.y > -20.5, "and rests on its floor: {p}");
}

#[test]
fn earth_added_under_a_resting_body_lifts_it_out_at_a_bounded_speed() {
    let mut app = app();
    // Ground from y = -64 to 0 whose top 20 rows are air: the surface at y = -20.
    let ground = app
        .world_mut()
        .spawn((
            RigidBody::Static,
            PixelShape::from_mask(Mask::from_fn(256, 64, |_, y| y >= 20).unwrap(), Vec2::ONE),
            Transform::from_xyz(0.0, -32.0, 0.0),
        ))
        .id();
    let b = body(
        &mut app,
        PixelShape::from_mask(solid(12, 12), Vec2::ONE),
        Vec2::new(0.0, -13.0),
    );
    run(&mut app, 4.0);
    assert!(
        (position(&app, b).y + 14.0).abs() < 0.2,
        "{}",
        position(&app, b)
    );
    // Ten rows of earth added: the body stands buried 10 px deep.
    app.world_mut()
        .get_mut::<PixelShape>(ground)
        .unwrap()
        .edit_mask(Some(URect::new(0, 10, 256, 20)), |m| {
            *m = Mask::from_fn(256, 64, |_, y| y >= 10).unwrap();
        });
    let mut fastest = 0f32;
    for _ in 0..240 {
        app.update();
        fastest = fastest.max(speed(&app, b));
    }
    let p = position(&app, b);
    assert!(
        (p.y + 4.0).abs() < 0.3,
        "pushed out onto the new surface: {p}"
    );
    assert!(fastest < 200.0, "pushed out at a bounded speed: {fastest}");
}

#[test]
fn despawning_the_ground_drops_the_body_and_despawning_the_body_ends_its_contacts() {
    let mut app = app();
    let ground = flat_ground(&mut app, 256, 16);
    let b = body(
        &mut app,
        PixelShape::from_mask(solid(16, 16), Vec2::ONE),
        Vec2::new(0.0, 8.5),
    );
    let c = body(
        &mut app,
        PixelShape::rectangle(16.0, 16.0),
        Vec2::new(40.0, 8.5),
    );
    run(&mut app, 1.0);
    assert!(app.world().resource::<PixelContacts>().contains(ground, c));
    app.world_mut().despawn(c);
    run(&mut app, 0.1);
    assert!(!app.world().resource::<PixelContacts>().contains(ground, c));
    app.world_mut().despawn(ground);
    run(&mut app, 1.0);
    assert!(position(&app, b).y < -100.0);
}

#[test]
fn sprite_ground_reloaded_under_a_resting_body_drops_it_to_the_new_surface() {
    let mut app = app();
    let handle = app
        .world_mut()
        .resource_mut::<Assets<Image>>()
        .add(common::opaque_where(128, 64, |_, y| y >= 32));
    // The sprite is centred: its top row at y = 32, the solid half's top at y = 0.
    app.world_mut().spawn((
        RigidBody::Static,
        Sprite::from_image(handle.clone()),
        PixelShape::from_sprite(),
        Transform::IDENTITY,
    ));
    let b = body(
        &mut app,
        PixelShape::from_mask(solid(10, 10), Vec2::ONE),
        Vec2::new(0.0, 6.0),
    );
    run(&mut app, 4.0);
    assert!(
        (position(&app, b).y - 5.0).abs() < 0.2,
        "{}",
        position(&app, b)
    );
    assert!(
        app.world().get::<Sleeping>(b).is_some(),
        "asleep before the image changes"
    );
    let lower = common::opaque_where(128, 64, |_, y| y >= 48);
    *app.world_mut()
        .resource_mut::<Assets<Image>>()
        .get_mut(&handle)
        .unwrap() = lower;
    run(&mut app, 3.0);
    assert!(
        (position(&app, b).y + 11.0).abs() < 0.3,
        "{}",
        position(&app, b)
    );
}
