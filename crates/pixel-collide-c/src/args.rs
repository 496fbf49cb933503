//! The boundary itself: each call runs inside `call`, which turns a panic into `PC_INTERNAL`
//! instead of unwinding into C, and each argument is checked here, its failure named by function
//! and argument.

use std::fmt::Display;
use std::panic::{catch_unwind, AssertUnwindSafe};

use pixel_collide::glam::Vec2;
use pixel_collide::{Mask, Sprite};

use crate::handles::{Key, Table};
use crate::status::{
    fail, pc_status, PC_INTERNAL, PC_INVALID_HANDLE, PC_INVALID_NUMBER, PC_NULL_POINTER, PC_OK,
};
use crate::types::{pc_affine, pc_mask, pc_sprite, pc_vec2};

/// What a call's body returns: `Err` holds a status already recorded with its message.
pub(crate) type Answer = Result<(), pc_status>;

/// The masks every call shares.
pub(crate) static MASKS: Table<Mask> = Table::new();

/// Runs `body` for the C function `function`: its status, or `PC_INTERNAL` with the panic's
/// message when the library panics (nothing unwinds across the boundary).
pub(crate) fn call(function: &'static str, body: impl FnOnce() -> Answer) -> pc_status {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => PC_OK,
        Ok(Err(status)) => status,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .copied()
                .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
                .unwrap_or("a panic");
            fail(
                function,
                PC_INTERNAL,
                format_args!("a bug in the library: {what}"),
            )
        }
    }
}

/// `out` as a place to write the answer.
///
/// # Safety
/// A non-null `out` points at a `T` the caller lets the call write.
pub(crate) unsafe fn out<'a, T>(function: &str, name: &str, out: *mut T) -> Result<&'a mut T, pc_status> {
    // Safety: a non-null out-parameter points at a `T` the caller owns for the call.
    unsafe { out.as_mut() }.ok_or_else(|| {
        fail(
            function,
            PC_NULL_POINTER,
            format_args!("{name} is a null pointer"),
        )
    })
}

/// The mask `handle` names, for the rest of the call.
pub(crate) fn mask<'a>(
    function: &str,
    name: impl Display + Copy,
    handle: pc_mask,
) -> Result<&'a Mask, pc_status> {
    let key = Key {
        index: handle.index,
        generation: handle.generation,
    };
    // Safety: the caller frees no mask while a call that uses it runs (the header's one rule).
    unsafe { MASKS.get(key) }.map_err(|stale| {
        fail(
            function,
            PC_INVALID_HANDLE,
            format_args!(
                "{name} (mask {{{}, {}}}) {}",
                handle.index,
                handle.generation,
                stale.describe()
            ),
        )
    })
}

/// `value`, which must be finite.
pub(crate) fn finite(
    function: &str,
    name: impl Display + Copy,
    value: f32,
) -> Result<f32, pc_status> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(fail(
            function,
            PC_INVALID_NUMBER,
            format_args!("{name} is {value}, not a finite number"),
        ))
    }
}

/// `v`, both of whose parts must be finite.
pub(crate) fn point(
    function: &str,
    name: impl Display + Copy,
    v: pc_vec2,
) -> Result<Vec2, pc_status> {
    if v.x.is_finite() && v.y.is_finite() {
        Ok(v.into())
    } else {
        Err(fail(
            function,
            PC_INVALID_NUMBER,
            format_args!("{name} is ({}, {}), not a finite point", v.x, v.y),
        ))
    }
}

/// The matrix `m`, all six of whose numbers must be finite.
pub(crate) fn affine(
    function: &str,
    name: impl Display + Copy,
    m: pc_affine,
) -> Result<pc_affine, pc_status> {
    let numbers = [m.a, m.b, m.c, m.d, m.tx, m.ty];
    match numbers.iter().position(|v| !v.is_finite()) {
        None => Ok(m),
        Some(i) => Err(fail(
            function,
            PC_INVALID_NUMBER,
            format_args!(
                "{name}: the matrix's {} is {}, not a finite number",
                ["a", "b", "c", "d", "tx", "ty"][i],
                numbers[i]
            ),
        )),
    }
}

/// The sprite `s` as the crate's: a live mask under a finite matrix.
pub(crate) fn sprite<'a>(
    function: &str,
    name: impl Display + Copy,
    s: pc_sprite,
) -> Result<Sprite<'a>, pc_status> {
    let mask = mask(function, name, s.mask)?;
    let m = affine(function, name, s.transform)?;
    Ok(Sprite::new(mask, m.into()))
}
