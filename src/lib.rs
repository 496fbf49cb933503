//! Spinfall: a falling-blocks dodge game, and the transformed per-pixel collision library at its heart.
//!
//! [`collision`] is engine-free (glam and image only) and usable by any 2D game; [`sim`] holds the
//! game's rules, also engine-free, so that the game runs and is tested without a window.

#![warn(missing_docs)]

/// The collision library ([`pixel_collide`]), under the name the game's code uses.
pub use pixel_collide as collision;

pub mod assets;
pub mod cli;
pub mod clock;
pub mod controls;
pub mod files;
pub mod headless;
pub mod mq_math;
pub mod query;
pub mod replay;
pub mod run;
pub mod sim;
pub mod store;
#[cfg(target_arch = "wasm32")]
pub mod web;

/// `eprintln!` that keeps to one line and cannot panic: see [`stderr_line`].
#[macro_export]
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::stderr_line(&format!($($arg)*))
    };
}

/// Writes `line` and a newline to standard error, with control characters escaped so that a file name
/// or a parser's message holding a newline cannot split the line; a failed write (a full disk, a
/// closed pipe) is ignored, since there is nowhere left to report it and the game should play on.
pub fn stderr_line(line: &str) {
    #[cfg(target_arch = "wasm32")]
    {
        // A page has no standard error; its console is where a developer looks.
        web::log(
            web::Level::Warn,
            &collision::text::OneLine(line).to_string(),
        );
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::io::Write as _;
        let text = format!("{}\n", collision::text::OneLine(line));
        let _ = std::io::stderr().lock().write_all(text.as_bytes());
    }
}

/// `println!` for informational lines (a game's seed) that cannot panic: a failed write to standard
/// output is ignored. Output that is the point of a run goes through [`cli::print_line`] instead.
#[macro_export]
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

/// The README's code examples, compiled and run as documentation tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The collision page's code examples, compiled and run as documentation tests.
#[cfg(doctest)]
#[doc = include_str!("../docs/collision.md")]
pub struct CollisionDocDoctests;
