//! The kinematic mover: named behaviours on hand-built worlds, then random worlds of turned, scaled
//! and flipped masks in which it must never end inside anything, never pass through a thin wall,
//! and say it stands exactly when it met a floor.

use crate::support;

use glam::{Affine2, Vec2};
use pixel_collide::{
    Body, ContactKind, Mask, Moved, Mover, Pose, Sprite, SweepAndPrune, overlaps, sprite_transform,
};
use proptest::prelude::*;

/// Gravity, in world units per step per step.
const GRAVITY: f32 = 0.125;

fn solid(w: u32, h: u32) -> Mask {
    Mask::from_fn(w, h, |_, _| true).unwrap()
}

/// An unturned block of `mask` with its top-left corner at `(x, y)`, one texel to a unit.
fn at(mask: &Mask, x: f32, y: f32) -> Sprite<'_> {
    Sprite::new(mask, Affine2::from_translation(Vec2::new(x, y)))
}

/// An 8 x 16 body standing on its bottom middle.
fn body(mask: &Mask, position: Vec2) -> Body<'_> {
    Body::new(mask, Pose::at(position), Vec2::new(4.0, 16.0))
}

fn inside(world: &[Sprite<'_>], b: Body<'_>, position: Vec2) -> bool {
    let me = Body {
        pose: Pose { position, ..b.pose },
        ..b
    }
    .sprite();
    world.iter().any(|&s| overlaps(me, s))
}

/// A body played as a game plays it: its velocity and whether it stood carried from step to step.
struct Player<'m> {
    body: Body<'m>,
    velocity: Vec2,
    standing: bool,
}

impl<'m> Player<'m> {
    fn new(body: Body<'m>) -> Self {
        Player {
            body,
            velocity: Vec2::ZERO,
            standing: false,
        }
    }

