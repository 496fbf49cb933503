//! The page's side of the game in a browser: the functions `web/spinfall.js` hands the wasm module,
//! wrapped so the rest of the code never touches a pointer.
//!
//! Strings cross as UTF-8 bytes: Rust passes a pointer and a length; a string coming back is held by
//! the page until Rust has made room for it and asked for it by length.

use std::fmt;

mod imports {
    // Imported by name from the page, as macroquad's own functions are.
    #[link(wasm_import_module = "env")]
    extern "C" {
        /// The page's clock, `Date.now()` in seconds (provided by macroquad's own bundle).
        pub fn now() -> f64;
        pub fn spinfall_monotonic_ms() -> f64;
        pub fn spinfall_log(level: u32, ptr: *const u8, len: usize);
        pub fn spinfall_take_pending(ptr: *mut u8);
        pub fn spinfall_query() -> i32;
        pub fn spinfall_storage_get(key: *const u8, key_len: usize) -> i32;
        pub fn spinfall_storage_set(
            key: *const u8,
            key_len: usize,
            value: *const u8,
            value_len: usize,
        ) -> i32;
        pub fn spinfall_storage_remove(key: *const u8, key_len: usize) -> i32;
        pub fn spinfall_show_result(ptr: *const u8, len: usize);
        pub fn spinfall_show_fault(ptr: *const u8, len: usize);
        pub fn spinfall_frame_drawn();
        pub fn spinfall_set_state(
            key: *const u8,
            key_len: usize,
            value: *const u8,
            value_len: usize,
        );
        pub fn spinfall_lab_status(ptr: *const u8, len: usize);
        pub fn spinfall_gamepads(ptr: *mut f32, slots: usize);
        pub fn spinfall_gamepad_name(slot: usize) -> i32;
        pub fn spinfall_rumble(milliseconds: u32);
        pub fn spinfall_touch_screen() -> u32;
        pub fn spinfall_vibrate(milliseconds: u32);
    }
}

/// The page's clock in seconds since the Unix epoch.
pub fn now_seconds() -> f64 {
    // SAFETY: a plain function of no arguments provided by the page.
    unsafe { imports::now() }
}

/// The page's monotonic clock (`performance.now()`) in seconds since the page opened: finer than the
/// date and never set back, for timings.
pub fn monotonic_seconds() -> f64 {
    // SAFETY: a plain function of no arguments provided by the page.
    unsafe { imports::spinfall_monotonic_ms() / 1000.0 }
}

/// How loud a console line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// `console.log`.
    Info,
    /// `console.warn`.
    Warn,
    /// `console.error`.
    Error,
}

/// Writes one line to the browser's console.
pub fn log(level: Level, line: &str) {
    let level = match level {
        Level::Info => 0,
        Level::Warn => 1,
        Level::Error => 2,
    };
    // SAFETY: the page copies `len` bytes from `ptr` before returning.
    unsafe { imports::spinfall_log(level, line.as_ptr(), line.len()) }
}

/// Takes the string the page holds for us, `len` bytes long (a negative length means none).
fn take_pending(len: i32) -> Option<String> {
    let len = usize::try_from(len).ok()?;
    let mut bytes = vec![0u8; len];
    // SAFETY: the page writes exactly the `len` bytes it announced into the buffer.
    unsafe { imports::spinfall_take_pending(bytes.as_mut_ptr()) };
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// The page address's query string, without the leading `?`.
pub fn query() -> String {
    // SAFETY: no arguments; the string is fetched by `take_pending`.
    take_pending(unsafe { imports::spinfall_query() }).unwrap_or_default()
}

/// Why `localStorage` refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StorageError {
    /// The browser blocks storage for this page (disabled, or a private mode without it).
    Disabled,
    /// The page's share of storage is used up.
    Full,
}

impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StorageError::Disabled => "the browser's storage is disabled for this page",
            StorageError::Full => "the browser's storage is full",
        })
    }
}

/// The value `localStorage` holds under `key`, `Ok(None)` when it holds none.
pub fn storage_get(key: &str) -> Result<Option<String>, StorageError> {
    // SAFETY: the page copies the key before returning; the value is fetched by `take_pending`.
    match unsafe { imports::spinfall_storage_get(key.as_ptr(), key.len()) } {
        -1 => Ok(None),
        len if len < 0 => Err(StorageError::Disabled),
        len => Ok(take_pending(len)),
    }
}

/// Stores `value` under `key` in `localStorage`.
pub fn storage_set(key: &str, value: &str) -> Result<(), StorageError> {
    // SAFETY: the page copies both strings before returning.
    match unsafe {
        imports::spinfall_storage_set(key.as_ptr(), key.len(), value.as_ptr(), value.len())
    } {
        0 => Ok(()),
        1 => Err(StorageError::Full),
        _ => Err(StorageError::Disabled),
    }
}

