//! The pair test's contact normal and depth: the separating-axis test's axis of least overlap of the
//! two solid boxes met at the contact.

use glam::{Affine2, Vec2};
use pixel_collide::{collide, Mask, Rect, Sprite};
use proptest::prelude::*;

#[test]
fn contact_normal_of_a_body_sunk_into_a_floor_points_up_with_its_depth() {
    let floor = Mask::from_fn(16, 4, |_, _| true).unwrap();
    let body = Mask::from_fn(4, 4, |_, _| true).unwrap();
    let sunk = Sprite::new(&body, Affine2::from_translation(Vec2::new(2.5, -3.25)));
    let ground = Sprite::new(&floor, Affine2::IDENTITY);
    let c = collide(sunk, ground).unwrap();
    assert_eq!((c.normal, c.depth), (-Vec2::Y, 0.75));
    let from_below = collide(ground, sunk).unwrap();
    assert_eq!((from_below.normal, from_below.depth), (Vec2::Y, 0.75));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Two solid rectangles (each one box) placed by translation: the normal and depth are the
    /// rectangles' minimum translation, which for two boxes is the axis of least overlap.
    #[test]
    fn contact_normal_of_two_boxes_is_their_minimum_translation(
        (wa, ha, wb, hb) in (1u32..9, 1u32..9, 1u32..9, 1u32..9),
        (x, y) in (-9.0f32..9.0, -9.0f32..9.0),
        scale in prop_oneof![Just(1.0f32), 0.5f32..3.0],
    ) {
        let (ma, mb) = (Mask::from_fn(wa, ha, |_, _| true).unwrap(), Mask::from_fn(wb, hb, |_, _| true).unwrap());
        let (x, y) = ((x * 8.0).round() / 8.0, (y * 8.0).round() / 8.0);
        let a = Sprite::new(&ma, Affine2::from_scale_angle_translation(Vec2::splat(scale), 0.0, Vec2::new(x, y)));
        let b = Sprite::new(&mb, Affine2::from_scale(Vec2::splat(scale)));
        let Some(c) = collide(a, b) else {
            prop_assert!(!a.bounds().intersects(&b.bounds()));
            return Ok(());
        };
        let (ra, rb): (Rect, Rect) = (a.bounds(), b.bounds());
        let push = ra.min_translation(&rb).unwrap();
        prop_assert!((c.depth - push.length()).abs() < 1e-4, "{:?} against {:?}", c, push);
        if push.length() > 0.0 {
            prop_assert!((c.normal - push.normalize()).length() < 1e-4, "{:?} against {:?}", c, push);
        }
    }
}