    /// Runs `steps` steps of walking `speed` units per step across, with gravity, and returns the
    /// last result; every step must end free.
    fn play(&mut self, mover: &Mover, world: &[Sprite<'_>], speed: f32, steps: usize) -> Moved {
        let up = mover.up.normalize();
        let side = up.perp();
        let mut last = None;
        for n in 0..steps {
            let v = self.velocity - up * GRAVITY;
            self.velocity = v - side * v.dot(side) + side * speed;
            let moved = mover.move_and_slide(self.body, world, self.velocity, self.standing);
            assert!(
                !inside(world, self.body, moved.position),
                "step {n}: {moved:?}"
            );
            self.velocity = moved.slide_velocity(self.velocity);
            self.standing = moved.on_floor;
            self.body.pose.position = moved.position;
            last = Some(moved);
        }
        last.unwrap()
    }
}

/// A fresh player's `steps` steps.
fn play(mover: &Mover, world: &[Sprite<'_>], b: &mut Body<'_>, speed: f32, steps: usize) -> Moved {
    let mut p = Player::new(*b);
    let moved = p.play(mover, world, speed, steps);
    *b = p.body;
    moved
}

#[test]
fn a_falling_body_lands_and_then_stands_still_to_the_bit() {
    let (floor, me) = (solid(200, 20), solid(8, 16));
    let world = [at(&floor, 0.0, 100.0)];
    let mut p = Player::new(body(&me, Vec2::new(50.0, 20.0)));
    let moved = p.play(&Mover::default(), &world, 0.0, 60);
    assert_eq!(moved.position, Vec2::new(50.0, 100.0));
    assert!(moved.on_floor && moved.floor_normal == Some(-Vec2::Y));
    for _ in 0..100 {
        let again = p.play(&Mover::default(), &world, 0.0, 1);
        assert_eq!(again.position, Vec2::new(50.0, 100.0));
        assert!(again.on_floor);
    }
}

/// A long solid box with its top edge rising to the right at `angle` from `(150, 100)`, on a meadow
/// whose top is at y = 100.
fn slope(box_: &Mask, angle: f32) -> Sprite<'_> {
    Sprite::new(
        box_,
        sprite_transform(Vec2::new(150.0, 100.0), -angle, Vec2::ONE, Vec2::ZERO),
    )
}

#[test]
fn walks_up_a_slope_below_the_floor_angle_and_not_up_one_above_it() {
    let (meadow, ramp, me) = (solid(400, 20), solid(300, 60), solid(8, 16));
    let gentle = [at(&meadow, 0.0, 100.0), slope(&ramp, 0.5)];
    let mut b = body(&me, Vec2::new(120.0, 100.0));
    let moved = play(&Mover::default(), &gentle, &mut b, 2.0, 80);
    assert!(moved.position.x > 250.0, "{moved:?}");
    assert!(moved.position.y < 100.0 - 50.0, "{moved:?}");
    assert!(moved.on_floor);

    let steep = [at(&meadow, 0.0, 100.0), slope(&ramp, 1.2)];
    let mut b = body(&me, Vec2::new(120.0, 100.0));
    let moved = play(&Mover::default(), &steep, &mut b, 2.0, 80);
    assert!(moved.position.x < 150.0, "{moved:?}");
    assert_eq!(moved.position.y, 100.0, "{moved:?}");
    assert!(
        moved.on_wall && moved.on_floor,
        "pressed against it, standing on the meadow"
    );
}

#[test]
fn a_body_on_a_slope_above_the_floor_angle_slides_down_it() {
    let (meadow, ramp, me) = (solid(400, 20), solid(300, 60), solid(8, 16));
    let steep = [at(&meadow, 0.0, 100.0), slope(&ramp, 1.2)];
    // Dropped onto the steep face well above the meadow.
    let mut b = body(&me, Vec2::new(165.0, 40.0));
    assert!(!inside(&steep, b, b.pose.position));
    let moved = play(&Mover::default(), &steep, &mut b, 0.0, 200);
    assert_eq!(
        moved.position.y, 100.0,
        "slid down to the meadow: {moved:?}"
    );
    assert!(moved.position.x < 160.0);
}

#[test]
fn climbs_a_step_of_exactly_the_step_height_and_not_one_a_texel_taller() {
    let mover = Mover::default();
    let (meadow, me) = (solid(400, 20), solid(8, 16));
    let riser = solid(100, mover.step_height as u32);
    let world = [
        at(&meadow, 0.0, 100.0),
        at(&riser, 60.0, 100.0 - mover.step_height),
    ];
    let mut b = body(&me, Vec2::new(40.0, 100.0));
    let moved = play(&mover, &world, &mut b, 2.0, 30);
    assert_eq!(moved.position.y, 100.0 - mover.step_height, "{moved:?}");
    assert!(moved.position.x > 70.0 && moved.on_floor);

    let taller = solid(100, mover.step_height as u32 + 1);
    let world = [
        at(&meadow, 0.0, 100.0),
        at(&taller, 60.0, 99.0 - mover.step_height),
    ];
    let mut b = body(&me, Vec2::new(40.0, 100.0));
    let moved = play(&mover, &world, &mut b, 2.0, 30);
    assert_eq!(moved.position, Vec2::new(56.0, 100.0), "stopped against it");
    assert!(moved.on_wall && moved.on_floor);
}

/// A 12 x 16 figure: a torso 12 wide over 6 rows of legs 4 wide (columns 4 to 7).
fn figure() -> Mask {
    Mask::from_fn(12, 16, |x, y| y < 10 || (4..8).contains(&x)).unwrap()
}

#[test]
fn a_toe_that_lands_on_a_ledge_corner_stands_on_it_and_a_torso_is_shoved_off() {
    let (ledge, floor, me) = (solid(64, 16), solid(400, 20), figure());
    let world = [at(&ledge, 100.0, 100.0), at(&floor, 0.0, 200.0)];
    let mover = Mover {
        feet_height: 6.0,
        ledge_slip: 4.0,
        ..Mover::default()
    };
    let pivot = Vec2::new(6.0, 16.0);
    // The legs' right edge is 2 right of the pivot; the torso's 6.
    for toe in 1..=3 {
        let x = 98.0 + toe as f32;
        let mut b = Body::new(&me, Pose::at(Vec2::new(x, 40.0)), pivot);
        let moved = play(&mover, &world, &mut b, 0.0, 60);
        assert_eq!(moved.position, Vec2::new(x, 100.0), "toe {toe}");
        assert!(moved.on_floor);
    }
    // The torso alone over the ledge by 2: shoved off to the left, it falls to the floor.
    let mut b = Body::new(&me, Pose::at(Vec2::new(96.0, 40.0)), pivot);
    let moved = play(&mover, &world, &mut b, 0.0, 120);
    assert_eq!(moved.position, Vec2::new(94.0, 200.0));
    // With the whole body allowed to stand, the torso hangs on.
    let mut b = Body::new(&me, Pose::at(Vec2::new(96.0, 40.0)), pivot);
    let whole = Mover {
        feet_height: f32::INFINITY,
        ..mover
    };
    assert_eq!(
        play(&whole, &world, &mut b, 0.0, 60).position,
        Vec2::new(96.0, 106.0)
    );
}

#[test]
fn walls_stop_motion_across_and_keep_motion_along_up() {
    let (wall, me) = (solid(10, 300), solid(8, 16));
    let world = [at(&wall, 100.0, 0.0)];
    let b = body(&me, Vec2::new(80.0, 100.0));
    let moved = Mover::default().move_and_slide(b, &world, Vec2::new(30.0, 12.0), false);
    assert_eq!(moved.position, Vec2::new(96.0, 112.0));
    assert!(moved.on_wall && !moved.on_floor);
    assert_eq!(
        moved.slide_velocity(Vec2::new(5.0, 3.0)),
        Vec2::new(0.0, 3.0)
    );
}

#[test]
fn ceilings_stop_a_rise() {
    let (roof, me) = (solid(200, 10), solid(8, 16));
    let world = [at(&roof, 0.0, 40.0)];
    let b = body(&me, Vec2::new(50.0, 80.0));
    let moved = Mover::default().move_and_slide(b, &world, Vec2::new(3.0, -30.0), false);
    assert_eq!(moved.position, Vec2::new(53.0, 66.0));
    assert!(moved.on_ceiling && !moved.on_floor);
    assert_eq!(
        moved.slide_velocity(Vec2::new(1.0, -7.0)),
        Vec2::new(1.0, 0.0)
    );
}

#[test]
fn snap_keeps_a_body_on_a_slope_it_walks_down() {
    let (ramp, me) = (solid(300, 60), solid(8, 16));
    // Falling away to the right at 30 degrees, faster than gravity follows at this speed.
    let world = [Sprite::new(
        &ramp,
        sprite_transform(Vec2::new(0.0, 100.0), 0.5, Vec2::ONE, Vec2::ZERO),
    )];
    let mut p = Player::new(body(&me, Vec2::new(30.0, 0.0)));
    p.play(&Mover::default(), &world, 0.0, 120);
    let mut standing = 0;
    for _ in 0..60 {
        let moved = p.play(&Mover::default(), &world, 3.0, 1);
        standing += moved.on_floor as usize;
    }
    assert_eq!(standing, 60, "stood in every step walking down");
    let without = Mover {
        snap_distance: 0.0,
        ..Mover::default()
    };
    let mut p = Player::new(body(&me, Vec2::new(30.0, 0.0)));
    p.play(&without, &world, 0.0, 120);
    let airborne = (0..60)
        .filter(|_| !p.play(&without, &world, 3.0, 1).on_floor)
        .count();
    assert!(airborne > 0, "without the snap it leaves the slope");
}

#[test]
fn a_one_texel_floor_is_never_passed_at_up_to_400_units_a_step() {
    let (thin, me) = (solid(400, 1), solid(8, 16));
    for scale in [1.0f32, 0.5] {
        let world = [Sprite::new(
            &thin,
            Affine2::from_scale_angle_translation(
                Vec2::new(1.0, scale),
                0.0,
                Vec2::new(0.0, 500.0),
            ),
        )];
        for speed in [1.0f32, 7.5, 33.0, 128.0, 255.5, 400.0] {
            let b = body(&me, Vec2::new(200.0, 500.0 - speed * 0.6));
            let moved =
                Mover::default().move_and_slide(b, &world, Vec2::new(speed * 0.3, speed), false);
            assert_eq!(moved.position.y, 500.0, "speed {speed}, scale {scale}");
            assert!(moved.on_floor);
        }
    }
}

#[test]
fn up_may_be_plus_y_or_a_diagonal() {
    let (floor, me) = (solid(200, 20), solid(8, 16));
    // Up is +Y: the floor's top is its larger y, and the body's feet its row 0.
    let world = [at(&floor, 0.0, 0.0)];
    let flipped = Mover {
        up: Vec2::Y,
        ..Mover::default()
    };
    let b = Body::new(&me, Pose::at(Vec2::new(50.0, 100.0)), Vec2::new(4.0, 0.0));
    let moved = flipped.move_and_slide(b, &world, Vec2::new(0.0, -150.0), false);
    assert_eq!(moved.position, Vec2::new(50.0, 20.0));
    assert!(moved.on_floor && moved.floor_normal == Some(Vec2::Y));

    // Up is diagonal: floor and body both turned an eighth of a turn.
    let up = Vec2::new(1.0, -1.0).normalize();
    let turn = std::f32::consts::FRAC_PI_4;
    let world = [Sprite::new(
        &floor,
        sprite_transform(Vec2::ZERO, turn, Vec2::ONE, Vec2::new(100.0, 0.0)),
    )];
    let tilted = Mover {
        up,
        ..Mover::default()
    };
    let b = Body::new(&me, Pose::at(up * 60.0).rotated(turn), Vec2::new(4.0, 16.0));
    assert!(!inside(&world, b, b.pose.position));
    let moved = tilted.move_and_slide(b, &world, -up * 200.0, false);
    assert!(moved.on_floor, "{moved:?}");
    assert!(moved.floor_normal.unwrap().dot(up) > 0.99);
    assert!(
        moved.offset.dot(up) < -50.0 && moved.position.dot(up).abs() < 0.01,
        "{moved:?}"
    );
    // Walking along the diagonal floor keeps it standing.
    let walked = tilted.move_and_slide(
        Body {
            pose: Pose {
                position: moved.position,
                ..b.pose
            },
            ..b
        },
        &world,
        up.perp() * 10.0 - up * 0.1,
        true,
    );
    assert!(
        walked.on_floor && (walked.offset.dot(up.perp()) - 10.0).abs() < 1e-3,
        "{walked:?}"
    );
}

#[test]
fn a_body_that_starts_sunk_in_a_floor_is_lifted_straight_up_onto_it() {
    let (ramp, me) = (solid(300, 60), solid(8, 16));
    // A floor tilted by 20 degrees (a rocking plank that turned into the body since the last step).
    let world = [Sprite::new(
        &ramp,
        sprite_transform(
            Vec2::new(100.0, 100.0),
            -0.35,
            Vec2::ONE,
            Vec2::new(150.0, 0.0),
        ),
    )];
    let b = body(&me, Vec2::new(100.0, 103.0));
    assert!(inside(&world, b, b.pose.position));
    let moved = Mover::default().move_and_slide(b, &world, Vec2::ZERO, true);
    assert!(!moved.stuck && moved.on_floor && !inside(&world, b, moved.position));
    assert_eq!(moved.position.x, 100.0, "straight up, not down the slope");
    assert!(moved.position.y < 100.0);
}

#[test]
fn a_body_crushed_between_two_blocks_says_it_is_stuck_and_stays_put() {
    let (tall, me) = (solid(100, 1000), solid(8, 16));
    let world = [at(&tall, 0.0, -500.0), at(&tall, 96.0, -500.0)];
    let b = body(&me, Vec2::new(98.0, 0.0));
    let moved = Mover::default().move_and_slide(b, &world, Vec2::new(5.0, 5.0), false);
    assert!(moved.stuck);
    assert_eq!(moved.position, b.pose.position);
    assert_eq!(moved.offset, Vec2::ZERO);
}

/// A random mask of up to 12 x 12 texels from its bits, about `fill` of them solid.
fn mask() -> impl Strategy<Value = Mask> {
    (1u32..=12, 1u32..=12, 0.3f64..1.0, any::<u64>()).prop_map(|(w, h, fill, seed)| {
        let mut s = seed | 1;
        let bits: Vec<bool> = (0..w * h)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                (s % 1000) as f64 / 1000.0 < fill
            })
            .collect();
        Mask::from_fn(w, h, |x, y| bits[(y * w + x) as usize]).unwrap()
    })
}

