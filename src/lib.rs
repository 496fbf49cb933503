//! Spinfall: a falling-blocks dodge game, and the transformed per-pixel collision library at its heart.
//!
//! [`collision`] is engine-free (glam and image only) and usable by any 2D game; [`sim`] holds the
//! game's rules, also engine-free, so that the game runs and is tested without a window.

#![warn(missing_docs)]

pub mod assets;
pub mod cli;
pub mod collision;
pub mod headless;
pub mod sim;
pub mod store;

/// The README's code examples, compiled and run as documentation tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
