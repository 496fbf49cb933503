//! Shared by the integration tests, the bench and the report.
#![allow(dead_code)]

pub mod bitpacked;
pub mod families;
pub mod geometry;
pub mod reference;
pub mod steps;
pub mod strategies;
pub mod suite;

/// An `n` x `n` mask of independent texels, half of them solid, from a xorshift generator seeded
/// with `seed`: the noise the memory and work-budget tests measure.
pub fn xorshift_noise(n: u32, seed: u64) -> pixel_collide::Mask {
    let mut s = seed | 1;
    pixel_collide::Mask::from_fn(n, n, |_, _| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s.is_multiple_of(2)
    })
    .unwrap()
}

/// Whether `ba`, the contact of two sprites taken in the other order, mirrors `ab`: the same point
/// and depth and the normal exactly reversed, bit for bit, ties included.
pub fn mirrored(ab: Option<pixel_collide::Contact>, ba: Option<pixel_collide::Contact>) -> bool {
    match (ab, ba) {
        (None, None) => true,
        (Some(x), Some(y)) => {
            x.point == y.point
                && x.depth.to_bits() == y.depth.to_bits()
                && x.normal.x.to_bits() == (-y.normal.x).to_bits()
                && x.normal.y.to_bits() == (-y.normal.y).to_bits()
        }
        _ => false,
    }
}

/// `cases` cases of a property test, each failure saved beside the test's source
/// (`tests/NAME.proptest-regressions`) and replayed first on every run after: proptest's default
/// looks for a `lib.rs` above a file under `tests/`, finds none, and saves nothing.
pub fn cases(cases: u32) -> proptest::test_runner::Config {
    use proptest::test_runner::{Config, FileFailurePersistence};
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..Config::default()
    }
}
