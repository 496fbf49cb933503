//! Shared by the integration tests, the bench and the report.
#![allow(dead_code)]

pub mod bitpacked;
pub mod families;
pub mod geometry;
pub mod reference;
pub mod steps;
pub mod suite;

/// Whether `ba`, the contact of two sprites taken in the other order, mirrors `ab`: the same point
/// and depth, and the normal reversed, or the same when it is the tie's upward (or leftward) one.
pub fn mirrored(ab: Option<pixel_collide::Contact>, ba: Option<pixel_collide::Contact>) -> bool {
    match (ab, ba) {
        (None, None) => true,
        (Some(x), Some(y)) => {
            let tie = x.normal == y.normal
                && (x.normal.y < 0.0 || (x.normal.y == 0.0 && x.normal.x < 0.0));
            x.point == y.point && x.depth == y.depth && (x.normal == -y.normal || tie)
        }
        _ => false,
    }
}
