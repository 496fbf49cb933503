//! The word-parallel paths: two masks whose texels meet on one grid (translations, flips, quarter
//! turns), answered a word of texels at a time.

mod aligned;
mod layer;
mod shift;

pub(crate) use aligned::Aligned;
pub(crate) use shift::{shifted_count_best, shifted_overlaps_best};
