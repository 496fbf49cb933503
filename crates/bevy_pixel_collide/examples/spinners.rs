//! Spinner blocks fall and turn; move the figure with the arrow keys or WASD and the screen flashes
//! red the moment it touches a block on solid pixels (bounding boxes overlapping is not enough).
//! G toggles the collider outlines and contact crosses. Every image is generated, so no asset files
//! are needed.
//!
//! `cargo run -p bevy_pixel_collide --example spinners --features example`. For smoke tests,
//! `-- --frames N` quits after N frames and `-- --touching` starts with a block standing still across
//! the figure, so the screen is red from the start.

use std::f32::consts::TAU;

use bevy::app::AppExit;
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy_pixel_collide::prelude::*;
use wgpu_types::{Extent3d, TextureDimension, TextureFormat};

const WIDTH: f32 = 800.0;
const HEIGHT: f32 = 600.0;
const SKY: Color = Color::srgb(0.53, 0.81, 0.92);
const FIGURE_Y: f32 = -HEIGHT / 2.0 + 60.0;
const FLASH: Color = Color::srgb(0.9, 0.1, 0.1);

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let frames = args
        .iter()
        .skip_while(|a| *a != "--frames")
        .nth(1)
        .and_then(|n| n.parse::<u32>().ok());
    let touching = args.iter().any(|a| a == "--touching");
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "bevy_pixel_collide: spinners".into(),
                resolution: (WIDTH as u32, HEIGHT as u32).into(),
                ..default()
            }),
            ..default()
        }))
        .add_plugins(PixelCollidePlugin)
        .insert_resource(ClearColor(SKY))
        .insert_resource(Spawner {
            seed: 0x2545_f491,
            every: 0.45,
            until_next: 0.0,
        })
        .insert_resource(Flash(0.0))
        .insert_resource(QuitAfter(frames))
        .insert_resource(StartTouching(touching))
        .add_systems(Startup, setup)
        .add_systems(
            Update,
            (
                spawn_blocks,
                fall_and_spin,
                move_figure,
                toggle_gizmos,
                quit_after,
            ),
        )
        // This frame's contacts are known once detection has run.
        .add_systems(
            PostUpdate,
            flash_on_hit.after(PixelCollisionSystems::Detect),
        )
        .run();
}

#[derive(Component)]
struct Figure;

#[derive(Component)]
struct Spinner {
    fall: f32,
    spin: f32,
}

#[derive(Resource)]
struct Shapes(Vec<Handle<Image>>);

#[derive(Resource)]
struct Spawner {
    seed: u32,
    every: f32,
    until_next: f32,
}

impl Spawner {
    /// A number in [0, 1) from a xorshift generator: the same falling blocks every run.
    fn next(&mut self) -> f32 {
        self.seed ^= self.seed << 13;
        self.seed ^= self.seed >> 17;
        self.seed ^= self.seed << 5;
        (self.seed >> 8) as f32 / (1u32 << 24) as f32
    }
}

/// Seconds the red flash has left.
#[derive(Resource)]
struct Flash(f32);

#[derive(Resource)]
struct QuitAfter(Option<u32>);

/// Whether a still block is placed across the figure at the start.
#[derive(Resource)]
struct StartTouching(bool);

