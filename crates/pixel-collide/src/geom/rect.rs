//! Axis-aligned rectangles: the prefilter and the platformer's collision response.

use glam::{Affine2, Vec2, Vec4};

/// An axis-aligned rectangle with `min` at the top-left and `max` at the bottom-right (y grows down).
///
/// ```
/// let r = pixel_collide::Rect::from_xywh(1.0, 2.0, 3.0, 4.0);
/// assert_eq!(r.max, glam::Vec2::new(4.0, 6.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    /// The corner with the smallest coordinates.
    pub min: Vec2,
    /// The corner with the largest coordinates.
    pub max: Vec2,
}

impl Rect {
    /// Builds a rectangle from its two corners.
    ///
    /// ```
    /// use glam::Vec2;
    /// let r = pixel_collide::Rect::new(Vec2::ZERO, Vec2::new(2.0, 1.0));
    /// assert_eq!(r.size(), Vec2::new(2.0, 1.0));
    /// ```
    pub const fn new(min: Vec2, max: Vec2) -> Self {
        Self { min, max }
    }

    /// Builds a rectangle from its top-left corner and its size.
    ///
    /// ```
    /// assert_eq!(pixel_collide::Rect::from_xywh(1.0, 1.0, 2.0, 2.0).center(), glam::Vec2::splat(2.0));
    /// ```
    pub fn from_xywh(x: f32, y: f32, w: f32, h: f32) -> Self {
        Self::new(Vec2::new(x, y), Vec2::new(x + w, y + h))
    }

    /// The rectangle's size (`max - min`).
    ///
    /// ```
    /// assert_eq!(pixel_collide::Rect::from_xywh(5.0, 5.0, 2.0, 3.0).size(), glam::Vec2::new(2.0, 3.0));
    /// ```
    pub fn size(&self) -> Vec2 {
        self.max - self.min
    }

    /// The rectangle's centre.
    ///
    /// ```
    /// assert_eq!(pixel_collide::Rect::from_xywh(0.0, 0.0, 4.0, 2.0).center(), glam::Vec2::new(2.0, 1.0));
    /// ```
    pub fn center(&self) -> Vec2 {
        (self.min + self.max) * 0.5
    }

