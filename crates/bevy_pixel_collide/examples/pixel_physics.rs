//! Rigid bodies on exact pixel shapes in avian: pixel terrain from a PNG, crates, ragged rocks and a
//! round wheel dropped on it, every collider the opaque texels of its sprite; the wheel's texels are
//! a circle's raster, so it meets the ground as that circle and rolls as a wheel, not as a polygon
//! of texels; a kinematic figure walks on it with `PixelMoveAndSlide` (Left and Right, Up to jump).
//! Click to carve a crater (the bodies above fall in), Space to drop more, G to show the collider
//! outlines.
//!
//! `cargo run -p bevy_pixel_collide --example pixel_physics --features example`. For smoke tests,
//! `-- --frames N` quits after N frames and `-- --smoke` also drops a marker crate (plain red) at
//! the window's centre first, for a screenshot to find.

use avian2d::prelude::*;
use bevy::app::AppExit;
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_pixel_collide::avian::{PixelMoveAndSlide, PixelPhysicsPlugins, PixelShape};
use bevy_pixel_collide::prelude::*;
use wgpu_types::{Extent3d, TextureDimension, TextureFormat};

const WIDTH: f32 = 800.0;
const HEIGHT: f32 = 600.0;
const SKY: Color = Color::srgb(0.53, 0.81, 0.92);
/// The terrain image is 800 x 320, its bottom on the window's bottom edge.
const TERRAIN_CENTRE: Vec2 = Vec2::new(0.0, -HEIGHT / 2.0 + 160.0);
const CRATER_RADIUS: f32 = 36.0;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let frames = args
        .iter()
        .skip_while(|a| *a != "--frames")
        .nth(1)
        .and_then(|n| n.parse::<u32>().ok());
    let smoke = args.iter().any(|a| a == "--smoke");
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "bevy_pixel_collide: pixel_physics".into(),
                resolution: (WIDTH as u32, HEIGHT as u32).into(),
                ..default()
            }),
            ..default()
        }))
        .add_plugins(PixelPhysicsPlugins::default().with_length_unit(16.0))
        .insert_resource(Gravity(Vec2::NEG_Y * 400.0))
        .insert_resource(ClearColor(SKY))
        .insert_resource(QuitAfter(frames))
        .insert_resource(Drops(0))
        .insert_resource(Smoke(smoke))
        .add_systems(Startup, setup)
        .add_systems(
            Update,
            (carve_on_click, drop_on_key, toggle_gizmos, quit_after),
        )
        .add_systems(FixedUpdate, walk)
        .run();
}

#[derive(Resource)]
struct QuitAfter(Option<u32>);

/// Whether to drop the marker crate the smoke test looks for.
#[derive(Resource)]
struct Smoke(bool);

/// How many bodies have been dropped, for where the next one falls.
#[derive(Resource)]
struct Drops(u32);

/// The images bodies are drawn with, and collide on.
#[derive(Resource)]
struct BodyImages {
    crate_: Handle<Image>,
    rocks: Vec<Handle<Image>>,
    wheel: Handle<Image>,
}

#[derive(Resource)]
struct Terrain(Handle<Image>);

/// The figure the keys walk: kinematic, moved by `PixelMoveAndSlide` on whatever it stands on.
#[derive(Component, Default)]
struct Walker {
    velocity: Vec2,
    on_floor: bool,
}

/// The terrain's own collision layer besides the default one: the figure walks on the terrain and
/// shoves the bodies (a kinematic body pushes dynamic ones) rather than standing on them.
const GROUND: u32 = 0b10;

const WALK_SPEED: f32 = 120.0;
const JUMP_SPEED: f32 = 260.0;
const FIGURE_HEIGHT: f32 = 24.0;

/// A 12 x 24 figure in violet, the only texels of that colour, for a screenshot to find.
fn figure_image() -> Image {
    image(12, FIGURE_HEIGHT as u32, |x, y| {
        let head = y < 8 && (2..10).contains(&x);
        let body = (8..18).contains(&y) && (1..11).contains(&x);
        let legs = y >= 18 && !(5..=6).contains(&x) && (1..11).contains(&x);
        (head || body || legs).then_some([180, 60, 220])
    })
}

