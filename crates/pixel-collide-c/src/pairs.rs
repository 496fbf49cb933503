//! Questions about two placed sprites: do they touch, where, how deep, how far apart, how to part
//! them.

use pixel_collide as core;

use crate::args::{call, out, sprite, two_sprites};
use crate::status::*;
use crate::types::{pc_closest, pc_contact, pc_push, pc_sprite};

/// Whether the two sprites share a solid texel's area anywhere (touching along an edge or at a
/// corner is not overlapping); `*overlapping` is written.
#[no_mangle]
pub unsafe extern "C" fn pc_overlaps(
    a: pc_sprite,
    b: pc_sprite,
    overlapping: *mut bool,
) -> pc_status {
    const F: &str = "pc_overlaps";
    call(F, || {
        let overlapping = out(F, "overlapping", overlapping)?;
        let pair = two_sprites(F, a, b)?;
        *overlapping = core::overlaps(pair.0, pair.1);
        Ok(())
    })
}

/// Whether the two sprites overlap, and if so a point inside both, a normal from `a` towards `b`
/// and the depth along it; `*contact` is written (`found` false when they do not overlap).
#[no_mangle]
pub unsafe extern "C" fn pc_collide(
    a: pc_sprite,
    b: pc_sprite,
    contact: *mut pc_contact,
) -> pc_status {
    const F: &str = "pc_collide";
    call(F, || {
        let contact = out(F, "contact", contact)?;
        let pair = two_sprites(F, a, b)?;
        *contact = match core::collide(pair.0, pair.1) {
            Some(c) => pc_contact {
                found: true,
                point: c.point.into(),
                normal: c.normal.into(),
                depth: c.depth,
            },
            None => pc_contact::default(),
        };
        Ok(())
    })
}

/// The world area the two sprites' solid texels share, exact under any placement.
#[no_mangle]
pub unsafe extern "C" fn pc_overlap_area(a: pc_sprite, b: pc_sprite, area: *mut f32) -> pc_status {
    const F: &str = "pc_overlap_area";
    call(F, || {
        let area = out(F, "area", area)?;
        let pair = two_sprites(F, a, b)?;
        *area = core::overlap_area(pair.0, pair.1);
        Ok(())
    })
}

/// The world distance between the two sprites' closest solid texels (0 when they touch), with a
/// closest point on each.
#[no_mangle]
pub unsafe extern "C" fn pc_distance(
    a: pc_sprite,
    b: pc_sprite,
    distance: *mut pc_closest,
) -> pc_status {
    const F: &str = "pc_distance";
    call(F, || {
        let distance = out(F, "distance", distance)?;
        let pair = two_sprites(F, a, b)?;
        *distance = match core::distance(pair.0, pair.1) {
            Some(d) => pc_closest {
                found: true,
                distance: d.distance,
                on_a: d.on_a.into(),
                on_b: d.on_b.into(),
                lower_bound: d.lower_bound,
                budget_ran_out: d.budget_ran_out,
            },
            None => pc_closest::default(),
        };
        Ok(())
    })
}

/// The shortest move of `a` that parts it from `b`, with the contact normal; `found` is false
/// when they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn pc_push_out(a: pc_sprite, b: pc_sprite, push: *mut pc_push) -> pc_status {
    const F: &str = "pc_push_out";
    call(F, || {
        let push = out(F, "push", push)?;
        let pair = two_sprites(F, a, b)?;
        *push = match core::push_out(pair.0, pair.1) {
            Some(p) => pc_push {
                found: true,
                offset: p.offset.into(),
                normal: p.normal.into(),
                budget_ran_out: p.budget_ran_out,
            },
            None => pc_push::default(),
        };
        Ok(())
    })
}

/// Whether `probe` overlaps each of the `count` sprites at `others`, into `overlapping[0..count)`:
/// one call for a game's "the player against every block", so that a host whose every foreign
/// call costs a transition (C# under Mono, GDScript) pays it once. Every sprite is checked before
/// any answer is written; a null `others` or `overlapping` is allowed when `count` is 0.
#[no_mangle]
pub unsafe extern "C" fn pc_overlaps_each(
    probe: pc_sprite,
    others: *const pc_sprite,
    count: usize,
    overlapping: *mut bool,
) -> pc_status {
    const F: &str = "pc_overlaps_each";
    call(F, || {
        if count == 0 {
            return Ok(());
        }
        if others.is_null() || overlapping.is_null() {
            let name = if others.is_null() {
                "others"
            } else {
                "overlapping"
            };
            return Err(fail(
                F,
                PC_NULL_POINTER,
                format_args!("{name} is a null pointer and count is {count}"),
            ));
        }
        // Safety: the caller says `count` sprites are readable at `others` and `count` answers
        // writable at `overlapping`.
        let (others, answers) = unsafe {
            (
                std::slice::from_raw_parts(others, count),
                std::slice::from_raw_parts_mut(overlapping, count),
            )
        };
        let probe = sprite(F, "probe", probe)?;
        for (i, s) in others.iter().enumerate() {
            sprite(F, format_args!("others[{i}]"), *s)?;
        }
        for (answer, s) in answers.iter_mut().zip(others) {
            *answer = core::overlaps(probe, sprite(F, "other", *s)?);
        }
        Ok(())
    })
}
