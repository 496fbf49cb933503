//! The mover as a player meets it: a body walking, with gravity, over pixel ground of slopes up to
//! just under the floor angle, crests, risers up to the step height up and down, ripples and bowls
//! carved while it walks, at 1 to 200 units a step, both ways. It never stands still on a floor while
//! asked to walk, never ends a step inside the ground, and reaches the far end.

use crate::support;

use glam::{Affine2, Vec2};
use pixel_collide::{Body, Mask, Mover, Pose, Sprite, overlaps};
use proptest::prelude::*;

/// Gravity, in world units per step per step.
const GRAVITY: f32 = 0.25;

/// The ground's height, a column of solid texels a column of the mask.
const HEIGHT: u32 = 320;

/// Flat ground at both ends, where the body starts and where it ends.
const END: usize = 60;

/// One stretch of ground, in columns, each changing the height from where the last one left it.
#[derive(Clone, Copy, Debug)]
enum Stretch {
    Flat(usize),
    /// A slope of `angle` radians from level, rising (or falling) for that many columns.
    Slope(usize, f32, bool),
    /// A riser this many texels up (or down), then level ground.
    Riser(f32, bool, usize),
    /// A ripple: a sine of this amplitude and period over that many columns.
    Ripple(usize, f32, f32),
}

/// A body and the mover tuned for it.
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// A box 10 x 20.
    Box,
    /// A capsule 5 x 10: a column with round ends.
    Capsule,
}

impl Shape {
    fn mask(self) -> Mask {
        match self {
            Shape::Box => Mask::from_fn(10, 20, |_, _| true).unwrap(),
            Shape::Capsule => Mask::from_fn(5, 10, |x, y| {
                let (cx, r) = (x as f32 + 0.5 - 2.5, 2.5);
                let cy = (y as f32 + 0.5).clamp(r, 10.0 - r);
                let dy = y as f32 + 0.5 - cy;
                cx * cx + dy * dy <= r * r
            })
            .unwrap(),
        }
    }

    /// The tallest rise the body walks up between two neighbouring columns, and over three: the
    /// box's step height in whole texels, a riser at a time; the capsule's round bottom rests its
    /// leading column a texel above its lowest row, so that its step height (1.875) takes it up a
    /// 2-texel riser only onto level ground, and up pixel slopes of 45 degrees, not steeper ones.
    fn max_rise(self) -> (f32, f32) {
        match self {
            Shape::Box => (3.0, 6.0),
            Shape::Capsule => (2.0, 2.0),
        }
    }

    fn mover(self) -> Mover {
        match self {
            Shape::Box => Mover::for_height(20.0),
            Shape::Capsule => Mover::for_height(10.0),
        }
    }
}

/// The ground's column heights: `END` flat columns, the stretches over and over until `width` less
/// `END` columns are filled, then `END` flat columns again; kept between 40 texels and 80 below the
/// top.
fn heights(stretches: &[Stretch], width: usize) -> Vec<f32> {
    let (low, high) = (40.0, HEIGHT as f32 - 80.0);
    let mut h = vec![120.0f32; END];
    // Each column from a height relative to the last stretch's end; false once the middle is full.
    let column = |h: &mut Vec<f32>, v: f32| {
        h.push(v.clamp(low, high));
        h.len() < width - END
    };
    'fill: for s in stretches.iter().cycle() {
        let level = *h.last().unwrap();
        let (n, shape): (usize, Box<dyn Fn(usize) -> f32>) = match *s {
            Stretch::Flat(n) => (n, Box::new(move |_| level)),
            Stretch::Slope(n, angle, up) => {
                let rate = angle.tan() * if up { 1.0 } else { -1.0 };
                (n, Box::new(move |i| level + rate * i as f32))
            }
            Stretch::Riser(rise, up, n) => {
                let to = level + if up { rise } else { -rise };
                (n.max(1), Box::new(move |_| to))
            }
            Stretch::Ripple(n, amplitude, period) => (
                n,
                Box::new(move |i| {
                    level + amplitude * (std::f32::consts::TAU * i as f32 / period).sin()
                }),
            ),
        };
        for i in 1..=n {
            if !column(&mut h, shape(i)) {
                break 'fill;
            }
        }
    }
    let level = *h.last().unwrap();
    h.extend(std::iter::repeat_n(level, END));
    h
}

/// Keeps every rise and drop between two neighbouring columns, and between columns two apart, in
/// whole texels, within `max_rise` (walked both ways, a drop is a rise), so that the ground is one
/// the body can walk.
fn walkable(heights: &mut [f32], (one, two): (f32, f32)) {
    for x in 1..heights.len() {
        let (a, b) = (heights[x - 1].round(), heights[x].round());
        let mut h = b.clamp(a - one, a + one);
        if x >= 2 {
            let c = heights[x - 2].round();
            h = h.clamp(c - two, c + two);
        }
        heights[x] = h;
    }
}

