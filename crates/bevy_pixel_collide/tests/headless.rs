//! The plugin as a game uses it: a headless `App` (no window, no GPU), images made in code, sprites
//! with colliders, `app.update()`, and the exact messages and components that result.

mod common;

use std::f32::consts::FRAC_PI_2;

use bevy::ecs::message::Messages;
use bevy::ecs::system::RunSystemOnce;
use bevy::image::{
    CompressedImageFormats, ImageLoader, TextureAtlas, TextureAtlasLayout, TextureAtlasPlugin,
};
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy_pixel_collide::prelude::*;

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin::default(),
        ImagePlugin::default(),
        TextureAtlasPlugin,
        TransformPlugin,
        PixelCollidePlugin,
    ));
    app
}

/// Changes the image behind `handle` in place, as a hot reload or an edit in game code does.
fn replace_image(app: &mut App, handle: &Handle<Image>, new: Image) {
    let mut images = app.world_mut().resource_mut::<Assets<Image>>();
    *images.get_mut(handle).unwrap() = new;
}

fn add_image(app: &mut App, image: Image) -> Handle<Image> {
    app.world_mut().resource_mut::<Assets<Image>>().add(image)
}

/// A 1 x 1 opaque probe whose texel covers the world square centred on `at`.
fn spawn_probe(app: &mut App, at: Vec2) -> Entity {
    let dot = add_image(app, common::image(1, 1, |_, _| 255));
    app.world_mut()
        .spawn((
            Sprite::from_image(dot),
            PixelCollider::default(),
            Transform::from_translation(at.extend(0.0)),
        ))
        .id()
}

fn started(app: &mut App) -> Vec<PixelCollisionStarted> {
    app.world_mut()
        .resource_mut::<Messages<PixelCollisionStarted>>()
        .drain()
        .collect()
}

fn ended(app: &mut App) -> Vec<PixelCollisionEnded> {
    app.world_mut()
        .resource_mut::<Messages<PixelCollisionEnded>>()
        .drain()
        .collect()
}

/// The started message for `a` and `b`: the smaller entity (in `Entity`'s own order) first.
fn start(a: Entity, b: Entity) -> PixelCollisionStarted {
    PixelCollisionStarted(a.min(b), a.max(b))
}

/// The ended message for `a` and `b`.
fn end(a: Entity, b: Entity) -> PixelCollisionEnded {
    PixelCollisionEnded(a.min(b), a.max(b))
}

/// `entities` in ascending order, as the plugin answers them.
fn sorted<const N: usize>(mut entities: [Entity; N]) -> Vec<Entity> {
    entities.sort();
    entities.to_vec()
}

fn set_translation(app: &mut App, entity: Entity, at: Vec2) {
    app.world_mut()
        .get_mut::<Transform>(entity)
        .unwrap()
        .translation = at.extend(0.0);
}

/// Which of `points` lie on a solid texel of `entity`, asked through `PixelQueries`.
fn solid_at(app: &mut App, entity: Entity, points: &[Vec2]) -> Vec<bool> {
    let points = points.to_vec();
    app.world_mut()
        .run_system_once(move |q: PixelQueries| {
            points
                .iter()
                .map(|&p| q.contains_point(entity, p))
                .collect::<Vec<_>>()
        })
        .unwrap()
}

/// The centres of the four world texels of a 4 x 4 sprite centred on the origin that are nearest its
/// corners: top-left, top-right, bottom-left, bottom-right.
const CORNERS: [Vec2; 4] = [
    Vec2::new(-1.5, 1.5),
    Vec2::new(1.5, 1.5),
    Vec2::new(-1.5, -1.5),
    Vec2::new(1.5, -1.5),
];

/// A 4 x 4 image whose only solid texel is its first, the top-left one in the file.
fn top_left_texel() -> Image {
    common::image(4, 4, |x, y| if (x, y) == (0, 0) { 255 } else { 0 })
}

