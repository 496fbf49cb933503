//! The exception thrown back to JavaScript for a number out of range, a `RangeError`, as the web
//! platform's own functions throw it (the package throws `TypeError`s for values of the wrong kind
//! before they reach WebAssembly).

use wasm_bindgen::JsValue;

/// A `RangeError` with `message`.
pub fn range_error(message: &str) -> JsValue {
    js_sys::RangeError::new(message).into()
}
