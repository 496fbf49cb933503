//! Many sprites at once: the world a mover moves through ([`Obstacles`]), and which placed sprites
//! touch a given one and every touching pair ([`SweepAndPrune`]), by a sort and sweep over world
//! bounds with each candidate pair settled by its sprites' circles, solid discs and deep texels
//! where they can, and per pixel otherwise.

mod obstacles;
mod pair_filters;
mod sweep;

pub use obstacles::Obstacles;
pub use sweep::{SweepAndPrune, SweepRoom};