#[test]
fn the_first_image_row_is_the_top_of_the_sprite_and_flips_mirror_it() {
    let mut app = app();
    let img = add_image(&mut app, top_left_texel());
    // A probe on each corner texel of the 4 x 4 sprite; the probes are 3 apart and touch no other.
    let probes = CORNERS.map(|at| spawn_probe(&mut app, at));
    app.update();
    assert_eq!(started(&mut app), []);
    // Which corner the file's top-left texel is drawn on: top-left, top-right, bottom-left,
    // bottom-right.
    let cases = [
        ((false, false), 0),
        ((true, false), 1),
        ((false, true), 2),
        ((true, true), 3),
    ];
    for ((flip_x, flip_y), corner) in cases {
        let sprite = Sprite {
            flip_x,
            flip_y,
            ..Sprite::from_image(img.clone())
        };
        let e = app
            .world_mut()
            .spawn((sprite, PixelCollider::default()))
            .id();
        app.update();
        let case = format!("flip_x {flip_x}, flip_y {flip_y}");
        assert_eq!(started(&mut app), [start(e, probes[corner])], "{case}");
        let mut expected = [false; 4];
        expected[corner] = true;
        assert_eq!(solid_at(&mut app, e, &CORNERS), expected, "{case}");
        app.world_mut().despawn(e);
        app.update();
        assert_eq!(ended(&mut app), [end(e, probes[corner])], "{case}");
    }
}

#[test]
fn a_probe_on_the_solid_texel_starts_a_collision_and_one_beside_it_does_not() {
    let mut app = app();
    let img = add_image(&mut app, top_left_texel());
    let sprite = app
        .world_mut()
        .spawn((Sprite::from_image(img), PixelCollider::default()))
        .id();
    // Inside the sprite's bounds but on air: the bounds overlap, the pixels do not.
    let probe = spawn_probe(&mut app, Vec2::new(-1.5, -1.5));
    app.update();
    assert_eq!(started(&mut app), []);
    set_translation(&mut app, probe, Vec2::new(-1.5, 1.5));
    app.update();
    assert_eq!(started(&mut app), [start(sprite, probe)]);
    assert_eq!(ended(&mut app), []);
    let touching = app.world().get::<PixelCollidingEntities>(sprite).unwrap();
    assert!(touching.contains(&probe) && touching.len() == 1);
    assert!(
        app.world()
            .resource::<PixelContacts>()
            .contains(probe, sprite)
    );
    // Staying in touch sends nothing more.
    app.update();
    assert_eq!(started(&mut app), []);
    // Half a texel over is still on the texel; a whole one over is edge to edge, which is not touching.
    set_translation(&mut app, probe, Vec2::new(-0.5, 1.5));
    app.update();
    assert_eq!(ended(&mut app), [end(sprite, probe)]);
    assert!(
        app.world()
            .get::<PixelCollidingEntities>(sprite)
            .unwrap()
            .is_empty()
    );
    assert!(
        app.world()
            .get::<PixelCollidingEntities>(probe)
            .unwrap()
            .is_empty()
    );
}

#[test]
fn custom_size_and_anchor_place_the_mask_where_the_sprite_is_drawn() {
    let mut app = app();
    let img = add_image(&mut app, top_left_texel());
    // Drawn 8 wide and 2 high from its bottom-left corner at the origin: the top-left texel covers
    // x 0..2, y 1.5..2.
    let e = app
        .world_mut()
        .spawn((
            Sprite {
                custom_size: Some(Vec2::new(8.0, 2.0)),
                ..Sprite::from_image(img)
            },
            Anchor::BOTTOM_LEFT,
            PixelCollider::default(),
        ))
        .id();
    app.update();
    let points = [
        Vec2::new(1.9, 1.9),
        Vec2::new(0.1, 1.6),
        Vec2::new(2.1, 1.9),
        Vec2::new(1.0, 1.4),
        Vec2::new(-1.5, 1.5),
    ];
    assert_eq!(
        solid_at(&mut app, e, &points),
        [true, true, false, false, false]
    );
    let bounds = app
        .world()
        .get::<PixelCollider>(e)
        .unwrap()
        .world_bounds(&GlobalTransform::IDENTITY)
        .unwrap();
    assert_eq!((bounds.min, bounds.max), (Vec2::ZERO, Vec2::new(8.0, 2.0)));
}

