//! Whether a mask is a filled circle's raster, and which circle: a round sprite (a wheel, a ball, a
//! coin) can then stand for the smooth circle it was drawn from where its texels' corners would
//! knock, as a wheel rolling on the ground.

use crate::geom::Circle;
use crate::mask::Mask;

impl Mask {
    /// The smallest radius, in texels, of a circle [`fitted_circle`](Self::fitted_circle) finds:
    /// below it a raster is as much a rounded square as a circle.
    pub const MIN_FITTED_RADIUS: f32 = 6.0;

    /// How far, in texels, a texel's centre may lie on the wrong side of the circle
    /// [`fitted_circle`](Self::fitted_circle) finds: enough for a raster sampled at texel centres,
    /// one that marks every texel the circle covers at all, or a hand-drawn circle.
    pub const CIRCLE_FIT_TOLERANCE: f32 = 0.75;

    /// The circle this mask is a filled raster of, or `None` when it is none.
    ///
    /// The circle has the solid texels' centroid for its centre and their area for its own. The mask
    /// is its raster when every texel whose centre lies within the radius less
    /// [`CIRCLE_FIT_TOLERANCE`](Self::CIRCLE_FIT_TOLERANCE) of the centre is solid, every texel whose
    /// centre lies beyond the radius plus that tolerance is empty, and the radius is at least
    /// [`MIN_FITTED_RADIUS`](Self::MIN_FITTED_RADIUS). A ring, a disc with a hole, a bite or a side
    /// cut flat, a square, or an ellipse whose axes differ by more than a texel is no circle; a disc
    /// whose rim has bumps or teeth no deeper than the tolerance is one. Time: one pass over the
    /// solid texels for the centroid and one over the rows of their bounds, a word at a time; no
    /// allocation beyond one row's runs.
    ///
    /// ```
    /// use pixel_collide::Mask;
    /// let disc = Mask::from_fn(32, 32, |x, y| {
    ///     (x as f32 - 15.5).powi(2) + (y as f32 - 15.5).powi(2) <= 16.0 * 16.0
    /// })
    /// .unwrap();
    /// let c = disc.fitted_circle().unwrap();
    /// assert!(c.center.distance(glam::Vec2::splat(16.0)) < 1e-3);
    /// assert!((c.radius - 16.0).abs() < 0.1);
    /// assert_eq!(Mask::from_fn(32, 32, |_, _| true).unwrap().fitted_circle(), None);
    /// ```
    pub fn fitted_circle(&self) -> Option<Circle> {
        let bounds = self.solid_bounds()?;
        if bounds.w.abs_diff(bounds.h) > 2 {
            return None;
        }
        let center = self.centroid()?;
        let radius = (self.solid_count() as f64 / std::f64::consts::PI).sqrt() as f32;
        if radius < Self::MIN_FITTED_RADIUS {
            return None;
        }
        let (inner, outer) = (
            radius - Self::CIRCLE_FIT_TOLERANCE,
            radius + Self::CIRCLE_FIT_TOLERANCE,
        );
        // The rows just above and below the solid texels are empty: none of their texels may lie
        // within the inner radius.
        let above = bounds.y as f32 - 0.5 - center.y;
        let below = (bounds.y + bounds.h) as f32 + 0.5 - center.y;
        if -above < inner || below < inner {
            return None;
        }
        // The half width, about the centre, of a circle of `r` at height `dy` from its centre.
        let half_width = |r: f32, dy: f32| (r * r - dy * dy).max(0.0).sqrt();
        let mut runs = Vec::new();
        for y in bounds.y..bounds.y + bounds.h {
            let dy = y as f32 + 0.5 - center.y;
            if dy.abs() > outer {
                return None;
            }
            self.bits()
                .runs(y, bounds.x, bounds.x + bounds.w, &mut runs);
            // A filled circle's raster has one run on each row, from its left edge to its right.
            let &[(start, end)] = runs.as_slice() else {
                return None;
            };
            // The centres of the run's first and last texels, about the circle's centre.
            let (left, right) = (start as f32 + 0.5 - center.x, end as f32 - 0.5 - center.x);
            let (must, may) = (half_width(inner, dy), half_width(outer, dy));
            // Every texel centre within `must` of the centre lies in the run (the texels beside the
            // run lie at least `must` out), none lies past `may`.
            let covers = must == 0.0 || (left - 1.0 <= -must && right + 1.0 >= must);
            if !(covers && left >= -may && right <= may) {
                return None;
            }
        }
        Some(Circle { center, radius })
    }
}
