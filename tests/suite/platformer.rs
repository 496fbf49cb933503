//! The platformer example's rules, run headless: landing, walking over the hill, jumping and its
//! grace periods, ledge corners, a rocking plank, and long runs of random input that must never
//! leave the figure inside a platform.

#[allow(dead_code)]
#[path = "../../examples/platformer/physics.rs"]
mod physics;

use glam::Vec2;
use physics::{Input, Look, Platform, World, GRAVITY, JUMP_SPEED, STEP};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use spinfall::collision::Mask;

const IDLE: Input = Input {
    move_x: 0.0,
    jump: false,
};
const RIGHT: Input = Input {
    move_x: 1.0,
    jump: false,
};
const LEFT: Input = Input {
    move_x: -1.0,
    jump: false,
};
const JUMP: Input = Input {
    move_x: 0.0,
    jump: true,
};

/// Steps in `seconds` of play.
fn steps(seconds: f32) -> usize {
    (seconds / STEP).round() as usize
}

/// An upright solid box of `w` x `h` texels, drawn one texel to a pixel, with its top-left corner at
/// `(x, y)`.
fn block(w: u32, h: u32, x: f32, y: f32) -> Platform {
    let mask = Mask::from_fn(w, h, |_, _| true).expect("a block is solid");
    Platform::new(
        mask,
        Look::Earth,
        Vec2::ZERO,
        Vec2::new(x, y),
        0.0,
        Vec2::ONE,
    )
}

/// A flat meadow whose surface is at y = 500, with the figure dropped at x = 200.
fn meadow() -> World {
    World::new(vec![block(400, 20, 0.0, 500.0)], Vec2::new(200.0, 480.0))
}

/// A ledge from x = 0 to 200 with its top at y = 300 over a floor at y = 600.
fn ledge() -> World {
    World::new(
        vec![block(200, 20, 0.0, 300.0), block(800, 20, 0.0, 600.0)],
        Vec2::new(150.0, 280.0),
    )
}

/// Runs `n` steps of `input` and returns how many of them ended with the figure inside a platform.
fn run(world: &mut World, input: Input, n: usize) -> usize {
    (0..n)
        .filter(|_| {
            world.step(input);
            world.blocked_at(world.figure.position)
        })
        .count()
}

/// Whether the figure stands on something: on the ground flag, clear of every platform, and
/// touching one a pixel lower.
fn standing(world: &World) -> bool {
    let p = world.figure.position;
    world.figure.grounded && !world.blocked_at(p) && world.blocked_at(p + Vec2::Y)
}

#[test]
fn the_figure_lands_from_its_spawn_on_the_hill_and_rests_without_jitter() {
    let mut world = World::level();
    assert_eq!(run(&mut world, IDLE, steps(1.0)), 0);
    assert!(standing(&world), "{:?}", world.figure);
    assert!(
        world.figure.position.y > world.spawn.y,
        "it fell to the hill"
    );
    let rest = world.figure;
    assert_eq!(run(&mut world, IDLE, steps(2.0)), 0);
    assert_eq!(
        world.figure.position, rest.position,
        "standing still stays put to the bit"
    );
    assert_eq!(world.figure.velocity, Vec2::ZERO);
}

/// Walks the level's whole width one way and returns the longest stretch of steps spent in the air.
fn walk_across(world: &mut World, input: Input) -> usize {
    let (mut airborne, mut longest) = (0, 0);
    for _ in 0..steps(7.0) {
        world.step(input);
        assert!(
            !world.blocked_at(world.figure.position),
            "{:?}",
            world.figure
        );
        airborne = if world.figure.grounded {
            0
        } else {
            airborne + 1
        };
        longest = longest.max(airborne);
    }
    longest
}

#[test]
fn walking_right_climbs_the_hill_passes_under_the_planks_and_reaches_the_far_wall() {
    let mut world = World::level();
    run(&mut world, IDLE, steps(1.0));
    let longest_hop = walk_across(&mut world, RIGHT);
    assert_eq!(
        world.figure.position,
        Vec2::new(world.walls.1, 640.0),
        "on the meadow at the wall"
    );
    assert!(standing(&world));
    // The hill's staircase is climbed step by step; the only time in the air is dropping off its
    // crest, less than its whole 40-pixel height: sqrt(2 * 40 / GRAVITY) seconds.
    let drop_from_crest = (2.0 * 40.0 / GRAVITY).sqrt();
    assert!(
        (longest_hop as f32) * STEP < drop_from_crest,
        "{longest_hop} steps in the air"
    );
}

#[test]
fn walking_left_from_the_far_wall_climbs_the_hill_from_its_other_side() {
    let mut world = World::level();
    world.figure.position = Vec2::new(1100.0, 600.0);
    run(&mut world, IDLE, steps(1.0));
    let longest_hop = walk_across(&mut world, LEFT);
    assert_eq!(world.figure.position, Vec2::new(world.walls.0, 640.0));
    assert!(standing(&world));
    let drop_from_crest = (2.0 * 40.0 / GRAVITY).sqrt();
    assert!(
        (longest_hop as f32) * STEP < drop_from_crest,
        "{longest_hop} steps in the air"
    );
}