#[test]
fn a_flipped_sprite_keeps_its_anchor_on_the_drawn_quad() {
    let mut app = app();
    let img = add_image(&mut app, top_left_texel());
    // Anchored at its bottom-left corner, the sprite covers 0..4 on both axes whichever way it is
    // flipped; flipped in x, the file's top-left texel is drawn at the top right.
    let e = app
        .world_mut()
        .spawn((
            Sprite {
                flip_x: true,
                ..Sprite::from_image(img)
            },
            Anchor::BOTTOM_LEFT,
            PixelCollider::default(),
        ))
        .id();
    app.update();
    assert_eq!(
        solid_at(
            &mut app,
            e,
            &[
                Vec2::new(3.5, 3.5),
                Vec2::new(0.5, 3.5),
                Vec2::new(-0.5, 3.5)
            ]
        ),
        [true, false, false]
    );
}

#[test]
fn the_atlas_section_and_rect_choose_the_texels() {
    let mut app = app();
    // Two 4 x 4 frames side by side: frame 0 solid in its top-left texel, frame 1 in its bottom-right.
    let sheet = add_image(
        &mut app,
        common::image(8, 4, |x, y| match (x, y) {
            (0, 0) | (7, 3) => 255,
            _ => 0,
        }),
    );
    let layout = app
        .world_mut()
        .resource_mut::<Assets<TextureAtlasLayout>>()
        .add(TextureAtlasLayout::from_grid(
            UVec2::splat(4),
            2,
            1,
            None,
            None,
        ));
    let e = app
        .world_mut()
        .spawn((
            Sprite::from_atlas_image(
                sheet.clone(),
                TextureAtlas {
                    layout: layout.clone(),
                    index: 0,
                },
            ),
            PixelCollider::default(),
        ))
        .id();
    let top_left = spawn_probe(&mut app, CORNERS[0]);
    let bottom_right = spawn_probe(&mut app, CORNERS[3]);
    app.update();
    assert_eq!(started(&mut app), [start(e, top_left)]);
    let mask = app.world().get::<PixelCollider>(e).unwrap().mask().unwrap();
    assert_eq!((mask.width(), mask.height()), (4, 4));

    // The next frame of the animation: the contact moves to the other corner in the same update.
    app.world_mut()
        .get_mut::<Sprite>(e)
        .unwrap()
        .texture_atlas
        .as_mut()
        .unwrap()
        .index = 1;
    app.update();
    assert_eq!(ended(&mut app), [end(e, top_left)]);
    assert_eq!(started(&mut app), [start(e, bottom_right)]);

    // A `rect` inside the section: its bottom-right 2 x 2 texels, drawn 2 x 2 about the origin.
    app.world_mut().get_mut::<Sprite>(e).unwrap().rect = Some(Rect::new(2.0, 2.0, 4.0, 4.0));
    app.update();
    assert_eq!(ended(&mut app), [end(e, bottom_right)]);
    assert_eq!(
        solid_at(&mut app, e, &[Vec2::new(0.5, -0.5), Vec2::new(-0.5, 0.5)]),
        [true, false]
    );
}

#[test]
fn rotation_and_scale_of_the_transform_turn_and_stretch_the_mask() {
    let mut app = app();
    // A bar 8 texels long and 1 high, solid only in its right half.
    let bar = add_image(
        &mut app,
        common::image(8, 1, |x, _| if x >= 4 { 255 } else { 0 }),
    );
    let e = app
        .world_mut()
        .spawn((Sprite::from_image(bar), PixelCollider::default()))
        .id();
    let right = spawn_probe(&mut app, Vec2::new(3.0, 0.0));
    let up = spawn_probe(&mut app, Vec2::new(0.0, 3.0));
    let far_up = spawn_probe(&mut app, Vec2::new(0.0, 7.0));
    app.update();
    assert_eq!(started(&mut app), [start(e, right)]);

    // A quarter turn anticlockwise (Bevy's positive z rotation) points the solid half up.
    app.world_mut().get_mut::<Transform>(e).unwrap().rotation = Quat::from_rotation_z(FRAC_PI_2);
    app.update();
    assert_eq!(ended(&mut app), [end(e, right)]);
    assert_eq!(started(&mut app), [start(e, up)]);

    // Doubled along its length it reaches 8 up.
    app.world_mut().get_mut::<Transform>(e).unwrap().scale = Vec3::new(2.0, 1.0, 1.0);
    app.update();
    assert_eq!(ended(&mut app), []);
    assert_eq!(started(&mut app), [start(e, far_up)]);
}

