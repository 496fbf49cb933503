//! avian's `RayCaster` and `ShapeCaster` components, unchanged, see pixel shapes.

use super::*;

#[test]
fn a_ray_caster_and_a_shape_caster_see_pixel_ground_below() {
    let mut app = app();
    let ground = flat_ground(&mut app, 200, 20);
    // A body 50 px above the ground looking down, ignoring itself.
    let me = app
        .world_mut()
        .spawn((
            RigidBody::Kinematic,
            PixelShape::from_mask(solid(6, 6), Vec2::ONE),
            Transform::from_xyz(10.0, 50.0, 0.0),
            RayCaster::new(Vec2::ZERO, Dir2::NEG_Y).with_max_distance(500.0),
        ))
        .id();
    let caster = app
        .world_mut()
        .spawn((
            Transform::from_xyz(-30.0, 50.0, 0.0),
            ShapeCaster::new(Collider::circle(4.0), Vec2::ZERO, 0.0, Dir2::NEG_Y)
                .with_max_distance(500.0),
        ))
        .id();
    // The trees hold the new bodies from the first physics step on; the casts see them next.
    run(&mut app, 2.0 / 60.0);
    let rays = app.world().get::<RayHits>(me).unwrap();
    let hit = rays.iter().next().expect("the ray sees the ground");
    assert_eq!(
        (hit.entity, hit.distance, hit.normal),
        (ground, 50.0, Vec2::Y)
    );
    let shapes = app.world().get::<ShapeHits>(caster).unwrap();
    let hit = shapes.iter().next().expect("the circle sees the ground");
    assert_eq!(hit.entity, ground);
    assert!((hit.distance - 46.0).abs() < 1e-3, "{}", hit.distance);
    assert!((hit.normal1 - Vec2::Y).length() < 1e-3);
    // A shaft carved through the ground under the ray: it sees nothing now.
    app.world_mut()
        .get_mut::<PixelShape>(ground)
        .unwrap()
        .edit_mask(None, |m| {
            for y in 0..20 {
                for x in 105..115 {
                    m.set(x, y, false);
                }
            }
        });
    app.update();
    assert!(
        app.world().get::<RayHits>(me).unwrap().is_empty(),
        "through the shaft"
    );
    // A caster turned off has no hits; one of a shape pixel shapes cannot be is warned about.
    app.world_mut()
        .get_mut::<ShapeCaster>(caster)
        .unwrap()
        .disable();
    app.update();
    assert!(app.world().get::<ShapeHits>(caster).unwrap().is_empty());
    // A triangle (any convex polygon) is cast as itself: its lowest corner, 50 px up and 2 px
    // under its centre, meets the ground's top 48 px down.
    let wedge = app
        .world_mut()
        .spawn((
            Transform::from_xyz(-40.0, 50.0, 0.0),
            ShapeCaster::new(
                Collider::triangle(
                    Vec2::new(-4.0, 3.0),
                    Vec2::new(4.0, 3.0),
                    Vec2::new(0.0, -2.0),
                ),
                Vec2::ZERO,
                0.0,
                Dir2::NEG_Y,
            )
            .with_max_distance(500.0),
        ))
        .id();
    // A shape that is not convex gets no hits (and a warning).
    let odd = app
        .world_mut()
        .spawn((
            Transform::from_xyz(-30.0, 50.0, 0.0),
            ShapeCaster::new(
                Collider::polyline(vec![Vec2::ZERO, Vec2::X, Vec2::Y], None),
                Vec2::ZERO,
                0.0,
                Dir2::NEG_Y,
            ),
        ))
        .id();
    app.update();
    let hit = app
        .world()
        .get::<ShapeHits>(wedge)
        .unwrap()
        .iter()
        .next()
        .copied();
    let hit = hit.expect("the triangle sees the ground");
    assert!((hit.distance - 48.0).abs() < 1e-3, "{}", hit.distance);
    assert!((hit.normal1 - Vec2::Y).length() < 1e-3);
    assert!(app.world().get::<ShapeHits>(odd).unwrap().is_empty());
}
