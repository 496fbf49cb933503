//! What the collision pipeline reports about a step, for a debug view.

/// What the collision pipeline concluded about one body (a block or a power-up) in the last step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CheckOutcome {
    /// The bounding-rectangle prefilter ruled out contact, so no per-pixel test ran (also the state of
    /// a body put in by hand and not yet stepped).
    #[default]
    Rejected,
    /// The per-pixel test ran and found no solid texels touching at any time in the step.
    Missed,
    /// The per-pixel test found contact in the step (whether or not it counted as a hit under the
    /// rules).
    Hit,
}

/// What the collision pipeline did in the last step, for a debug view; the app times the step itself.
///
/// The block counters add up over steps to [`Stats::rect_tests`](super::Stats::rect_tests) and
/// [`Stats::pixel_tests`](super::Stats::pixel_tests);
/// power-up checks are counted apart so those totals keep meaning blocks only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepStats {
    /// Swept bounding-rectangle tests between blocks and the player (one per block).
    pub rect_tests: u64,
    /// Per-pixel tests between blocks and the player: the time of first contact over the step, one
    /// per block the rectangle test let through.
    pub pixel_tests: u64,
    /// Blocks whose check ended [`CheckOutcome::Rejected`].
    pub rejected: u64,
    /// Blocks whose check ended [`CheckOutcome::Missed`].
    pub missed: u64,
    /// Blocks whose check ended [`CheckOutcome::Hit`].
    pub hits: u64,
    /// Bounding-rectangle tests between power-ups and the player.
    pub powerup_rect_tests: u64,
    /// Per-pixel tests between power-ups and the player.
    pub powerup_pixel_tests: u64,
}
