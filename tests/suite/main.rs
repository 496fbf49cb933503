//! The game's integration tests, as modules of one test binary: one link instead of one per file. Tests that
//! count the process's allocations (a global allocator of their own) stay binaries of their own
//! beside it. Run one file's tests with `--test suite NAME::`.

#[path = "../support/mod.rs"]
mod support;

mod assets;
mod cli;
mod cli_assets;
mod controls;
mod difficulty;
mod platformer;
mod replay;
mod same_world;
mod sim_blocks;
mod sim_bot;
mod sim_collision;
mod sim_determinism;
mod sim_hits;
mod sim_movement;
mod sim_powerups;
mod sim_shrink_gaps;
mod speed;
mod store;
mod touch_settings;