/// A random placement within 80 units of the origin: any turn, scale 1/2 to 3 with flips, and in a
/// third of them a shear (which the mover sweeps by samples rather than time of impact).
fn placement() -> impl Strategy<Value = Affine2> {
    (
        (-80.0f32..80.0, -80.0f32..80.0),
        -7.0f32..7.0,
        (0.5f32..3.0, 0.5f32..3.0),
        any::<(bool, bool)>(),
        prop_oneof![2 => Just(0.0f32), 1 => -0.5f32..0.5],
    )
        .prop_map(|((x, y), turn, (sx, sy), (fx, fy), shear)| {
            let flip = |s: f32, f: bool| if f { -s } else { s };
            let sheared = Affine2::from_mat2(glam::Mat2::from_cols(Vec2::X, Vec2::new(shear, 1.0)));
            sprite_transform(
                Vec2::new(x, y),
                turn,
                Vec2::new(flip(sx, fx), flip(sy, fy)),
                Vec2::splat(4.0),
            ) * sheared
        })
}

fn direction() -> impl Strategy<Value = Vec2> {
    (0.0f32..std::f32::consts::TAU).prop_map(|a| Vec2::new(a.cos(), a.sin()))
}

/// Whether the body, moved straight from `from` to `to`, overlaps anything on samples at most 0.1
/// apart: finer than any crossing of a body and an obstacle at least half a unit thick each.
fn crosses(world: &[Sprite<'_>], b: Body<'_>, from: Vec2, to: Vec2) -> bool {
    let n = ((to - from).length() / 0.1).ceil().max(1.0) as usize;
    (0..=n).any(|k| inside(world, b, from.lerp(to, k as f32 / n as f32)))
}

/// Whether a transform shears (its columns are not perpendicular), as the mover judges it.
fn sheared(t: &Affine2) -> bool {
    let (c0, c1) = (t.matrix2.x_axis, t.matrix2.y_axis);
    c0.dot(c1).abs() > 1e-6 * c0.length() * c1.length()
}

fn check_contacts(mover: &Mover, up: Vec2, moved: &Moved) -> Result<(), TestCaseError> {
    let cos = mover.max_floor_angle.cos() - 1e-4;
    let floor = moved
        .contacts
        .iter()
        .any(|c| matches!(c.kind, ContactKind::Floor | ContactKind::Step));
    prop_assert_eq!(moved.on_floor, floor, "{:?}", moved);
    for c in &moved.contacts {
        match c.kind {
            ContactKind::Floor | ContactKind::Step => {
                prop_assert!(c.normal.dot(up) >= cos, "{:?}", c)
            }
            ContactKind::Ceiling => prop_assert!(-c.normal.dot(up) >= cos, "{:?}", c),
            ContactKind::Wall => {}
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(support::cases(512))]

    #[test]
    fn random_worlds_never_end_inside_never_tunnel_and_stand_only_on_floors(
        masks in prop::collection::vec((mask(), placement()), 1..7),
        me in mask(),
        start in (-60.0f32..60.0, -60.0f32..60.0),
        pose in (-3.0f32..3.0, 0.5f32..2.0),
        up in direction(),
        motion in (direction(), 0.0f32..400.0),
        standing in any::<bool>(),
    ) {
        let world: Vec<Sprite<'_>> = masks.iter().map(|(m, t)| Sprite::new(m, *t)).collect();
        let b = Body::new(&me, Pose::new(Vec2::new(start.0, start.1), pose.0, Vec2::splat(pose.1)), Vec2::splat(2.0));
        prop_assume!(me.solid_count() > 0 && !inside(&world, b, b.pose.position));
        let mover = Mover { up, ..Mover::default() };
        let motion = motion.0 * motion.1;
        let moved = mover.move_and_slide(b, &world, motion, standing);
        prop_assert!(!moved.stuck);
        prop_assert!(!inside(&world, b, moved.position), "{:?}", moved);
        prop_assert_eq!(moved.offset, moved.position - b.pose.position);
        if moved.contacts.is_empty() {
            // Across first, then along up. Sheared obstacles are swept by samples, which may cut a
            // corner by a quarter unit: the path is held to touching none of the others.
            let posed: Vec<Sprite<'_>> = world.iter().copied().filter(|s| !sheared(&s.transform)).collect();
            let corner = b.pose.position + motion - up * motion.dot(up);
            prop_assert!(!crosses(&posed, b, b.pose.position, corner), "{:?}", moved);
            prop_assert!(!crosses(&posed, b, corner, moved.position), "{:?}", moved);
        }
        check_contacts(&mover, up, &moved)?;
    }

    #[test]
    fn a_body_in_a_closed_box_of_thin_walls_stays_inside_at_any_speed(
        turn in -3.2f32..3.2,
        thickness in 0.5f32..2.0,
        me in mask(),
        offset in (-20.0f32..20.0, -20.0f32..20.0),
        up in direction(),
        motion in (direction(), 0.0f32..400.0),
        standing in any::<bool>(),
    ) {
        // Four walls one texel thick, scaled to `thickness`, around a 100 x 100 room, all turned.
        let (long, short) = (Mask::from_fn(100, 1, |_, _| true).unwrap(), Mask::from_fn(1, 100, |_, _| true).unwrap());
        let room = Affine2::from_angle(turn);
        let wall = |m, at: Vec2, s: Vec2| Sprite::new(m, room * Affine2::from_scale_angle_translation(s, 0.0, at));
        let t = thickness;
        let world = [
            wall(&long, Vec2::new(-50.0, -50.0 - t), Vec2::new(1.0, t)),
            wall(&long, Vec2::new(-50.0, 50.0), Vec2::new(1.0, t)),
            wall(&short, Vec2::new(-50.0 - t, -50.0 - t), Vec2::new(t, 1.0 + 2.0 * t / 100.0)),
            wall(&short, Vec2::new(50.0, -50.0 - t), Vec2::new(t, 1.0 + 2.0 * t / 100.0)),
        ];
        let b = Body::new(&me, Pose::at(room.transform_point2(Vec2::new(offset.0, offset.1))), Vec2::ZERO);
        prop_assume!(me.solid_count() > 0 && !inside(&world, b, b.pose.position));
        let mover = Mover { up, ..Mover::default() };
        let moved = mover.move_and_slide(b, &world, motion.0 * motion.1, standing);
        prop_assert!(!inside(&world, b, moved.position), "{:?}", moved);
        // Every solid texel's centre is still in the room (the pivot itself may lie in air).
        let ended = Body { pose: Pose::at(moved.position), ..b }.sprite();
        for (x, y) in (0..me.width()).flat_map(|x| (0..me.height()).map(move |y| (x, y))) {
            if me.is_solid(x, y) {
                let centre = ended.transform.transform_point2(Vec2::new(x as f32 + 0.5, y as f32 + 0.5));
                let local = room.inverse().transform_point2(centre);
                prop_assert!(local.x.abs() < 50.0 && local.y.abs() < 50.0, "left the room: {:?}", moved);
            }
        }
        check_contacts(&mover, up, &moved)?;
    }
}

#[test]
fn the_broad_phase_is_a_world_that_moves_a_body_as_its_sprites_do() {
    let (floor, wall, me) = (solid(400, 20), solid(10, 200), solid(8, 16));
    let world = vec![
        at(&wall, 120.0, -60.0),
        at(&floor, 0.0, 100.0),
        at(&wall, 300.0, -60.0),
    ];
    let broad = SweepAndPrune::new(&world);
    let mover = Mover::default();
    let mut from_slice = body(&me, Vec2::new(50.0, 20.0));
    let mut from_broad = from_slice;
    for step in 0..120 {
        let motion = Vec2::new(3.0, 4.0);
        let a = mover.move_and_slide(from_slice, &world, motion, step > 0);
        let b = mover.move_and_slide(from_broad, &broad, motion, step > 0);
        assert_eq!(a.position, b.position, "step {step}");
        assert_eq!(
            (a.on_floor, a.on_wall),
            (b.on_floor, b.on_wall),
            "step {step}"
        );
        from_slice.pose.position = a.position;
        from_broad.pose.position = b.position;
    }
    // It walked into the first wall and stands against it on the floor.
    assert!(from_broad.pose.position.x < 120.0 && from_broad.pose.position.y == 100.0);
}
