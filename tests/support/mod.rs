//! Helpers shared by the game's integration tests: the embedded shapes, step counts, scripted scenes
//! in a world where nothing spawns by itself, and running the built binary ([`binary`]).

// Each test file that declares `mod support;` compiles all of this module but calls only some of
// it, so the helpers a given file leaves unused would otherwise warn there.
#![allow(dead_code)]

pub mod binary;

use spinfall::assets::Assets;
use spinfall::sim::{Event, Input, Mode, PowerUpKind, Shapes, Tuning, World, STEPS_PER_SECOND};

/// Steps in one second of game time.
pub const SECOND: u64 = STEPS_PER_SECOND as u64;

/// Steps in one minute of game time.
pub const MINUTE: u64 = 60 * SECOND;

/// The masks built from the embedded art.
pub fn shapes() -> Shapes {
    Assets::embedded()
        .shapes()
        .expect("embedded assets build masks")
}

/// A world where nothing spawns by itself, for scripted scenes.
pub fn quiet(mode: Mode) -> World {
    quiet_with(mode, shapes())
}

/// A world like [`quiet`]'s, with other shapes.
pub fn quiet_with(mode: Mode, shapes: Shapes) -> World {
    let tuning = Tuning {
        spawn_chance: 0.0,
        spawn_cap: 0.0,
        powerups: false,
        ..Tuning::for_mode(mode)
    };
    World::with_tuning(mode, 1, shapes, tuning)
}

/// The player's vertical middle, where a block's horizontal arm meets the figure's body.
pub fn player_mid(world: &World) -> f32 {
    world.player().rect().center().y
}

/// Steps `world` with `input` and returns the events of that step.
pub fn step(world: &mut World, input: Input) -> Vec<Event> {
    world.step(input).to_vec()
}

/// Steps `world` idle until the figure's scale has stopped changing (at most a second).
pub fn settle(world: &mut World) {
    for _ in 0..STEPS_PER_SECOND {
        if world.player().scale() == world.player().target_scale() {
            return;
        }
        world.step(Input::IDLE);
    }
    panic!("the scale never settled");
}

/// Puts a power-up of `kind` on the middle of the figure and steps once, so it is caught now.
pub fn catch(world: &mut World, kind: PowerUpKind) -> Vec<Event> {
    let centre = world.player().rect().center();
    world.spawn_powerup(kind, centre);
    let events = step(world, Input::IDLE);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Collected { kind: k, .. } if *k == kind)),
        "{kind:?} not caught: {events:?}"
    );
    events
}