#[test]
fn a_parent_transform_places_a_child_collider() {
    let mut app = app();
    let img = add_image(&mut app, common::image(2, 2, |_, _| 255));
    let parent = app
        .world_mut()
        .spawn(Transform::from_xyz(100.0, 50.0, 0.0).with_scale(Vec3::splat(3.0)))
        .id();
    let child = app
        .world_mut()
        .spawn((
            Sprite::from_image(img),
            PixelCollider::default(),
            Transform::from_xyz(10.0, 0.0, 0.0),
            ChildOf(parent),
        ))
        .id();
    // The child's centre is at 100 + 3 * 10 = 130 and it spans 6 world units.
    let probe = spawn_probe(&mut app, Vec2::new(132.5, 52.5));
    let miss = spawn_probe(&mut app, Vec2::new(134.0, 50.0));
    app.update();
    assert_eq!(started(&mut app), [start(child, probe)]);
    let _ = miss;
}

#[test]
fn editing_the_image_rebuilds_the_mask_in_the_same_update() {
    let mut app = app();
    let img = add_image(&mut app, common::image(4, 4, |_, _| 0));
    let e = app
        .world_mut()
        .spawn((Sprite::from_image(img.clone()), PixelCollider::default()))
        .id();
    let probe = spawn_probe(&mut app, CORNERS[3]);
    app.update();
    assert_eq!(started(&mut app), []);
    assert_eq!(
        app.world()
            .get::<PixelCollider>(e)
            .unwrap()
            .mask()
            .unwrap()
            .solid_count(),
        0
    );

    // What a hot reload does: the asset changes under the same handle.
    replace_image(
        &mut app,
        &img,
        common::image(4, 4, |x, y| if (x, y) == (3, 3) { 255 } else { 0 }),
    );
    app.update();
    assert_eq!(started(&mut app), [start(e, probe)]);

    // And back: the collision ends.
    replace_image(&mut app, &img, common::image(4, 4, |_, _| 0));
    app.update();
    assert_eq!(ended(&mut app), [end(e, probe)]);
}

#[test]
fn a_collider_waits_for_its_image_to_load() {
    let mut app = app();
    let handle = app.world_mut().resource::<Assets<Image>>().reserve_handle();
    let e = app
        .world_mut()
        .spawn((Sprite::from_image(handle.clone()), PixelCollider::default()))
        .id();
    let probe = spawn_probe(&mut app, Vec2::ZERO);
    app.update();
    assert_eq!(started(&mut app), []);
    assert!(
        app.world()
            .get::<PixelCollider>(e)
            .unwrap()
            .mask()
            .is_none()
    );
    app.world_mut()
        .resource_mut::<Assets<Image>>()
        .insert(&handle, common::image(2, 2, |_, _| 255))
        .unwrap();
    app.update();
    assert_eq!(started(&mut app), [start(e, probe)]);
}

#[test]
fn the_alpha_threshold_decides_which_texels_are_solid() {
    let mut app = app();
    // Faint on the left, opaque on the right.
    let img = add_image(
        &mut app,
        common::image(2, 1, |x, _| if x == 0 { 40 } else { 255 }),
    );
    let any = app
        .world_mut()
        .spawn((Sprite::from_image(img.clone()), PixelCollider::default()))
        .id();
    let strict = app
        .world_mut()
        .spawn((
            Sprite::from_image(img),
            PixelCollider::with_alpha_threshold(40),
        ))
        .id();
    app.update();
    let left = Vec2::new(-0.5, 0.0);
    assert_eq!(solid_at(&mut app, any, &[left]), [true]);
    assert_eq!(solid_at(&mut app, strict, &[left]), [false]);
    // Raising the threshold on the first rebuilds its mask.
    app.world_mut()
        .get_mut::<PixelCollider>(any)
        .unwrap()
        .alpha_threshold = 40;
    app.update();
    assert_eq!(solid_at(&mut app, any, &[left]), [false]);
}

