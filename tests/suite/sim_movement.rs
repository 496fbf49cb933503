//! Movement: the player's input is tamed and kept inside the safe area, and block and player poses
//! interpolate between steps for drawing.

use crate::support;

use std::f32::consts::TAU;

use glam::Vec2;
use spinfall::sim::{safe_area, Input, Mode, PowerUpKind, World};
use support::{quiet, shapes};

#[test]
fn bad_input_values_are_tamed() {
    let mut world = World::new(Mode::Arcade, 4, shapes());
    let safe = safe_area();
    for (i, v) in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 1e30, -1e30, 0.5]
        .iter()
        .cycle()
        .take(600)
        .enumerate()
    {
        world.step(Input { move_x: *v });
        let rect = world.player().rect();
        assert!(
            rect.min.x >= safe.min.x && rect.max.x <= safe.max.x,
            "step {i}: {rect:?}"
        );
        assert!(world.player().x().is_finite());
    }
    assert_eq!(Input::new(f32::NAN), Input::IDLE);
    assert_eq!(Input::new(7.0).move_x, 1.0);
    assert_eq!(Input::from_buttons(true, true), Input::IDLE);
    assert_eq!(Input::from_buttons(true, false).move_x, -1.0);
}

#[test]
fn the_player_stays_inside_the_safe_area() {
    let mut world = quiet(Mode::Arcade);
    let safe = safe_area();
    for _ in 0..200 {
        world.step(Input::new(-1.0));
    }
    assert_eq!(world.player().rect().min.x, safe.min.x);
    for _ in 0..200 {
        world.step(Input::new(1.0));
    }
    assert_eq!(world.player().rect().max.x, safe.max.x);
    assert_eq!(world.player().rect().max.y, safe.max.y);
    // Half a stick moves half as fast.
    let before = world.player().x();
    world.step(Input::new(-0.5));
    assert_eq!(before - world.player().x(), 2.5);
}

#[test]
fn poses_interpolate_between_steps_for_smooth_drawing() {
    let mut world = quiet(Mode::Classic);
    // A block about to cross a full turn, so the interpolation must not spin the long way round.
    world.spawn_block(Vec2::new(100.0, 100.0), TAU - 0.01, 1.0, 2.0, 0.03);
    world.step(Input::new(1.0));
    let block = world.blocks()[0];
    let (start, turn0) = block.pose_at(0.0);
    let (end, turn1) = block.pose_at(1.0);
    assert_eq!(start, block.prev_position());
    assert_eq!(end, block.position());
    assert!((turn1 - block.rotation()).abs() < 1e-5);
    assert!((block.rotation() - block.prev_rotation() - 0.03).abs() < 1e-5);
    assert!((turn0 - (TAU - 0.01)).abs() < 1e-4);
    let (_, half) = block.pose_at(0.5);
    assert!((half - 0.005).abs() < 1e-4, "{half}");
    let player = world.player();
    assert_eq!(player.x_at(0.0), player.prev_x());
    assert_eq!(player.x_at(1.0), player.x());
    assert_eq!(player.x() - player.prev_x(), 5.0);
    assert_eq!(PowerUpKind::Shield.duration(), 600);
}
