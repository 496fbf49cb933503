//! How far a 2 x 2 linear map stretches: its singular values, in a form that keeps its digits.

use glam::DMat2;

/// The largest and smallest stretch of `m` (its singular values), each to a few units in the last
/// place of `f64`.
///
/// The textbook route through the squared Frobenius norm `p` and the determinant, `sqrt((p +
/// sqrt(p^2 - 4 det^2)) / 2)`, cancels nearly all of `p^2` against `4 det^2` for a map close to a
/// turn and a scale, and lost 3.5e-9 of a 25,000-times stretch: enough for a circle around a sprite
/// to leave out the corner of its own texels. Here the map is split into a turn-and-scale part and
/// a mirrored one, whose sizes add and subtract.
pub(crate) fn stretches(m: DMat2) -> (f64, f64) {
    let ([a, b], [c, d]) = (m.x_axis.to_array(), m.y_axis.to_array());
    // Squares, not `hypot`: an `f64` square overflows only past 1e154, far beyond any `f32` entry.
    let size = |x: f64, y: f64| (x * x + y * y).sqrt();
    let turning = size((a + d) * 0.5, (b - c) * 0.5);
    let mirrored = size((a - d) * 0.5, (b + c) * 0.5);
    let largest = turning + mirrored;
    let det = m.determinant().abs();
    let smallest = if largest > 0.0 { det / largest } else { 0.0 };
    (largest, smallest)
}

#[cfg(test)]
mod tests {
    use super::stretches;
    use glam::{DMat2, DVec2};

    #[test]
    fn a_turn_a_scale_and_a_shear_stretch_as_their_singular_values_say() {
        let turn = DMat2::from_angle(0.7);
        let (big, small) = stretches(turn * DMat2::from_diagonal(DVec2::new(3.0, 0.5)));
        assert!(
            (big - 3.0).abs() < 1e-15 && (small - 0.5).abs() < 1e-15,
            "{big} {small}"
        );
        // A shear [1 1; 0 1]: singular values of the golden ratio and its inverse.
        let golden = (1.0 + 5f64.sqrt()) / 2.0;
        let (big, small) = stretches(DMat2::from_cols(DVec2::new(1.0, 0.0), DVec2::new(1.0, 1.0)));
        assert!(
            (big - golden).abs() < 1e-15 && (small - 1.0 / golden).abs() < 1e-15,
            "{big} {small}"
        );
        assert_eq!(stretches(DMat2::ZERO), (0.0, 0.0));
    }

    #[test]
    fn a_large_stretch_a_hair_from_a_turn_keeps_its_digits() {
        // The broad_phase fuzz target's sprite: 25,443 times, sheared by 9e-5. Its stretch is the
        // length of its columns' sum and difference halves to rounding; the textbook formula was
        // 3.5e-9 of it short.
        let m = DMat2::from_cols(
            DVec2::new(-25443.387, -9.155553e-5),
            DVec2::new(-9.155553e-5, -25443.387),
        );
        let (big, small) = stretches(m);
        // Symmetric: its singular values are |eigenvalues|, -25443.387 -/+ 9.155553e-5.
        assert!(
            (big - (25443.387 + 9.155553e-5)).abs() <= 1e-11 * big,
            "{big}"
        );
        assert!(
            (small - (25443.387 - 9.155553e-5)).abs() <= 1e-11 * big,
            "{small}"
        );
    }
}