    /// True when the rectangle encloses no area (or holds a NaN).
    ///
    /// ```
    /// use pixel_collide::Rect;
    /// assert!(Rect::from_xywh(0.0, 0.0, 0.0, 5.0).is_empty());
    /// assert!(Rect::from_xywh(0.0, 0.0, f32::NAN, 5.0).is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        // Written as a negation so that NaN coordinates count as empty.
        !(self.max.x > self.min.x && self.max.y > self.min.y)
    }

    /// True when the point lies inside, counting the `min` edges and not the `max` edges.
    ///
    /// ```
    /// use glam::Vec2;
    /// let r = pixel_collide::Rect::from_xywh(0.0, 0.0, 2.0, 2.0);
    /// assert!(r.contains(Vec2::ZERO) && !r.contains(Vec2::new(2.0, 1.0)));
    /// ```
    pub fn contains(&self, p: Vec2) -> bool {
        p.x >= self.min.x && p.x < self.max.x && p.y >= self.min.y && p.y < self.max.y
    }

    /// The tutorials' rule: true when the two rectangles share positive area; touching edges do not count.
    ///
    /// A rectangle with no area (zero width or height) or holding a NaN intersects nothing.
    ///
    /// ```
    /// use pixel_collide::Rect;
    /// let a = Rect::from_xywh(0.0, 0.0, 10.0, 10.0);
    /// assert!(a.intersects(&Rect::from_xywh(9.0, 9.0, 5.0, 5.0)));
    /// assert!(!a.intersects(&Rect::from_xywh(10.0, 0.0, 5.0, 5.0)), "touching edges");
    /// ```
    #[inline]
    pub fn intersects(&self, other: &Rect) -> bool {
        // Eight comparisons in two of four lanes and one branch: each rectangle's `min` lies below
        // its own `max` (it has area) and below the other's (they overlap). A NaN fails them all.
        let max = Vec4::new(self.max.x, self.max.y, other.max.x, other.max.y);
        let own = Vec4::new(self.min.x, self.min.y, other.min.x, other.min.y);
        let crossed = Vec4::new(other.min.x, other.min.y, self.min.x, self.min.y);
        (own.cmplt(max) & crossed.cmplt(max)).all()
    }

    /// The shared part of two rectangles, or `None` when they do not [`intersect`](Self::intersects).
    ///
    /// ```
    /// use pixel_collide::Rect;
    /// let a = Rect::from_xywh(0.0, 0.0, 4.0, 4.0);
    /// assert_eq!(a.intersection(&Rect::from_xywh(2.0, 3.0, 4.0, 4.0)), Some(Rect::from_xywh(2.0, 3.0, 2.0, 1.0)));
    /// ```
    pub fn intersection(&self, other: &Rect) -> Option<Rect> {
        self.intersects(other)
            .then(|| Rect::new(self.min.max(other.min), self.max.min(other.max)))
    }

    /// The smallest rectangle holding both.
    ///
    /// ```
    /// use pixel_collide::Rect;
    /// let u = Rect::from_xywh(0.0, 0.0, 1.0, 1.0).union(&Rect::from_xywh(3.0, 2.0, 1.0, 1.0));
    /// assert_eq!(u, Rect::from_xywh(0.0, 0.0, 4.0, 3.0));
    /// ```
    pub fn union(&self, other: &Rect) -> Rect {
        Rect::new(self.min.min(other.min), self.max.max(other.max))
    }

    /// The world-space bounds of a `size.x` x `size.y` image placed by `transform` (the prefilter).
    ///
    /// A transform holding a NaN or an infinity gives a rectangle that intersects nothing.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::Rect;
    /// let r = Rect::transformed(&Affine2::from_scale(Vec2::new(2.0, -1.0)), Vec2::new(3.0, 4.0));
    /// assert_eq!(r, Rect::new(Vec2::new(0.0, -4.0), Vec2::new(6.0, 0.0)));
    /// ```
    #[inline]
    pub fn transformed(transform: &Affine2, size: Vec2) -> Rect {
        // A corner is `x_axis * i + y_axis * j + translation` for i in {0, size.x} and j in {0, size.y},
        // rounded term by term as `transform_point2` rounds it; rounding never reverses an order, so
        // on each axis the smallest corner takes the smaller of each term and the largest the larger:
        // the four corners' box without transforming the four corners.
        let m = transform.matrix2;
        // Both scaled axes in one register: [u.x, u.y, v.x, v.y].
        let uv = Vec4::new(m.x_axis.x, m.x_axis.y, m.y_axis.x, m.y_axis.y)
            * Vec4::new(size.x, size.x, size.y, size.y);
        // The smaller and the larger of each term and 0, written as selects that keep a NaN (where
        // `min` and `max` would pass over it), so one finiteness check at the end catches every
        // NaN, infinity and overflow.
        let low = Vec4::select(uv.cmpgt(Vec4::ZERO), Vec4::ZERO, uv);
        let high = Vec4::select(uv.cmplt(Vec4::ZERO), Vec4::ZERO, uv);
        let t = transform.translation;
        let min = Vec2::new(low.x + low.z, low.y + low.w) + t;
        let max = Vec2::new(high.x + high.z, high.y + high.w) + t;
        if !Vec4::new(min.x, min.y, max.x, max.y).is_finite() {
            return Rect::new(Vec2::NAN, Vec2::NAN);
        }
        Rect::new(min, max)
    }

    /// The minimum translation that moves `self` out of `other`, or `None` when they do not overlap.
    ///
    /// Of the four side differences (`other.min.x - self.max.x` and so on) the smallest wins and is
    /// applied with its sign along its axis. Ties go to the y axis, so a body that lands exactly on a
    /// corner is stood on top of the box rather than pushed off its side; on one axis, a tie between the
    /// two directions goes to the negative one (up, or left).
    ///
    /// ```
    /// use glam::Vec2;
    /// use pixel_collide::Rect;
    /// let body = Rect::from_xywh(0.0, 0.0, 64.0, 64.0);
    /// let wall = Rect::from_xywh(32.0, 32.0, 64.0, 64.0);
    /// assert_eq!(body.min_translation(&wall), Some(Vec2::new(0.0, -32.0)), "ties stand it on top");
    /// ```
    pub fn min_translation(&self, other: &Rect) -> Option<Vec2> {
        if !self.intersects(other) {
            return None;
        }
        let candidates = [
            (other.min.y - self.max.y, Vec2::Y),
            (other.max.y - self.min.y, Vec2::Y),
            (other.min.x - self.max.x, Vec2::X),
            (other.max.x - self.min.x, Vec2::X),
        ];
        let mut best = candidates[0];
        for c in &candidates[1..] {
            if c.0.abs() < best.0.abs() {
                best = *c;
            }
        }
        Some(best.1 * best.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The box of the four corners, each transformed: what `transformed` must equal.
    fn corners_box(t: &Affine2, size: Vec2) -> Rect {
        let c = [
            t.transform_point2(Vec2::ZERO),
            t.transform_point2(Vec2::new(size.x, 0.0)),
            t.transform_point2(Vec2::new(0.0, size.y)),
            t.transform_point2(size),
        ];
        let all_finite = c.iter().all(|p| p.is_finite());
        let min = c[1..].iter().fold(c[0], |m, p| m.min(*p));
        let max = c[1..].iter().fold(c[0], |m, p| m.max(*p));
        if all_finite {
            Rect::new(min, max)
        } else {
            Rect::new(Vec2::NAN, Vec2::NAN)
        }
    }

    /// A float of any size and sign, zeros, the largest and the non-finite ones included.
    fn any_float() -> impl Strategy<Value = f32> {
        prop_oneof![
            8 => -1e4f32..1e4,
            2 => (-40i32..40).prop_map(|e| 2f32.powi(e)),
            1 => Just(0.0f32),
            1 => Just(-0.0f32),
            1 => Just(f32::MAX),
            1 => Just(-f32::MAX),
            1 => Just(f32::INFINITY),
            1 => Just(f32::NAN),
        ]
    }

    /// A coordinate that often coincides with another: small integers, so touching edges, empty
    /// rectangles and shared sides come up, and the non-finite values.
    fn edge_float() -> impl Strategy<Value = f32> {
        prop_oneof![
            8 => (-4i32..4).prop_map(|v| v as f32),
            2 => any_float(),
        ]
    }

    proptest! {
        #[test]
        fn intersects_is_the_tutorials_rule_and_empty_or_nan_rectangles_meet_nothing(
            a in proptest::array::uniform4(edge_float()),
            b in proptest::array::uniform4(edge_float()),
        ) {
            let (ra, rb) = (
                Rect::new(Vec2::new(a[0], a[1]), Vec2::new(a[2], a[3])),
                Rect::new(Vec2::new(b[0], b[1]), Vec2::new(b[2], b[3])),
            );
            // Written out the tutorial's way, comparison by comparison.
            let has_area = |r: &Rect| r.min.x < r.max.x && r.min.y < r.max.y;
            let want = has_area(&ra)
                && has_area(&rb)
                && ra.max.x > rb.min.x
                && ra.min.x < rb.max.x
                && ra.max.y > rb.min.y
                && ra.min.y < rb.max.y;
            prop_assert_eq!(ra.intersects(&rb), want);
            prop_assert_eq!(rb.intersects(&ra), want);
        }

        #[test]
        fn transformed_bounds_are_the_box_of_the_four_transformed_corners(
            m in proptest::array::uniform6(any_float()),
            size in proptest::array::uniform2(any_float()),
        ) {
            let t = Affine2::from_cols_array(&m);
            let size = Vec2::from(size);
            let got = Rect::transformed(&t, size);
            let want = corners_box(&t, size);
            if want.min.is_nan() {
                prop_assert!(got.min.is_nan() && got.max.is_nan(), "{:?} {:?}: {:?}", t, size, got);
            } else {
                prop_assert_eq!(got, want, "{:?} {:?}", t, size);
            }
        }
    }
}