#[test]
fn despawning_a_touching_entity_ends_its_collisions() {
    let mut app = app();
    let img = add_image(&mut app, common::image(4, 4, |_, _| 255));
    let a = app
        .world_mut()
        .spawn((Sprite::from_image(img.clone()), PixelCollider::default()))
        .id();
    let b = app
        .world_mut()
        .spawn((
            Sprite::from_image(img.clone()),
            PixelCollider::default(),
            Transform::from_xyz(2.0, 0.0, 0.0),
        ))
        .id();
    let c = app
        .world_mut()
        .spawn((
            Sprite::from_image(img),
            PixelCollider::default(),
            Transform::from_xyz(-2.0, 0.0, 0.0),
        ))
        .id();
    app.update();
    let mut both = [start(a, b), start(a, c)];
    both.sort_by_key(|m| (m.0, m.1));
    assert_eq!(started(&mut app), both);
    app.world_mut().despawn(a);
    app.update();
    let mut both = [end(a, b), end(a, c)];
    both.sort_by_key(|m| (m.0, m.1));
    assert_eq!(ended(&mut app), both);
    assert!(
        app.world()
            .get::<PixelCollidingEntities>(b)
            .unwrap()
            .is_empty()
    );
    assert!(
        app.world()
            .get::<PixelCollidingEntities>(c)
            .unwrap()
            .is_empty()
    );
    assert!(app.world().resource::<PixelContacts>().pairs().is_empty());
    // Removing the collider, not the entity, ends the collision the same way.
    app.world_mut().entity_mut(b).remove::<PixelCollider>();
    app.world_mut()
        .get_mut::<Transform>(c)
        .unwrap()
        .translation
        .x = 1.0;
    app.update();
    assert_eq!(started(&mut app), []);
    app.update();
    assert_eq!(ended(&mut app), []);
}

#[test]
fn after_quiet_frames_a_move_or_a_despawn_still_changes_the_contacts() {
    // Frames in which no collider moves, changes, appears or goes test nothing and keep the
    // contacts; the first frame with any of those tests again.
    let mut app = app();
    let img = add_image(&mut app, common::image(4, 4, |_, _| 255));
    let at = |app: &mut App, x: f32| {
        app.world_mut()
            .spawn((
                Sprite::from_image(img.clone()),
                PixelCollider::default(),
                Transform::from_xyz(x, 0.0, 0.0),
            ))
            .id()
    };
    let (a, b, c) = (at(&mut app, 0.0), at(&mut app, 2.0), at(&mut app, 20.0));
    app.update();
    assert_eq!(started(&mut app), [start(a, b)]);
    for _ in 0..3 {
        app.update();
        assert_eq!((started(&mut app), ended(&mut app)), (vec![], vec![]));
        assert!(app.world().resource::<PixelContacts>().contains(a, b));
    }
    set_translation(&mut app, c, Vec2::new(-2.0, 0.0));
    app.update();
    assert_eq!(started(&mut app), [start(a, c)]);
    app.update();
    app.world_mut().despawn(b);
    app.update();
    assert_eq!(ended(&mut app), [end(a, b)]);
    assert_eq!(
        app.world().resource::<PixelContacts>().pairs(),
        [(a.min(c), a.max(c))]
    );
    app.update();
    app.world_mut().entity_mut(c).remove::<PixelCollider>();
    app.update();
    assert_eq!(ended(&mut app), [end(a, c)]);
}