/// The ground: each column solid from the bottom up to its height (whole texels), with a wall at
/// both ends.
fn ground(heights: &[f32]) -> Mask {
    let w = heights.len();
    Mask::from_fn(w as u32, HEIGHT, |x, y| {
        let x = x as usize;
        x < 2 || x >= w - 2 || (HEIGHT - y) as f32 <= heights[x].round()
    })
    .unwrap()
}

/// Carves a bowl `depth` deep and `2 * half` wide, centred on column `at`, its sides no steeper than
/// `atan(depth * pi / (2 * half))`.
fn carve(heights: &mut [f32], at: usize, half: usize, depth: f32) {
    for (i, h) in heights.iter_mut().enumerate() {
        let d = i as f32 - at as f32;
        if d.abs() < half as f32 {
            *h -= depth * 0.5 * (1.0 + (std::f32::consts::PI * d / half as f32).cos());
            *h = h.max(8.0);
        }
    }
}

/// What went wrong on a walk, if anything, and how far it got.
fn walk(
    shape: Shape,
    stretches: &[Stretch],
    speed: f32,
    rightwards: bool,
    bowl: Option<(f32, f32)>,
) -> Result<(), String> {
    let steps = 600;
    // Long enough to need most of the steps, at most 1,200 columns.
    let width = (2 * END + (0.7 * speed * steps as f32) as usize).clamp(3 * END, 1200);
    let mut h = heights(stretches, width);
    walkable(&mut h, shape.max_rise());
    if !rightwards {
        h.reverse();
    }
    let mask = shape.mask();
    let mover = shape.mover();
    let (w, tall) = (mask.width() as f32, mask.height() as f32);
    let mut ground_mask = ground(&h);
    let side = if rightwards { 1.0 } else { -1.0 };
    let start_x = if rightwards {
        END as f32 / 2.0
    } else {
        width as f32 - END as f32 / 2.0
    };
    let goal = if rightwards {
        width as f32 - END as f32
    } else {
        END as f32
    };
    let top = HEIGHT as f32 - h[start_x as usize];
    let mut body = Body::new(
        &mask,
        Pose::at(Vec2::new(start_x, top - 2.0)),
        Vec2::new(w / 2.0, tall),
    );
    let mut velocity = Vec2::ZERO;
    let mut standing = false;
    let mut carved = bowl.is_none();
    let mut stood_still = Vec::new();
    for n in 0..steps + 20 {
        // The first 20 steps let the body land.
        let walking = n >= 20;
        if !carved && walking {
            // A bowl carved a little ahead of the body while it walks towards it.
            let (depth, half) = bowl.unwrap();
            let ahead = body.pose.position.x + side * (2.0 * half + 3.0 * speed.min(40.0));
            if ahead > END as f32 && ahead < (width - END) as f32 {
                carve(&mut h, ahead as usize, half as usize, depth);
                walkable(&mut h, shape.max_rise());
                ground_mask = ground(&h);
                carved = true;
            }
        }
        let world = [Sprite::new(&ground_mask, Affine2::IDENTITY)];
        velocity.y += GRAVITY;
        velocity.x = if walking { side * speed } else { 0.0 };
        let before = body.pose.position;
        let moved = mover.move_and_slide(body, &world, velocity, standing);
        let me = Body {
            pose: Pose::at(moved.position),
            ..body
        }
        .sprite();
        if overlaps(me, world[0]) {
            return Err(format!(
                "step {n}: ended inside the ground at {}",
                moved.position
            ));
        }
        if walking && standing && (moved.position.x - before.x) * side <= 0.0 {
            stood_still.push(n);
        }
        velocity = moved.slide_velocity(velocity);
        standing = moved.on_floor;
        body.pose.position = moved.position;
        if (moved.position.x - goal) * side >= 0.0 {
            return if stood_still.is_empty() {
                Ok(())
            } else {
                Err(format!(
                    "stood still on a floor while walking at steps {stood_still:?}"
                ))
            };
        }
    }
    Err(format!(
        "did not reach the far end ({goal}) in {steps} steps: at {}; {}",
        body.pose.position,
        stood(&stood_still)
    ))
}

/// The steps at which a walker stood still, the first few of them.
fn stood(steps: &[usize]) -> String {
    format!(
        "stood still on a floor while walking at {} steps, the first at {:?}",
        steps.len(),
        &steps[..steps.len().min(5)]
    )
}

