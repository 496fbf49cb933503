//! `PixelMoveAndSlide`: a kinematic character on pixel ground, at speeds up to 100 px a step, on
//! ground carved under and around it.

use bevy_pixel_collide::avian::PixelMoveAndSlide;
use bevy_pixel_collide::pixel_collide::{ContactKind, Moved, Mover, Sprite, overlaps};

use super::*;

const STEP: f32 = 1.0 / 60.0;

/// One move of `me` at `at` by `velocity` for a step.
fn step(
    app: &mut App,
    me: &PixelShape,
    at: Vec2,
    velocity: Vec2,
    mover: Mover,
    was_on_floor: bool,
) -> Moved<Entity> {
    let me = me.clone();
    app.world_mut()
        .run_system_once(move |m: PixelMoveAndSlide| {
            m.move_and_slide(
                &me,
                at,
                0.0,
                velocity,
                Duration::from_secs_f32(STEP),
                &mover,
                was_on_floor,
                &SpatialQueryFilter::default(),
            )
        })
        .unwrap()
}

/// Whether `me` at `at` overlaps any pixel shape of the app.
fn inside_anything(app: &mut App, me: &PixelShape, at: Vec2) -> bool {
    let mut shapes = app
        .world_mut()
        .query::<(&PixelShape, &Position, &Rotation)>();
    let mine = me.texel_to_world(at, Rotation::IDENTITY).unwrap();
    let mask = me.mask().unwrap();
    shapes.iter(app.world()).any(|(shape, p, r)| {
        overlaps(
            Sprite::new(mask, mine),
            Sprite::new(
                shape.mask().unwrap(),
                shape.texel_to_world(p.0, *r).unwrap(),
            ),
        )
    })
}

#[test]
fn a_character_lands_walks_into_a_wall_and_climbs_a_step() {
    let mut app = app();
    let ground = flat_ground(&mut app, 400, 40);
    let wall = app
        .world_mut()
        .spawn((
            RigidBody::Static,
            PixelShape::from_mask(solid(10, 60), Vec2::ONE),
            Transform::from_xyz(100.0, 30.0, 0.0),
        ))
        .id();
    let riser = app
        .world_mut()
        .spawn((
            RigidBody::Static,
            PixelShape::from_mask(solid(20, 2), Vec2::ONE),
            Transform::from_xyz(-60.0, 1.0, 0.0),
        ))
        .id();
    app.update();
    let me = PixelShape::from_mask(solid(8, 16), Vec2::ONE);
    let mover = PixelMoveAndSlide::mover_for_height(16.0);
    // Dropped from 100 px at 100 px a step: it lands standing with its feet on y = 0.
    let out = step(
        &mut app,
        &me,
        Vec2::new(0.0, 108.0),
        Vec2::new(0.0, -6000.0),
        mover,
        false,
    );
    assert_eq!(out.position, Vec2::new(0.0, 8.0));
    assert!(out.on_floor && out.contacts[0].obstacle == ground);
    assert_eq!(out.contacts[0].kind, ContactKind::Floor);
    assert_eq!(out.slide_velocity(Vec2::new(0.0, -6000.0)), Vec2::ZERO);
    // Walking right into the wall (its left face at x = 95): stopped against it.
    let mut at = out.position;
    let mut on_wall = false;
    for _ in 0..30 {
        let out = step(&mut app, &me, at, Vec2::new(600.0, 0.0), mover, true);
        at = out.position;
        on_wall |= out.on_wall && out.contacts.iter().any(|c| c.obstacle == wall);
        assert!(!inside_anything(&mut app, &me, at));
    }
    assert!(on_wall);
    assert!((at.x - 91.0).abs() < 1e-3, "against the wall: {at}");
    // Walking left onto the 2 px riser (its right edge at x = -50; the tuning climbs 3 px): climbed,
    // standing on y = 2.
    let mut climbed = false;
    while at.x > -60.0 {
        let out = step(&mut app, &me, at, Vec2::new(-240.0, -60.0), mover, true);
        at = out.position;
        climbed |= out
            .contacts
            .iter()
            .any(|c| c.kind == ContactKind::Step && c.obstacle == riser);
        assert!(!inside_anything(&mut app, &me, at));
    }
    assert!(climbed && (at.y - 10.0).abs() < 1e-3, "on the riser: {at}");
}

#[test]
fn a_fast_character_never_ends_a_step_inside_ground_carved_under_and_around_it() {
    let mut app = app();
    let ground = flat_ground(&mut app, 600, 200);
    app.update();
    let me = PixelShape::capsule(5.0, 10.0);
    let mover = PixelMoveAndSlide::mover_for_height(20.0);
    let mut state = 0x9e3779b97f4a7c15u64;
    let mut rand = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 40) as f32 / (1u64 << 24) as f32
    };
    let (mut at, mut velocity, mut standing) = (Vec2::new(0.0, 50.0), Vec2::ZERO, false);
    let mut landings = 0;
    for k in 0..600 {
        // Every tenth step a crater is blown somewhere near the character, under or beside it.
        if k % 10 == 0 {
            let texel = Vec2::new(
                at.x + 300.0 + (rand() - 0.5) * 60.0,
                200.0 - at.y + (rand() - 0.5) * 40.0,
            );
            let r = 4.0 + rand() * 14.0;
            app.world_mut()
                .get_mut::<PixelShape>(ground)
                .unwrap()
                .edit_mask(None, |m| m.fill_circle(texel, r, false));
            app.update();
        }
        // Up to 100 px a step sideways and down; jumps now and then.
        velocity.x = (rand() - 0.5) * 12000.0;
        velocity.y -= 900.0 * STEP * 20.0;
        velocity.y = velocity.y.max(-6000.0);
        if standing && rand() < 0.1 {
            velocity.y = 3000.0;
            standing = false;
        }
        let out = step(&mut app, &me, at, velocity, mover, standing);
        assert!(!out.stuck, "step {k}: stuck at {at}");
        assert!(
            !inside_anything(&mut app, &me, out.position),
            "step {k}: inside at {}",
            out.position
        );
        landings += u32::from(out.on_floor && !standing);
        (at, velocity, standing) = (out.position, out.slide_velocity(velocity), out.on_floor);
        // Kept over the ground: a character that walked off its end is put back above it.
        if at.x.abs() > 250.0 || at.y < -200.0 {
            (at, velocity, standing) = (Vec2::new(0.0, 60.0), Vec2::ZERO, false);
        }
    }
    assert!(landings > 10, "it landed: {landings}");
}
