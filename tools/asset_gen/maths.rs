//! Maths the images and the sounds share, kept to operations that give the same bits on every
//! machine (see the `asset_gen` module documentation).

use std::f64::consts::TAU;

use rand::RngCore;
use rand_pcg::Pcg32;

/// `sin(2π · turns)` from a Taylor series, for the reason given in the `asset_gen` module documentation.
pub(super) fn sin_turns(turns: f64) -> f64 {
    let mut p = turns - turns.floor();
    if p > 0.5 {
        p -= 1.0;
    }
    // Fold onto [-1/4, 1/4] of a turn, where the series converges quickly.
    if p > 0.25 {
        p = 0.5 - p;
    } else if p < -0.25 {
        p = -0.5 - p;
    }
    let x = p * TAU;
    let x2 = x * x;
    x * (1.0
        - x2 / 6.0 * (1.0 - x2 / 20.0 * (1.0 - x2 / 42.0 * (1.0 - x2 / 72.0 * (1.0 - x2 / 110.0)))))
}

/// Uniform in [0, 1), from the top 24 bits so the value is exact in any float type.
pub(super) fn unit(rng: &mut Pcg32) -> f64 {
    f64::from(rng.next_u32() >> 8) / f64::from(1u32 << 24)
}
