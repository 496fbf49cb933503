//! When two sprites moving over a step first touch.

use pixel_collide::{time_of_impact, Motion, Pose};

use crate::args::{call, finite, mask, out, point};
use crate::status::pc_status;
use crate::types::{pc_impact, pc_motion, pc_pose};

/// `p` as the crate's pose, every number finite.
fn pose(function: &str, name: &str, p: pc_pose) -> Result<Pose, pc_status> {
    Ok(Pose::new(
        point(function, name, p.position)?,
        finite(function, name, p.rotation)?,
        point(function, name, p.scale)?,
    ))
}

/// `m` as the crate's motion over a live mask.
fn motion<'a>(function: &str, name: &str, m: pc_motion) -> Result<Motion<'a>, pc_status> {
    Ok(Motion::new(
        mask(function, name, m.mask)?,
        pose(function, name, m.from)?,
        pose(function, name, m.to)?,
        point(function, name, m.origin)?,
    ))
}

/// The first time during the step (0 to 1) at which the two moving sprites touch, each moving
/// from its `from` pose to its `to` pose (position, rotation and scale in a straight line), to
/// within 2^-14 of the step; `found` is false when they never touch.
#[no_mangle]
pub unsafe extern "C" fn pc_time_of_impact(
    a: pc_motion,
    b: pc_motion,
    impact: *mut pc_impact,
) -> pc_status {
    const F: &str = "pc_time_of_impact";
    call(F, || {
        let impact = out(F, "impact", impact)?;
        *impact = match time_of_impact(&motion(F, "a", a)?, &motion(F, "b", b)?) {
            Some(i) => pc_impact {
                found: true,
                time: i.time,
                contact_time: i.contact_time,
                point: i.point.into(),
            },
            None => pc_impact::default(),
        };
        Ok(())
    })
}
