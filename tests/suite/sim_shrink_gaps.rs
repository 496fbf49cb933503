//! What shrinking is for: a shrunk figure passes through gaps and under arms that hit it at full
//! size, and regrowing inside a gap is not a hit.

use crate::support;

use glam::Vec2;
use spinfall::sim::{Event, Input, Mode, PowerUpKind, World, REGROW_GRACE_STEPS, SHRINK_SCALE};
use support::{catch, player_mid, quiet, settle, step};

/// The figure's solid texels span x 6..26 of its 32: 20 px wide at full size, 10 px at half size.
const FIGURE_SOLID_WIDTH: f32 = 20.0;

/// Drops two upright blocks side by side onto the standing player, their horizontal arms' tips
/// leaving a 14 px gap centred on the figure: too narrow for the figure at full size (20 px of solid
/// texels), wide enough at half size (10 px). Returns the events until both have fallen past.
fn fall_through_gap(world: &mut World) -> Vec<Event> {
    let gap = 14.0;
    assert!(gap < FIGURE_SOLID_WIDTH && gap > FIGURE_SOLID_WIDTH * SHRINK_SCALE);
    let x = world.player().x();
    // Arms reach 32 px from the centre; start with them well above the figure's head.
    let y = world.player().position().y - 48.0 - 60.0;
    world.spawn_block(Vec2::new(x - gap / 2.0 - 32.0, y), 0.0, 1.0, 3.0, 0.0);
    world.spawn_block(Vec2::new(x + gap / 2.0 + 32.0, y), 0.0, 1.0, 3.0, 0.0);
    let mut log = Vec::new();
    while world.blocks().iter().any(|b| !b.has_passed()) {
        log.extend(step(world, Input::IDLE));
        assert!(world.stats().steps < 1000, "the blocks never passed");
    }
    log
}

/// The scripted scene: optionally catch a shrink, then let the two blocks fall past.
fn gap_run(shrink: bool) -> (Vec<Event>, u32) {
    let mut world = quiet(Mode::Arcade);
    let mut log = Vec::new();
    if shrink {
        // The token falls onto the player's head from above, like a spawned one.
        let x = world.player().x();
        world.spawn_powerup(PowerUpKind::Shrink, Vec2::new(x, 300.0));
        while world.stats().collected == 0 {
            log.extend(step(&mut world, Input::IDLE));
            assert!(world.stats().steps < 600, "the shrink never arrived");
        }
    }
    log.extend(fall_through_gap(&mut world));
    (log, world.lives())
}

#[test]
fn a_shrunk_figure_falls_through_a_gap_that_hits_at_full_size() {
    let hits = |log: &[Event]| {
        log.iter()
            .filter(|e| matches!(e, Event::Hit { .. }))
            .count()
    };
    let dodges = |log: &[Event]| {
        log.iter()
            .filter(|e| matches!(e, Event::Dodged { .. }))
            .count()
    };
    let (full, lives) = gap_run(false);
    assert_eq!(hits(&full), 1, "{full:?}");
    assert_eq!(lives, 2);

    let (shrunk, lives) = gap_run(true);
    assert!(shrunk.iter().any(|e| matches!(
        e,
        Event::Collected {
            kind: PowerUpKind::Shrink,
            ..
        }
    )));
    assert_eq!(hits(&shrunk), 0, "{shrunk:?}");
    assert_eq!(dodges(&shrunk), 2, "{shrunk:?}");
    assert_eq!(lives, 3);
    // Deterministic: the same script replays to the same events.
    assert_eq!(gap_run(true), (shrunk, 3));
    assert_eq!(gap_run(false).0, full);
}

#[test]
fn a_shrunk_figure_walks_under_a_block_that_hits_at_full_size() {
    let under = |shrink: bool| {
        let mut world = quiet(Mode::Arcade);
        if shrink {
            catch(&mut world, PowerUpKind::Shrink);
            settle(&mut world);
        }
        // A standing block whose lower arm ends 13 px below a full-size head, 11 px above a half-size one.
        let feet = world.player().position().y;
        world.spawn_block(Vec2::new(250.0, feet - 35.0 - 32.0), 0.0, 1.0, 0.0, 0.0);
        (0..60)
            .flat_map(|_| step(&mut world, Input::new(-1.0)))
            .filter(|e| matches!(e, Event::Hit { .. }))
            .count()
    };
    assert_eq!(under(false), 1);
    assert_eq!(under(true), 0);
}

#[test]
fn a_shrink_ending_inside_a_gap_is_not_a_hit() {
    let mut world = quiet(Mode::Arcade);
    catch(&mut world, PowerUpKind::Shrink);
    settle(&mut world);
    // Two standing blocks whose arm tips are 2 px clear of the half-size figure on each side.
    let (x, y) = (world.player().x(), player_mid(&world));
    world.spawn_block(Vec2::new(x - 7.0 - 32.0, y), 0.0, 1.0, 0.0, 0.0);
    world.spawn_block(Vec2::new(x + 7.0 + 32.0, y), 0.0, 1.0, 0.0, 0.0);
    let mut log = Vec::new();
    let mut grace_at_end = None;
    while world.effects().shrink > 0 {
        log.extend(step(&mut world, Input::IDLE));
        assert!(!world.is_touching(), "the small figure fits");
        if world.effects().shrink == 0 {
            grace_at_end = Some(world.regrow_grace_remaining());
        }
    }
    assert_eq!(grace_at_end, Some(REGROW_GRACE_STEPS));
    for _ in 0..REGROW_GRACE_STEPS + 30 {
        log.extend(step(&mut world, Input::IDLE));
    }
    // The figure regrew into both arms and still touches them, but that never counted.
    assert!(world.is_touching());
    assert_eq!(world.player().scale(), 1.0);
    assert!(
        !log.iter()
            .any(|e| matches!(e, Event::Hit { .. } | Event::LifeLost { .. })),
        "{log:?}"
    );
    assert_eq!(world.lives(), 3);
    assert_eq!(world.regrow_grace_remaining(), 0);

    // The grace is short: walk out, and the next block counts.
    for _ in 0..20 {
        world.step(Input::new(1.0));
    }
    let x = world.player().x();
    world.spawn_block(Vec2::new(x + 80.0, y), 0.0, 1.0, 0.0, 0.0);
    let hits = (0..30)
        .flat_map(|_| step(&mut world, Input::new(1.0)))
        .filter(|e| matches!(e, Event::Hit { .. }))
        .count();
    assert_eq!(hits, 1);
    assert_eq!(world.lives(), 2);
}
