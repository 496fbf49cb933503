//! Time of impact over a step and the broad questions of motion on small random masks moving
//! between any two poses: the answer's times in order and within the resolution, the sprites
//! touching at the contact time and apart before it, none found only where no sampled time touches.
#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use pixel_collide::glam::Vec2;
use pixel_collide::{overlaps, time_of_impact, Motion, Pose, IMPACT_RESOLUTION};
use spinfall_fuzz::{number, small_mask};

fn pose(u: &mut Unstructured<'_>) -> Result<Pose> {
    let position = Vec2::new(number(u, 12.0)?, number(u, 12.0)?);
    let scale = if u.arbitrary()? {
        Vec2::ONE
    } else {
        Vec2::new(number(u, 3.0)?, number(u, 3.0)?)
    };
    Ok(Pose::new(position, number(u, 7.0)?, scale))
}

fn run(u: &mut Unstructured<'_>) -> Result<()> {
    let (ma, mb) = (small_mask(u)?, small_mask(u)?);
    let origin = |m: &pixel_collide::Mask| Vec2::new(m.width() as f32, m.height() as f32) / 2.0;
    let a = Motion::new(&ma, pose(u)?, pose(u)?, origin(&ma));
    let b = Motion::new(&mb, pose(u)?, pose(u)?, origin(&mb));
    let impact = time_of_impact(&a, &b);
    let touch = |t: f32| overlaps(a.sprite_at(t), b.sprite_at(t));
    match impact {
        Some(i) => {
            assert!(
                (0.0..=1.0).contains(&i.time) && i.time <= i.contact_time,
                "{i:?}"
            );
            assert!(i.contact_time <= 1.0, "{i:?}");
            assert!(
                i.contact_time - i.time <= IMPACT_RESOLUTION * 1.001,
                "{i:?}"
            );
            assert!(
                touch(i.contact_time),
                "not touching at the contact time: {i:?}"
            );
            assert!(
                i.time == 0.0 || !touch(i.time),
                "touching at the time before contact: {i:?}"
            );
            assert!(i.point.is_finite(), "{i:?}");
        }
        None => {
            // No sampled time touches: the ends and 64 points between.
            for k in 0..=64 {
                let t = k as f32 / 64.0;
                assert!(
                    !touch(t),
                    "no impact found, yet touching at {t}: {:?} {:?} / {:?} {:?}",
                    a.from,
                    a.to,
                    b.from,
                    b.to
                );
            }
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
