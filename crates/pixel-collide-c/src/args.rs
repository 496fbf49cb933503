//! The boundary itself: each call runs inside `call`, which turns a panic into `PC_INTERNAL`
//! instead of unwinding into C, and each argument is checked here, its failure named by function
//! and argument.
//!
//! A query's checks are most of what the boundary adds to it, so each is a few inlined
//! comparisons; what a failure says is worked out in a cold function, off the path of every call
//! that succeeds.

use std::fmt::Display;
use std::panic::{catch_unwind, AssertUnwindSafe};

use pixel_collide::glam::{Affine2, Vec2};
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
#[inline(always)]
pub(crate) fn call(function: &'static str, body: impl FnOnce() -> Answer) -> pc_status {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => PC_OK,
        Ok(Err(status)) => status,
        Err(payload) => panicked(function, payload),
    }
}

#[cold]
#[inline(never)]
fn panicked(function: &str, payload: Box<dyn std::any::Any + Send>) -> pc_status {
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

/// `out` as a place to write the answer.
///
/// # Safety
/// A non-null `out` points at a `T` the caller lets the call write.
#[inline(always)]
pub(crate) unsafe fn out<'a, T>(
    function: &str,
    name: &str,
    out: *mut T,
) -> Result<&'a mut T, pc_status> {
    // Safety: a non-null out-parameter points at a `T` the caller owns for the call.
    match unsafe { out.as_mut() } {
        Some(place) => Ok(place),
        None => Err(null(function, name)),
    }
}

#[cold]
#[inline(never)]
fn null(function: &str, name: &str) -> pc_status {
    fail(
        function,
        PC_NULL_POINTER,
        format_args!("{name} is a null pointer"),
    )
}

fn key(handle: pc_mask) -> Key {
    Key {
        index: handle.index,
        generation: handle.generation,
    }
}

/// The mask `handle` names, for the rest of the call.
#[inline(always)]
pub(crate) fn mask<'a>(
    function: &str,
    name: impl Display + Copy,
    handle: pc_mask,
) -> Result<&'a Mask, pc_status> {
    // Safety: the caller frees no mask while a call that uses it runs (the header's one rule).
    match unsafe { MASKS.get(key(handle)) } {
        Ok(mask) => Ok(mask),
        Err(_) => Err(stale_mask(function, &name, handle)),
    }
}

#[cold]
#[inline(never)]
fn stale_mask(function: &str, name: &dyn Display, handle: pc_mask) -> pc_status {
    // Looked up again rather than passed down, so the hot path carries nothing for this.
    let why = match unsafe { MASKS.get(key(handle)) } {
        Err(stale) => stale.describe(),
        Ok(_) => "was freed while the call ran",
    };
    fail(
        function,
        PC_INVALID_HANDLE,
        format_args!(
            "{name} (mask {{{}, {}}}) {}",
            handle.index, handle.generation, why
        ),
    )
}

/// `value`, which must be finite.
#[inline(always)]
pub(crate) fn finite(
    function: &str,
    name: impl Display + Copy,
    value: f32,
) -> Result<f32, pc_status> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(not_finite(function, &name, value))
    }
}

#[cold]
#[inline(never)]
fn not_finite(function: &str, name: &dyn Display, value: f32) -> pc_status {
    fail(
        function,
        PC_INVALID_NUMBER,
        format_args!("{name} is {value}, not a finite number"),
    )
}

/// `v`, both of whose parts must be finite.
#[inline(always)]
pub(crate) fn point(
    function: &str,
    name: impl Display + Copy,
    v: pc_vec2,
) -> Result<Vec2, pc_status> {
    if v.x.is_finite() & v.y.is_finite() {
        Ok(v.into())
    } else {
        Err(not_a_point(function, &name, v))
    }
}

#[cold]
#[inline(never)]
fn not_a_point(function: &str, name: &dyn Display, v: pc_vec2) -> pc_status {
    fail(
        function,
        PC_INVALID_NUMBER,
        format_args!("{name} is ({}, {}), not a finite point", v.x, v.y),
    )
}

/// The six numbers of `m`, or `None` when one is not finite.
#[inline(always)]
fn finite_matrix(m: pc_affine) -> Option<Affine2> {
    let n = [m.a, m.b, m.c, m.d, m.tx, m.ty];
    all_finite(&n).then(|| Affine2::from_cols_array(&n))
}

/// The matrix `m`, all six of whose numbers must be finite.
#[inline(always)]
pub(crate) fn affine(
    function: &str,
    name: impl Display + Copy,
    m: pc_affine,
) -> Result<Affine2, pc_status> {
    match finite_matrix(m) {
        Some(affine) => Ok(affine),
        None => Err(not_a_matrix(function, &name, m)),
    }
}

#[cold]
#[inline(never)]
fn not_a_matrix(function: &str, name: &dyn Display, m: pc_affine) -> pc_status {
    let numbers = [m.a, m.b, m.c, m.d, m.tx, m.ty];
    let i = numbers.iter().position(|v| !v.is_finite()).unwrap_or(0);
    fail(
        function,
        PC_INVALID_NUMBER,
        format_args!(
            "{name}: the matrix's {} is {}, not a finite number",
            ["a", "b", "c", "d", "tx", "ty"][i],
            numbers[i]
        ),
    )
}

/// The sprite `s` as the crate's: a live mask under a finite matrix.
#[inline(always)]
pub(crate) fn sprite<'a>(
    function: &str,
    name: impl Display + Copy,
    s: pc_sprite,
) -> Result<Sprite<'a>, pc_status> {
    let mask = mask(function, name, s.mask)?;
    Ok(Sprite::new(mask, affine(function, name, s.transform)?))
}

/// The two sprites of a pair query, `a` and `b`: both handles looked up, then the twelve numbers of
/// their matrices tested together (the check a pair query pays on every call, so it is one).
#[inline(always)]
pub(crate) fn two_sprites<'a>(
    function: &str,
    a: pc_sprite,
    b: pc_sprite,
) -> Result<(Sprite<'a>, Sprite<'a>), pc_status> {
    let (ma, mb) = (mask(function, "a", a.mask)?, mask(function, "b", b.mask)?);
    let (ta, tb) = (a.transform, b.transform);
    let n = [
        ta.a, ta.b, ta.c, ta.d, ta.tx, ta.ty, tb.a, tb.b, tb.c, tb.d, tb.tx, tb.ty,
    ];
    if all_finite(&n) {
        Ok((
            Sprite::new(
                ma,
                Affine2::from_cols_array(&[ta.a, ta.b, ta.c, ta.d, ta.tx, ta.ty]),
            ),
            Sprite::new(
                mb,
                Affine2::from_cols_array(&[tb.a, tb.b, tb.c, tb.d, tb.tx, tb.ty]),
            ),
        ))
    } else if !all_finite(&n[..6]) {
        Err(not_a_matrix(function, &"a", ta))
    } else {
        Err(not_a_matrix(function, &"b", tb))
    }
}

/// Whether every number is finite (its exponent bits not all set), tested without a branch each so
/// that the compiler tests them side by side.
#[inline(always)]
fn all_finite(numbers: &[f32]) -> bool {
    const EXPONENT: u32 = 0x7f80_0000;
    numbers
        .iter()
        .fold(true, |ok, v| ok & (v.to_bits() & EXPONENT != EXPONENT))
}