#[test]
fn queries_answer_points_rays_shapes_push_out_and_time_of_impact() {
    let mut app = app();
    // A 10 x 10 ring, 2 texels thick, centred on the origin, and a 2 x 2 block.
    let ring = add_image(
        &mut app,
        common::image(10, 10, |x, y| {
            let hole = (2..8).contains(&x) && (2..8).contains(&y);
            if hole { 0 } else { 255 }
        }),
    );
    let block = add_image(&mut app, common::image(2, 2, |_, _| 255));
    let r = app
        .world_mut()
        .spawn((Sprite::from_image(ring), PixelCollider::default()))
        .id();
    let b = app
        .world_mut()
        .spawn((
            Sprite::from_image(block),
            PixelCollider::default(),
            Transform::from_xyz(20.0, 0.0, 0.0),
        ))
        .id();
    app.update();

    let answers = app
        .world_mut()
        .run_system_once(move |q: PixelQueries| {
            let point = (q.at_point(Vec2::new(-4.0, 0.0)), q.at_point(Vec2::ZERO));
            let ray = q.raycast(Vec2::new(-20.0, 0.5), Vec2::X, 100.0).unwrap();
            let shot = q.raycast_filtered(Vec2::ZERO, Vec2::X, 100.0, |e| e != r);
            let shapes = (
                q.touching_rect(Rect::new(-1.0, -1.0, 1.0, 1.0)),
                q.touching_rect(Rect::new(-1.0, -1.0, 4.0, 1.0)),
                q.touching_circle(bevy_pixel_collide::pixel_collide::Circle::new(
                    Vec2::new(20.0, 5.0),
                    3.9,
                )),
                q.touching_circle(bevy_pixel_collide::pixel_collide::Circle::new(
                    Vec2::new(20.0, 5.0),
                    4.1,
                )),
                q.touching_segment(Vec2::new(-30.0, 0.5), Vec2::new(30.0, 0.5)),
            );
            // The block moves left 20 units through the ring's right wall, which spans x 3..5.
            let toi = q.time_of_impact(
                b,
                Transform::from_xyz(0.0, 0.0, 0.0),
                r,
                Transform::IDENTITY,
            );
            (point, ray, shot, shapes, toi)
        })
        .unwrap();
    let (point, ray, shot, shapes, toi) = answers;
    assert_eq!(point, (vec![r], vec![]));
    assert_eq!(
        (ray.entity, ray.distance, ray.normal),
        (r, 15.0, Vec2::NEG_X)
    );
    assert_eq!(ray.point, Vec2::new(-5.0, 0.5));
    let shot = shot.unwrap();
    assert_eq!((shot.entity, shot.distance), (b, 19.0));
    assert_eq!(shapes.0, Vec::<Entity>::new());
    assert_eq!(shapes.1, vec![r]);
    assert_eq!(shapes.2, Vec::<Entity>::new());
    assert_eq!(shapes.3, vec![b]);
    assert_eq!(shapes.4, sorted([r, b]));
    // The block's left edge (x 19) reaches the wall (x 5) after 14 of its 20 units.
    let toi = toi.unwrap();
    assert!(toi.time <= 0.7 && 0.7 < toi.contact_time && toi.contact_time < 0.7 + 1e-3);

    // Sunk into the wall's right side by one unit, the shortest way out is back right.
    set_translation(&mut app, b, Vec2::new(5.0, 0.0));
    app.update();
    let (push, contact) = app
        .world_mut()
        .run_system_once(move |q: PixelQueries| (q.push_out(b, r), q.overlap_point(b, r)))
        .unwrap();
    let push = push.unwrap();
    assert_eq!(push.offset, Vec2::new(1.0, 0.0));
    // The pair's normal points from the block into the wall, against the push.
    assert!(push.normal.x < -0.99, "{push:?}");
    let contact = contact.unwrap();
    assert!(contact.x > 4.0 && contact.x < 5.0 && contact.y.abs() < 1.0);
    assert_eq!(
        app.world()
            .get::<PixelCollidingEntities>(r)
            .unwrap()
            .iter()
            .copied()
            .collect::<Vec<_>>(),
        [b]
    );
}

#[test]
fn time_of_impact_follows_a_turn_the_short_way_round() {
    let mut app = app();
    // A long thin bar pointing right from its left end, and a dot above its pivot's right.
    let bar = add_image(&mut app, common::image(20, 1, |_, _| 255));
    let e = app
        .world_mut()
        .spawn((
            Sprite::from_image(bar),
            Anchor::CENTER_LEFT,
            PixelCollider::default(),
            Transform::from_rotation(Quat::from_rotation_z(3.0)),
        ))
        .id();
    // At angle pi (pointing left) the bar covers (-20..0, -0.5..0.5); a dot at (-15, -1) is just
    // under it. Turning from 3.0 to -3.0 the short way passes through pi.
    let dot = spawn_probe(&mut app, Vec2::new(-15.0, 0.0));
    app.update();
    assert_eq!(started(&mut app), []);
    let hit = app
        .world_mut()
        .run_system_once(move |q: PixelQueries| {
            q.time_of_impact(
                e,
                Transform::from_rotation(Quat::from_rotation_z(-3.0)),
                dot,
                Transform::from_xyz(-15.0, 0.0, 0.0),
            )
        })
        .unwrap();
    let hit = hit.expect("the short way passes over the dot");
    // The bar's edge reaches the dot about a quarter of the way through the 0.28 rad turn; turning
    // the long way round (through 0) it would never point left at all.
    assert!(hit.time > 0.1 && hit.time < 0.5, "{hit:?}");
}