/// Removes `key` from `localStorage`.
pub fn storage_remove(key: &str) -> Result<(), StorageError> {
    // SAFETY: the page copies the key before returning.
    match unsafe { imports::spinfall_storage_remove(key.as_ptr(), key.len()) } {
        0 => Ok(()),
        _ => Err(StorageError::Disabled),
    }
}

/// Writes a headless run's line into the page's `result` element and to the console.
pub fn show_result(line: &str) {
    // SAFETY: the page copies `len` bytes from `ptr` before returning.
    unsafe { imports::spinfall_show_result(line.as_ptr(), line.len()) }
}

/// Shows a line over the game that says it stopped and why (a panic's message).
pub fn show_fault(line: &str) {
    // SAFETY: the page copies `len` bytes from `ptr` before returning.
    unsafe { imports::spinfall_show_fault(line.as_ptr(), line.len()) }
}

/// Sets `window.spinfall[key]` to `value` on the page: what the game shows, for the page's tests.
pub fn set_state(key: &str, value: &str) {
    // SAFETY: the page copies both strings before returning.
    unsafe { imports::spinfall_set_state(key.as_ptr(), key.len(), value.as_ptr(), value.len()) }
}

/// Tells the page a frame was drawn; the first call marks the time to first frame.
pub fn frame_drawn() {
    // SAFETY: a plain function of no arguments provided by the page.
    unsafe { imports::spinfall_frame_drawn() }
}

/// Sets the collision lab's status line on the page (read by people and by the browser tests).
pub fn lab_status(line: &str) {
    // SAFETY: the page copies `len` bytes from `ptr` before returning.
    unsafe { imports::spinfall_lab_status(line.as_ptr(), line.len()) }
}

/// How many gamepads the page reports at most.
pub const PAD_SLOTS: usize = 4;

/// Floats the page writes per gamepad: connected, 17 buttons, the left stick's x and y.
const PAD_FLOATS: usize = 20;

/// One gamepad as the browser reports it, in the standard mapping.
#[derive(Clone, Debug, PartialEq)]
pub struct Pad {
    /// The browser's name for it.
    pub name: String,
    /// Buttons 0 to 16 of the standard mapping, pressed or not.
    pub buttons: [bool; 17],
    /// The left stick, x to the right and y down, each in -1..=1.
    pub stick: (f32, f32),
}

/// The gamepads the browser reports in its first [`PAD_SLOTS`] slots; only pads in the standard
/// mapping count, since only their buttons are known.
pub fn gamepads() -> [Option<Pad>; PAD_SLOTS] {
    let mut floats = [0.0f32; PAD_SLOTS * PAD_FLOATS];
    // SAFETY: the page writes at most `PAD_SLOTS * PAD_FLOATS` floats into the buffer.
    unsafe { imports::spinfall_gamepads(floats.as_mut_ptr(), PAD_SLOTS) };
    std::array::from_fn(|slot| {
        let f = &floats[slot * PAD_FLOATS..(slot + 1) * PAD_FLOATS];
        (f[0] != 0.0).then(|| Pad {
            // SAFETY: the name is fetched by `take_pending`.
            name: take_pending(unsafe { imports::spinfall_gamepad_name(slot) }).unwrap_or_default(),
            buttons: std::array::from_fn(|b| f[1 + b] > 0.5),
            stick: (f[18], f[19]),
        })
    })
}

/// Rumbles every gamepad whose browser offers it, for `milliseconds`.
pub fn rumble_gamepads(milliseconds: u32) {
    // SAFETY: a plain function of one number provided by the page.
    unsafe { imports::spinfall_rumble(milliseconds) }
}

/// Makes a panic show its message on the page and in the console instead of freezing the canvas.
pub fn show_panics() {
    std::panic::set_hook(Box::new(|info| {
        let line = format!("Spinfall stopped: {info}");
        log(Level::Error, &line);
        show_fault(&line);
    }));
}

/// The version of the page's plugin this module was built for; the loader checks it against
/// `web/spinfall.js` and says so in the console when they differ.
#[no_mangle]
pub extern "C" fn spinfall_crate_version() -> u32 {
    1
}

/// Whether the page is on a touch screen (`navigator.maxTouchPoints`), so the game can lay out its
/// touch controls before the first finger lands.
pub fn touch_screen() -> bool {
    // SAFETY: a plain function of no arguments provided by the page.
    unsafe { imports::spinfall_touch_screen() != 0 }
}

/// Vibrates the device for `milliseconds` where the browser offers `navigator.vibrate`; elsewhere
/// nothing happens.
pub fn vibrate(milliseconds: u32) {
    // SAFETY: a plain function of a number provided by the page.
    unsafe { imports::spinfall_vibrate(milliseconds) }
}
