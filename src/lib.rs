//! Spinfall: a falling-blocks dodge game, and the transformed per-pixel collision library at its heart.
//!
//! [`collision`] is engine-free (glam and image only) and usable by any 2D game.

pub mod assets;
pub mod cli;
pub mod collision;
pub mod headless;
pub mod sim;
pub mod store;