/// Writes a 4 x 4 RGBA PNG whose only opaque texel is `(x, y)`.
fn write_png(path: &std::path::Path, solid: (u32, u32)) {
    let mut data = Vec::new();
    for y in 0..4 {
        for x in 0..4 {
            let a = if (x, y) == solid { 255 } else { 0 };
            data.extend_from_slice(&[255, 255, 255, a]);
        }
    }
    let file = std::fs::File::create(path).unwrap();
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), 4, 4);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(&data).unwrap();
    writer.finish().unwrap();
}

/// Updates `app` until `done` holds of the messages gathered so far, for at most ten seconds: loading
/// and file watching happen on other threads.
fn update_until(
    app: &mut App,
    done: impl Fn(&[PixelCollisionStarted], &[PixelCollisionEnded]) -> bool,
) -> (Vec<PixelCollisionStarted>, Vec<PixelCollisionEnded>) {
    let (mut s, mut e) = (Vec::new(), Vec::new());
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !done(&s, &e) && std::time::Instant::now() < deadline {
        app.update();
        s.extend(started(app));
        e.extend(ended(app));
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    (s, e)
}

#[test]
fn an_image_file_loads_and_a_hot_reload_rebuilds_the_mask() {
    let dir =
        std::env::temp_dir().join(format!("bevy_pixel_collide_reload_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    write_png(&dir.join("block.png"), (0, 0));
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin {
            file_path: dir.to_string_lossy().into_owned(),
            watch_for_changes_override: Some(true),
            ..default()
        },
        ImagePlugin::default(),
        TransformPlugin,
        PixelCollidePlugin,
    ));
    // Without a renderer nothing registers the image loader; a headless game does it itself.
    app.register_asset_loader(ImageLoader::new(CompressedImageFormats::empty()));
    let block: Handle<Image> = app.world().resource::<AssetServer>().load("block.png");
    let e = app
        .world_mut()
        .spawn((Sprite::from_image(block), PixelCollider::default()))
        .id();
    let top_left = spawn_probe(&mut app, CORNERS[0]);
    let bottom_right = spawn_probe(&mut app, CORNERS[3]);
    let (s, _) = update_until(&mut app, |s, _| !s.is_empty());
    assert_eq!(s, [start(e, top_left)]);

    // The file changes on disk: the watcher reloads it and the mask follows.
    write_png(&dir.join("block.png"), (3, 3));
    let (s, ended) = update_until(&mut app, |s, e| !s.is_empty() && !e.is_empty());
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(ended, [end(e, top_left)]);
    assert_eq!(s, [start(e, bottom_right)]);
}

#[test]
fn a_plain_colour_sprite_collides_as_its_rectangle() {
    let mut app = app();
    // `Sprite::from_color` draws Bevy's default 1 x 1 white image stretched to the size given.
    let wall = app
        .world_mut()
        .spawn((
            Sprite::from_color(Color::WHITE, Vec2::new(10.0, 2.0)),
            PixelCollider::default(),
        ))
        .id();
    let inside = spawn_probe(&mut app, Vec2::new(4.4, 0.6));
    let outside = spawn_probe(&mut app, Vec2::new(5.6, 0.0));
    app.update();
    assert_eq!(started(&mut app), [start(wall, inside)]);
    let _ = outside;
}

/// With the `gizmos` feature on in an app without Bevy's gizmo plugin (a headless test or server,
/// the feature turned on elsewhere in the workspace), the drawing waits for it instead of failing
/// every frame; collisions are reported as ever.
#[cfg(feature = "gizmos")]
#[test]
fn gizmo_drawing_without_bevys_gizmo_plugin_does_not_fail_the_frame() {
    let mut app = app();
    assert!(
        !app.world()
            .contains_resource::<bevy::gizmos::config::GizmoConfigStore>()
    );
    let img = add_image(&mut app, top_left_texel());
    let sprite = app
        .world_mut()
        .spawn((Sprite::from_image(img), PixelCollider::default()))
        .id();
    let probe = spawn_probe(&mut app, CORNERS[0]);
    app.update();
    assert_eq!(started(&mut app), [start(sprite, probe)]);
}
