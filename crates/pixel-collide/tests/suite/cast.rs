//! Shape casts: a body swept through random worlds of turned, scaled and flipped masks must stop
//! exactly where the first of them is met, never pass through one, and say which.

use crate::support;

use glam::{Affine2, Vec2};
use pixel_collide::{Body, Mask, Pose, Sprite, cast, overlaps};
use proptest::prelude::*;

fn noisy(w: u32, h: u32, seed: u64) -> Mask {
    let mut state = seed | 1;
    Mask::from_fn(w, h, |_, _| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        !state.is_multiple_of(3)
    })
    .unwrap()
}

fn moved<'m>(body: Body<'m>, position: Vec2) -> Sprite<'m> {
    Body {
        pose: Pose {
            position,
            ..body.pose
        },
        ..body
    }
    .sprite()
}

/// The obstacles the body overlaps with its pivot at `position`.
fn touching(world: &[Sprite<'_>], body: Body<'_>, position: Vec2) -> Vec<usize> {
    let me = moved(body, position);
    (0..world.len())
        .filter(|&i| overlaps(me, world[i]))
        .collect()
}

proptest! {
    #![proptest_config(support::cases(120))]

    #[test]
    fn a_cast_stops_at_the_first_obstacle_met_and_passes_through_none(
        seeds in prop::array::uniform4(any::<u64>()),
        shape in (2u32..12, 2u32..12),
        turns in prop::array::uniform4(-3.2f32..3.2),
        scale in 0.5f32..2.5,
        flip in any::<bool>(),
        places in prop::array::uniform3((-120.0f32..120.0, -120.0f32..120.0)),
        aim in (0usize..3, 0.3f32..3.0, -20.0f32..20.0, -20.0f32..20.0),
    ) {
        let me = noisy(shape.0, shape.1, seeds[0]);
        let masks: Vec<Mask> = (1..4).map(|k| noisy(4 + (seeds[k] % 20) as u32, 3 + (seeds[k] % 7) as u32, seeds[k])).collect();
        let world: Vec<Sprite<'_>> = masks
            .iter()
            .zip(places)
            .enumerate()
            .map(|(k, (m, (x, y)))| {
                let flip = Affine2::from_scale(Vec2::new(if flip && k == 0 { -1.0 } else { 1.0 }, 1.0));
                Sprite::new(m, Affine2::from_translation(Vec2::new(x, y)) * Affine2::from_angle(turns[k + 1]) * flip * Affine2::from_scale(Vec2::splat(scale)))
            })
            .collect();
        let body = Body::new(&me, Pose::new(Vec2::ZERO, turns[0], Vec2::new(scale, -scale)), Vec2::new(1.0, 2.0));
        // Mostly towards one of the obstacles, past it or short of it.
        let (x, y) = places[aim.0];
        let motion = Vec2::new(x + aim.2, y + aim.3) * aim.1;
        let start = touching(&world, body, Vec2::ZERO);
        let hit = cast(body, world.as_slice(), motion);
        if let Some(&first) = start.first() {
            let hit = hit.expect("a body that starts inside something hits it");
            prop_assert_eq!((hit.time, hit.position), (0.0, Vec2::ZERO));
            prop_assert!(start.contains(&hit.obstacle) && first == start[0]);
            return Ok(());
        }
        let end = hit.map_or(1.0, |h| h.time);
        // Nothing is met before the contact (or the end): samples a fifth of a unit apart.
        let samples = (motion.length() * end * 5.0).ceil() as u32;
        for k in 0..samples {
            let at = motion * (end * k as f32 / samples as f32);
            prop_assert!(touching(&world, body, at).is_empty(), "overlaps at {at} before {end}");
        }
        if let Some(hit) = hit {
            prop_assert!(touching(&world, body, hit.position).is_empty(), "ends overlapping");
            prop_assert!((hit.position - motion * hit.time).length() <= 1e-3 * motion.length().max(1.0));
            // A hair further on, the body overlaps the obstacle named.
            let reach = motion.length() * 2f32.powi(-12) + 0.01;
            let dir = motion.normalize();
            let met = (1..=40).any(|k| touching(&world, body, hit.position + dir * reach * k as f32 / 40.0).contains(&hit.obstacle));
            prop_assert!(met, "no overlap with obstacle {} just past the contact", hit.obstacle);
            prop_assert!((hit.normal.length() - 1.0).abs() < 1e-3);
            prop_assert!(hit.normal.dot(motion) <= 1e-3 * motion.length(), "the normal faces the body");
        }
    }
}

#[test]
fn a_long_cast_stops_at_a_one_texel_wall_and_a_zero_motion_hits_nothing() {
    let (wall, me) = (
        Mask::from_fn(1, 40, |_, _| true).unwrap(),
        Mask::from_fn(6, 6, |_, _| true).unwrap(),
    );
    let world = [Sprite::new(
        &wall,
        Affine2::from_translation(Vec2::new(500.0, -17.0)),
    )];
    let body = Body::new(&me, Pose::at(Vec2::ZERO), Vec2::splat(3.0));
    let hit = cast(body, &world, Vec2::new(6000.0, 0.0)).expect("the wall is met");
    assert_eq!(hit.position, Vec2::new(497.0, 0.0));
    assert_eq!(hit.normal, Vec2::NEG_X);
    assert!(cast(body, &world, Vec2::ZERO).is_none());
    assert!(cast(body, &world, Vec2::new(f32::NAN, 0.0)).is_none());
}