/// Holds `input` until the figure is back on the ground and returns the highest point (the least y)
/// and the steps it took.
fn jump_and_land(world: &mut World, press: Input, hold: usize) -> (f32, usize) {
    let mut top = world.figure.position.y;
    for n in 1..steps(3.0) {
        world.step(if n <= hold { press } else { IDLE });
        top = top.min(world.figure.position.y);
        if world.figure.grounded {
            return (top, n);
        }
    }
    panic!("the figure never came down: {:?}", world.figure);
}

#[test]
fn a_held_jump_rises_its_designed_height_and_lands_where_it_left() {
    let mut world = meadow();
    run(&mut world, IDLE, steps(1.0));
    assert!(standing(&world));
    let start = world.figure.position;
    assert_eq!(start, Vec2::new(200.0, 500.0));
    let (top, airtime) = jump_and_land(&mut world, JUMP, usize::MAX);
    let height = JUMP_SPEED * JUMP_SPEED / (2.0 * GRAVITY);
    let flight = 2.0 * JUMP_SPEED / GRAVITY;
    assert!(
        ((start.y - top) - height).abs() < 0.05 * height,
        "rose {}",
        start.y - top
    );
    assert!(
        ((airtime as f32 * STEP) - flight).abs() < 0.05 * flight,
        "{airtime} steps"
    );
    assert_eq!(world.figure.position, start);
    assert!(standing(&world));
}

#[test]
fn a_tapped_jump_is_a_short_hop() {
    let mut world = meadow();
    run(&mut world, IDLE, steps(1.0));
    let ground = world.figure.position.y;
    let (held_top, _) = jump_and_land(&mut world, JUMP, usize::MAX);
    run(&mut world, IDLE, steps(0.5));
    let (tapped_top, _) = jump_and_land(&mut world, JUMP, 1);
    let (held, tapped) = (ground - held_top, ground - tapped_top);
    assert!(
        tapped > 1.0 && tapped < 0.5 * held,
        "tap {tapped} px, hold {held} px"
    );
}

/// The step in which the figure, dropped 100 px above the meadow, lands.
fn landing_step() -> usize {
    let mut world = meadow();
    world.figure.position.y = 400.0;
    (1..steps(2.0))
        .find(|_| {
            world.step(IDLE);
            world.figure.grounded
        })
        .expect("it lands")
}

/// Drops the figure 100 px above the meadow, presses jump `early` steps before it lands and holds
/// it; returns whether it has left the ground again 0.2 s after landing.
fn bounces_after_landing(early: usize) -> bool {
    let land = landing_step();
    let mut world = meadow();
    world.figure.position.y = 400.0;
    for n in 1..=land + steps(0.2) {
        world.step(if n + early >= land { JUMP } else { IDLE });
    }
    world.figure.position.y < 480.0
}

#[test]
fn jump_pressed_just_before_landing_is_kept_until_the_feet_touch() {
    assert!(
        bounces_after_landing(steps(0.05)),
        "a press 0.05 s early jumps on landing"
    );
    assert!(
        !bounces_after_landing(steps(0.25)),
        "a press 0.25 s early is forgotten"
    );
}

/// Walks the figure off the ledge and presses jump `late` steps after its feet leave it; returns
/// whether it rose.
fn jumps_after_leaving_the_ledge(late: usize) -> bool {
    let mut world = ledge();
    run(&mut world, IDLE, steps(0.5));
    assert!(standing(&world));
    let left = (1..steps(2.0))
        .find(|_| {
            world.step(RIGHT);
            !world.figure.grounded
        })
        .expect("it walks off the ledge");
    let mut world = ledge();
    run(&mut world, IDLE, steps(0.5));
    let jump = Input {
        move_x: 1.0,
        jump: true,
    };
    for n in 1..=left + late {
        world.step(if n == left + late { jump } else { RIGHT });
    }
    world.figure.velocity.y < 0.0
}

#[test]
fn jump_pressed_just_after_walking_off_a_ledge_still_jumps() {
    assert!(
        jumps_after_leaving_the_ledge(steps(0.04)),
        "0.04 s after the edge"
    );
    assert!(
        !jumps_after_leaving_the_ledge(steps(0.2)),
        "0.2 s after the edge is a fall"
    );
}

/// A 64 x 16 box with its top-left corner at (300, 500) over a floor at y = 700. The figure's right
/// foot spans x from 1 to 8 pixels right of its midpoint, over its lowest rows; its torso reaches 10.
fn corner() -> World {
    World::new(
        vec![block(64, 16, 300.0, 500.0), block(800, 20, 0.0, 700.0)],
        Vec2::new(0.0, 0.0),
    )
}