/// The steepest slope the walks take: just under the floor angle.
fn steepest() -> f32 {
    Mover::default().max_floor_angle - 0.02
}

/// Slopes and crests, risers up to the step height of each shape, ripples.
fn stretch(step: f32) -> impl Strategy<Value = Stretch> {
    prop_oneof![
        (5usize..60).prop_map(Stretch::Flat),
        (10usize..120, 0.0f32..steepest(), any::<bool>())
            .prop_map(|(n, a, up)| Stretch::Slope(n, a, up)),
        (1.0f32..=step.floor().max(1.0), any::<bool>(), 1usize..40)
            .prop_map(|(r, up, n)| Stretch::Riser(r.round(), up, n)),
        (20usize..120, 0.5f32..3.0, 6.0f32..40.0).prop_map(|(n, a, p)| Stretch::Ripple(n, a, p)),
    ]
}

/// Speeds from 1 to 200 units a step, spread evenly in their logarithm.
fn speed() -> impl Strategy<Value = f32> {
    (0.0f32..=1.0).prop_map(|t| 200f32.powf(t))
}

proptest! {
    #![proptest_config(support::cases(24))]

    #[test]
    fn a_walking_body_never_stands_still_on_ground_it_can_walk_and_reaches_the_far_end(
        box_not_capsule in any::<bool>(),
        stretches in prop::collection::vec(stretch(1.875), 4..12),
        speed in speed(),
        rightwards in any::<bool>(),
        bowl in prop::option::of((4.0f32..30.0, 20.0f32..60.0)),
    ) {
        let shape = if box_not_capsule { Shape::Box } else { Shape::Capsule };
        // A bowl's sides are kept under the floor angle too.
        let bowl = bowl.map(|(depth, half)| (depth.min(half * 2.0 * steepest().tan() / std::f32::consts::PI), half));
        if let Err(e) = walk(shape, &stretches, speed, rightwards, bowl) {
            prop_assert!(false, "{:?} at {} a step: {}", shape, speed, e);
        }
    }

    #[test]
    fn a_box_walks_risers_up_to_its_step_height_at_any_speed(
        stretches in prop::collection::vec(stretch(3.75), 4..12),
        speed in speed(),
        rightwards in any::<bool>(),
    ) {
        if let Err(e) = walk(Shape::Box, &stretches, speed, rightwards, None) {
            prop_assert!(false, "at {} a step: {}", speed, e);
        }
    }
}

/// The ground that stopped a fast walker for good before climbs found the floor along the way:
/// slopes up to crests and plateaus, and downhills, at 100 units a step.
#[test]
fn a_fast_walker_never_stops_at_the_crest_of_a_slope() {
    let hills = [
        Stretch::Slope(60, 0.44, true),
        Stretch::Flat(30),
        Stretch::Slope(40, 0.6, false),
        Stretch::Slope(80, 0.3, true),
        Stretch::Slope(50, 0.9, false),
        Stretch::Flat(20),
    ];
    for shape in [Shape::Box, Shape::Capsule] {
        for speed in [1.0, 5.0, 25.0, 100.0, 200.0] {
            for rightwards in [true, false] {
                walk(shape, &hills, speed, rightwards, None)
                    .unwrap_or_else(|e| panic!("{shape:?} at {speed} a step: {e}"));
            }
        }
    }
}

/// A staircase of risers under the step height is climbed as far as one fast step reaches, not four
/// risers of it.
#[test]
fn one_fast_step_climbs_a_staircase_as_far_as_it_reaches() {
    let mask = Shape::Box.mask();
    let mover = Shape::Box.mover();
    // 1-texel risers every 2 columns: a 27 degree staircase 200 columns long from column 40.
    let h: Vec<f32> = (0..400)
        .map(|x| 60.0 + (x.clamp(40, 240) - 40) as f32 / 2.0)
        .collect();
    let g = ground(&h);
    let world = [Sprite::new(&g, Affine2::IDENTITY)];
    let start = Vec2::new(35.0, HEIGHT as f32 - 60.0);
    let body = Body::new(&mask, Pose::at(start), Vec2::new(5.0, 20.0));
    let moved = mover.move_and_slide(body, &world, Vec2::new(100.0, 0.0), true);
    assert!(moved.position.x >= start.x + 99.0, "{moved:?}");
    assert!(moved.on_floor, "{moved:?}");
    let under = HEIGHT as f32 - h[(moved.position.x + 5.0) as usize];
    assert!(
        (moved.position.y - under).abs() <= 1.0,
        "on the stairs: {moved:?}"
    );
}