/// A `w` x `h` RGBA image with the colour `paint(x, y)` gives each texel (y down), transparent
/// where it gives `None`.
fn image(w: u32, h: u32, paint: impl Fn(u32, u32) -> Option<[u8; 3]>) -> Image {
    let mut data = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        for x in 0..w {
            match paint(x, y) {
                Some([r, g, b]) => data.extend_from_slice(&[r, g, b, 255]),
                None => data.extend_from_slice(&[0, 0, 0, 0]),
            }
        }
    }
    Image::new(
        Extent3d {
            width: w,
            height: h,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

/// A wooden crate: planks with a dark frame.
fn crate_image() -> Image {
    image(24, 24, |x, y| {
        let frame = x < 3 || y < 3 || x > 20 || y > 20 || x == y || x + y == 23;
        Some(if frame { [110, 70, 30] } else { [200, 140, 60] })
    })
}

/// A ragged rock: a lumpy outline from a few sines of the angle.
fn rock_image(size: u32, seed: f32) -> Image {
    let r = size as f32 / 2.0;
    image(size, size, |x, y| {
        let d = Vec2::new(x as f32 + 0.5 - r, y as f32 + 0.5 - r);
        let a = d.y.atan2(d.x);
        let edge = r * (0.78 + 0.12 * (3.0 * a + seed).sin() + 0.08 * (7.0 * a - seed).cos());
        (d.length() < edge).then_some(if (x + 2 * y) % 9 == 0 {
            [90, 90, 100]
        } else {
            [140, 140, 150]
        })
    })
}

/// A round wheel 40 px across with a hub and spokes, so that its turning shows.
fn wheel_image() -> Image {
    let r = 20.0;
    image(40, 40, |x, y| {
        let d = Vec2::new(x as f32 + 0.5 - r, y as f32 + 0.5 - r);
        let l = d.length();
        if l >= r {
            return None;
        }
        let spoke = d.x.abs() < 1.5 || d.y.abs() < 1.5;
        Some(if l > r - 4.0 || l < 4.0 || spoke {
            [40, 40, 50]
        } else {
            [220, 200, 60]
        })
    })
}

fn setup(
    mut commands: Commands,
    assets: Res<AssetServer>,
    mut images: ResMut<Assets<Image>>,
    smoke: Res<Smoke>,
) {
    commands.spawn(Camera2d);
    if smoke.0 {
        // Just above the terrain's surface at the centre (about y = -89), before the others land.
        commands.spawn((
            Name::new("marker crate"),
            RigidBody::Dynamic,
            Sprite::from_image(images.add(image(24, 24, |_, _| Some([220, 60, 60])))),
            PixelShape::from_sprite(),
            Transform::from_xyz(0.0, -50.0, 1.0),
        ));
    }
    commands.spawn((
        Name::new("figure"),
        RigidBody::Kinematic,
        Sprite::from_image(images.add(figure_image())),
        PixelShape::from_sprite(),
        Walker::default(),
        Transform::from_xyz(-200.0, 40.0, 2.0),
    ));
    let terrain = assets.load("terrain.png");
    commands.spawn((
        Name::new("terrain"),
        RigidBody::Static,
        Sprite::from_image(terrain.clone()),
        PixelShape::from_sprite(),
        CollisionLayers::new(LayerMask::DEFAULT | GROUND, LayerMask::ALL),
        Transform::from_translation(TERRAIN_CENTRE.extend(0.0)),
    ));
    commands.insert_resource(Terrain(terrain));
    let bodies = BodyImages {
        crate_: images.add(crate_image()),
        rocks: (0..4)
            .map(|i| images.add(rock_image(18 + 8 * i, i as f32 * 1.7)))
            .collect(),
        wheel: images.add(wheel_image()),
    };
    for i in 0..12 {
        drop_body(&mut commands, &bodies, i);
    }
    commands.insert_resource(bodies);
    commands.insert_resource(Drops(12));
}

/// Drops body number `i`: a crate, a rock or (every sixth) the wheel, spread across the top.
fn drop_body(commands: &mut Commands, images: &BodyImages, i: u32) {
    let x = -340.0 + ((i * 157) % 680) as f32;
    let y = 120.0 + (i % 3) as f32 * 50.0;
    let (image, name) = match i % 6 {
        0 => (images.wheel.clone(), "wheel"),
        1 | 3 => (images.crate_.clone(), "crate"),
        _ => (
            images.rocks[(i as usize / 2) % images.rocks.len()].clone(),
            "rock",
        ),
    };
    commands.spawn((
        Name::new(name),
        RigidBody::Dynamic,
        Sprite::from_image(image),
        PixelShape::from_sprite(),
        Friction::new(0.6),
        Transform::from_xyz(x, y, 1.0).with_rotation(Quat::from_rotation_z(i as f32 * 0.7)),
    ));
}

/// A left click clears the terrain's texels within the crater radius of the pointer: the image is
/// edited in place, so it is redrawn and its collider rebuilt, and the bodies above wake and fall.
fn carve_on_click(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    terrain: Res<Terrain>,
    mut images: ResMut<Assets<Image>>,
) {
    if !buttons.just_pressed(MouseButton::Left) {
        return;
    }
    let Some(cursor) = window.cursor_position() else {
        return;
    };
    let (camera, camera_at) = *camera;
    let Ok(world) = camera.viewport_to_world_2d(camera_at, cursor) else {
        return;
    };
    let Some(mut image) = images.get_mut(&terrain.0) else {
        return;
    };
    let (w, h) = (image.width() as i32, image.height() as i32);
    // Texel (0, 0) is the image's top-left corner; rows run down.
    let texel = Vec2::new(
        world.x - (TERRAIN_CENTRE.x - w as f32 / 2.0),
        (TERRAIN_CENTRE.y + h as f32 / 2.0) - world.y,
    );
    let Some(data) = image.data.as_mut() else {
        return;
    };
    let r = CRATER_RADIUS as i32;
    let (cx, cy) = (texel.x as i32, texel.y as i32);
    for y in (cy - r).max(0)..(cy + r).min(h) {
        for x in (cx - r).max(0)..(cx + r).min(w) {
            let d = Vec2::new(x as f32 + 0.5, y as f32 + 0.5) - texel;
            if d.length() < CRATER_RADIUS {
                data[((y * w + x) * 4 + 3) as usize] = 0;
            }
        }
    }
}

/// Space drops five more bodies.
fn drop_on_key(
    keys: Res<ButtonInput<KeyCode>>,
    mut commands: Commands,
    images: Res<BodyImages>,
    mut drops: ResMut<Drops>,
) {
    if keys.just_pressed(KeyCode::Space) {
        for _ in 0..5 {
            drop_body(&mut commands, &images, drops.0);
            drops.0 += 1;
        }
    }
}

/// Left and Right walk the figure, Up jumps from a floor; gravity pulls it down. Every step is one
/// exact move and slide through the terrain's pixels: it stands on it, walks up small steps, stops
/// at walls and falls into craters.
fn walk(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    gravity: Res<Gravity>,
    mover: PixelMoveAndSlide,
    mut walkers: Query<(Entity, &PixelShape, &mut Transform, &mut Walker)>,
) {
    let tuning = PixelMoveAndSlide::mover_for_height(FIGURE_HEIGHT);
    for (entity, shape, mut transform, mut walker) in &mut walkers {
        let side = f32::from(keys.pressed(KeyCode::ArrowRight))
            - f32::from(keys.pressed(KeyCode::ArrowLeft));
        walker.velocity.x = side * WALK_SPEED;
        walker.velocity += gravity.0 * time.delta_secs();
        if walker.on_floor && keys.pressed(KeyCode::ArrowUp) {
            walker.velocity.y = JUMP_SPEED;
            walker.on_floor = false;
        }
        let filter = SpatialQueryFilter::from_mask(GROUND).with_excluded_entities([entity]);
        let out = mover.move_and_slide(
            shape,
            transform.translation.xy(),
            0.0,
            walker.velocity,
            time.delta(),
            &tuning,
            walker.on_floor,
            &filter,
        );
        transform.translation = out.position.extend(transform.translation.z);
        walker.velocity = out.slide_velocity(walker.velocity);
        walker.on_floor = out.on_floor;
    }
}

fn toggle_gizmos(keys: Res<ButtonInput<KeyCode>>, mut gizmos: ResMut<PixelCollideGizmos>) {
    if keys.just_pressed(KeyCode::KeyG) {
        gizmos.enabled = !gizmos.enabled;
    }
}

fn quit_after(mut quit: ResMut<QuitAfter>, mut exit: MessageWriter<AppExit>) {
    if let Some(n) = quit.0.as_mut() {
        if *n == 0 {
            exit.write(AppExit::Success);
        } else {
            *n -= 1;
        }
    }
}