#[test]
fn a_toe_that_catches_a_ledge_corner_stands_on_the_ledge() {
    for toe in 1..=7 {
        let mut world = corner();
        world.figure.position = Vec2::new(292.0 + toe as f32, 440.0);
        assert_eq!(run(&mut world, IDLE, steps(1.0)), 0);
        assert_eq!(
            world.figure.position,
            Vec2::new(292.0 + toe as f32, 500.0),
            "toe {toe}"
        );
        assert!(standing(&world), "toe {toe}");
    }
}

#[test]
fn an_exact_corner_overlap_is_stood_on_top_not_pushed_aside() {
    // Equal overlap across and down: the rect rule's tie, which goes to standing on top.
    for k in 1..=5 {
        let mut world = corner();
        world.figure.position = Vec2::new(292.0 + k as f32, 500.0 + k as f32);
        world.step(IDLE);
        assert_eq!(
            world.figure.position,
            Vec2::new(292.0 + k as f32, 500.0),
            "overlap {k}"
        );
        assert!(standing(&world), "overlap {k}");
    }
}

#[test]
fn a_torso_that_grazes_a_ledge_corner_is_pushed_clear_and_falls_past() {
    // The torso is 20 pixels wide, two more a side than the shoes: at x = 292 it overlaps the box by
    // two pixels while the feet pass beside it.
    for (x, clear) in [(290.0, 290.0), (292.0, 290.0)] {
        let mut world = corner();
        world.figure.position = Vec2::new(x, 440.0);
        assert_eq!(run(&mut world, IDLE, steps(1.5)), 0);
        assert_eq!(
            world.figure.position,
            Vec2::new(clear, 700.0),
            "dropped at x = {x}"
        );
    }
}

#[test]
fn falling_out_of_the_world_starts_again_at_the_spawn() {
    let mut world = ledge();
    world.platforms.truncate(1);
    world.floor_of_world = 900.0;
    run(&mut world, IDLE, steps(0.5));
    let mut reset = false;
    for _ in 0..steps(4.0) {
        let before = world.figure.position;
        world.step(RIGHT);
        if world.figure.position.y < before.y - 100.0 {
            reset = true;
            break;
        }
    }
    assert!(reset, "{:?}", world.figure);
    assert!(
        (world.figure.position - world.spawn).length() < 1.0,
        "{:?}",
        world.figure
    );
    assert_eq!(world.figure.velocity.x, 0.0);
}

#[test]
fn a_figure_standing_on_the_rocking_plank_rides_it_without_sinking_or_sliding_off() {
    let mut world = World::level();
    let rocker = world.platforms.len() - 1;
    let pivot = world.platforms[rocker].position;
    world.figure.position = pivot + Vec2::new(60.0, -40.0);
    run(&mut world, IDLE, steps(1.0));
    assert!(standing(&world));
    let start_x = world.figure.position.x;
    let mut on_it = 0;
    let n = steps(12.0);
    for _ in 0..n {
        world.step(IDLE);
        assert!(
            !world.blocked_at(world.figure.position),
            "{:?}",
            world.figure
        );
        on_it += world.figure.grounded as usize;
    }
    assert!(on_it * 10 >= n * 9, "grounded in {on_it} of {n} steps");
    assert!(
        (world.figure.position.x - start_x).abs() < 20.0,
        "{:?}",
        world.figure
    );
}

/// Random play: walking in bursts, jumping with short and long holds, changing every 0.1 to 1 s.
fn random_inputs(seed: u64, n: usize) -> Vec<Input> {
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut inputs = Vec::with_capacity(n);
    while inputs.len() < n {
        let input = Input {
            move_x: [-1.0, 0.0, 1.0, rng.gen_range(-1.0..1.0)][rng.gen_range(0..4)],
            jump: rng.gen_bool(0.4),
        };
        let hold = rng.gen_range(steps(0.1)..steps(1.0));
        inputs.extend(std::iter::repeat_n(input, hold));
    }
    inputs.truncate(n);
    inputs
}

#[test]
fn random_play_never_leaves_the_figure_inside_a_platform() {
    for seed in 0..12 {
        let mut world = World::level();
        let mut grounded = 0;
        let inputs = random_inputs(seed, steps(60.0));
        for (n, &input) in inputs.iter().enumerate() {
            world.step(input);
            let f = world.figure;
            assert!(!world.blocked_at(f.position), "seed {seed} step {n}: {f:?}");
            assert!(
                f.position.is_finite() && f.position.y <= world.floor_of_world,
                "{f:?}"
            );
            grounded += f.grounded as usize;
        }
        assert!(
            grounded * 2 > inputs.len(),
            "seed {seed}: grounded in {grounded} steps"
        );
    }
}

#[test]
fn the_same_input_plays_the_same_run_to_the_bit() {
    let inputs = random_inputs(7, steps(20.0));
    let trace = || {
        let mut world = World::level();
        inputs
            .iter()
            .map(|&input| {
                world.step(input);
                (
                    world.figure.position,
                    world.figure.velocity,
                    world.figure.grounded,
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(trace(), trace());
}
