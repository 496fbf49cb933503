//! pixel-collide for JavaScript: masks, exact queries between sprites placed by 2D matrices, and a
//! world of many sprites, compiled to WebAssembly with wasm-bindgen.
//!
//! The npm package (`js/pixel-collide`) wraps this module in the web's terms: masks from
//! `ImageData`, images and canvases, sprites as a mask and a `DOMMatrix`-style matrix, results as
//! plain objects. Everything here takes and gives numbers, typed arrays and the numbers of the
//! exchange buffer (`io.rs`), checked on the way in:
//! bad input throws a `TypeError` or `RangeError` naming the argument, never a trap.

mod errors;
mod io;
mod mask;
mod matrix;
mod motion;
mod queries;
mod world;

pub use mask::Mask;
pub use world::World;