/// An RGBA image whose texel (x, y) (y down) is `color` where `solid` holds and transparent elsewhere.
fn generated(w: u32, h: u32, color: [u8; 3], solid: impl Fn(i32, i32) -> bool) -> Image {
    let mut data = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h as i32 {
        for x in 0..w as i32 {
            let [r, g, b] = color;
            data.extend_from_slice(&if solid(x, y) { [r, g, b, 255] } else { [0; 4] });
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

fn setup(
    mut commands: Commands,
    mut images: ResMut<Assets<Image>>,
    start_touching: Res<StartTouching>,
) {
    commands.spawn(Camera2d);
    let shapes = vec![
        // A plus sign.
        images.add(generated(48, 48, [200, 60, 160], |x, y| {
            (18..30).contains(&x) || (18..30).contains(&y)
        })),
        // A ring: the hole is air, a figure can stand in it untouched.
        images.add(generated(56, 56, [240, 160, 40], |x, y| {
            let d = (x - 28).pow(2) + (y - 28).pow(2);
            (18 * 18..28 * 28).contains(&d)
        })),
        // An L.
        images.add(generated(48, 48, [60, 120, 220], |x, y| x < 14 || y >= 34)),
        // A diamond.
        images.add(generated(48, 48, [60, 180, 90], |x, y| {
            (x - 24).abs() + (y - 24).abs() < 24
        })),
    ];
    if start_touching.0 {
        // The plus sign's arms cross the figure's body: a block with no `Spinner` stays put.
        commands.spawn((
            Sprite::from_image(shapes[0].clone()),
            PixelCollider::default(),
            Transform::from_xyz(0.0, FIGURE_Y, 0.0),
        ));
    }
    commands.insert_resource(Shapes(shapes));

    // A stick figure: head, body, arms and legs.
    let figure = images.add(generated(24, 40, [30, 30, 30], |x, y| {
        let head = (x - 12).pow(2) + (y - 6).pow(2) <= 25;
        let body = (11..13).contains(&x) && (10..28).contains(&y);
        let arms = (2..22).contains(&x) && (15..17).contains(&y);
        let legs = (28..40).contains(&y) && ((x - 12).abs() - (y - 28)).abs() <= 1;
        head || body || arms || legs
    }));
    commands.spawn((
        Figure,
        Sprite {
            custom_size: Some(Vec2::new(48.0, 80.0)),
            ..Sprite::from_image(figure)
        },
        PixelCollider::default(),
        Transform::from_xyz(0.0, FIGURE_Y, 1.0),
    ));
}

fn spawn_blocks(
    mut commands: Commands,
    time: Res<Time>,
    shapes: Res<Shapes>,
    mut spawner: ResMut<Spawner>,
) {
    spawner.until_next -= time.delta_secs();
    if spawner.until_next > 0.0 {
        return;
    }
    spawner.until_next += spawner.every;
    let shape =
        shapes.0[(spawner.next() * shapes.0.len() as f32) as usize % shapes.0.len()].clone();
    let x = (spawner.next() - 0.5) * (WIDTH - 80.0);
    let scale = 0.8 + spawner.next() * 0.8;
    let fall = 80.0 + spawner.next() * 140.0;
    let spin = (spawner.next() - 0.5) * 4.0;
    let flip_x = spawner.next() < 0.5;
    commands.spawn((
        Spinner { fall, spin },
        Sprite {
            flip_x,
            ..Sprite::from_image(shape)
        },
        PixelCollider::default(),
        Transform::from_xyz(x, HEIGHT / 2.0 + 60.0, 0.0)
            .with_rotation(Quat::from_rotation_z(spawner.next() * TAU))
            .with_scale(Vec3::splat(scale)),
    ));
}

fn fall_and_spin(
    mut commands: Commands,
    time: Res<Time>,
    mut blocks: Query<(Entity, &Spinner, &mut Transform)>,
) {
    let dt = time.delta_secs();
    for (entity, spinner, mut transform) in &mut blocks {
        transform.translation.y -= spinner.fall * dt;
        transform.rotate_z(spinner.spin * dt);
        if transform.translation.y < -HEIGHT / 2.0 - 80.0 {
            // Despawned while perhaps touching the figure: the plugin sends the ended message.
            commands.entity(entity).despawn();
        }
    }
}

fn move_figure(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    mut figure: Single<&mut Transform, With<Figure>>,
) {
    let mut step = Vec2::ZERO;
    for (keys_for, dir) in [
        ([KeyCode::ArrowLeft, KeyCode::KeyA], Vec2::NEG_X),
        ([KeyCode::ArrowRight, KeyCode::KeyD], Vec2::X),
        ([KeyCode::ArrowUp, KeyCode::KeyW], Vec2::Y),
        ([KeyCode::ArrowDown, KeyCode::KeyS], Vec2::NEG_Y),
    ] {
        if keys.any_pressed(keys_for) {
            step += dir;
        }
    }
    let at = figure.translation.truncate() + step.normalize_or_zero() * 260.0 * time.delta_secs();
    let half = Vec2::new(WIDTH, HEIGHT) / 2.0 - Vec2::new(24.0, 40.0);
    figure.translation = at.clamp(-half, half).extend(figure.translation.z);
}

fn flash_on_hit(
    mut started: MessageReader<PixelCollisionStarted>,
    figure: Single<(Entity, &PixelCollidingEntities), With<Figure>>,
    time: Res<Time>,
    mut flash: ResMut<Flash>,
    mut clear: ResMut<ClearColor>,
) {
    let (me, touching) = *figure;
    if started
        .read()
        .any(|PixelCollisionStarted(a, b)| *a == me || *b == me)
    {
        flash.0 = 0.25;
    }
    // Red while a flash is running or the figure is still inside a block.
    flash.0 = (flash.0 - time.delta_secs()).max(0.0);
    clear.0 = if flash.0 > 0.0 || !touching.is_empty() {
        FLASH
    } else {
        SKY
    };
}

fn toggle_gizmos(keys: Res<ButtonInput<KeyCode>>, mut gizmos: ResMut<PixelCollideGizmos>) {
    if keys.just_pressed(KeyCode::KeyG) {
        gizmos.enabled = !gizmos.enabled;
    }
}

fn quit_after(mut quit: ResMut<QuitAfter>, mut exit: MessageWriter<AppExit>) {
    if let Some(left) = quit.0.as_mut() {
        if *left == 0 {
            exit.write(AppExit::Success);
        } else {
            *left -= 1;
        }
    }
}
