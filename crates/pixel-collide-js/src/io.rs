//! The numbers a query and its answer exchange with JavaScript, through one small buffer in
//! WebAssembly memory that the package views as a `Float32Array`: the package writes the sprites'
//! matrices into it and reads the answer out of it, so that a call allocates nothing on either side
//! of the boundary (a slice argument or a `Vec` result costs a `malloc`, a copy and a `free` each).
//!
//! Layout: the matrices of the call's sprites at [`MATRICES`] (six numbers each, in argument
//! order, up to four of them), the answer at [`ANSWER`].

use std::cell::Cell;

use wasm_bindgen::prelude::*;

/// How many numbers the buffer holds.
const LEN: usize = 32;
/// Where the first matrix starts; the `k`th starts `6 k` after it.
pub const MATRICES: usize = 0;
/// Where the answer starts.
pub const ANSWER: usize = 24;

thread_local! {
    // One thread: this module is built without WebAssembly's threads, so this is one static.
    static IO: Cell<[f32; LEN]> = const { Cell::new([0.0; LEN]) };
}

/// Where the exchange buffer starts in WebAssembly's memory (32 numbers: the call's matrices at 0,
/// 6, 12 and 18, its answer at 24); it never moves.
#[wasm_bindgen(js_name = ioPtr)]
pub fn io_ptr() -> *mut f32 {
    IO.with(|io| io.as_ptr().cast())
}

/// The `k`th matrix the package wrote for this call.
pub fn matrix(k: usize) -> [f32; 6] {
    let all = IO.with(Cell::get);
    let mut m = [0.0; 6];
    m.copy_from_slice(&all[MATRICES + 6 * k..][..6]);
    m
}

/// Writes the call's answer for the package to read.
pub fn answer(values: &[f32]) {
    IO.with(|io| {
        let mut all = io.get();
        all[ANSWER..][..values.len()].copy_from_slice(values);
        io.set(all);
    });
}
