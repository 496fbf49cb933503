//! The screens, a file each: how each one answers the player's input, and how it is drawn.
//!
//! A screen's update and its drawing sit together because they share what the player sees and what
//! the keys do (a help line and the keys it names change together). What several screens draw under
//! themselves lives beside this folder: the playfield in `field.rs`, the HUD in `hud.rs`, the look
//! they share in `render.rs`; the recording the Scores and Replay screens play back in `replay.rs`.

mod controls;
mod game_over;
mod menu;
mod overlays;
mod pause;
mod play;
mod replay;
mod scores;
mod title;

pub(super) use controls::ControlsMenu;
pub(super) use game_over::GameResult;
