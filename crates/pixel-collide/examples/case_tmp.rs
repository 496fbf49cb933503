use glam::{Affine2, Vec2};
use pixel_collide::*;
fn main() {
    let r = 16.0f32;
    let disc = Mask::from_fn(32, 32, |x, y| {
        Vec2::new(x as f32 + 0.5 - r, y as f32 + 0.5 - r).length_squared() < r * r
    })
    .unwrap();
    let slab = Mask::from_fn(700, 40, |_, _| true).unwrap();
    let angle = 30f32.to_radians();
    let n = Vec2::new(-angle.sin(), angle.cos());
    // slab: y-up local centred, like PixelShape::from_mask(solid, ONE): texel->local = scale(1,-1) * translate(-size/2)
    let slab_t = Affine2::from_translation(-n * 20.0)
        * Affine2::from_angle(angle)
        * Affine2::from_scale(Vec2::new(1.0, -1.0))
        * Affine2::from_translation(-Vec2::new(350.0, 20.0));
    let g = Sprite::new(&slab, slab_t);
    for k in 0..24 {
        let rot = k as f32 * 0.02;
        let along = Vec2::new(angle.cos(), angle.sin()) * (k as f32 * 0.3);
        let c = n * 16.0 + along;
        let t = Affine2::from_translation(c)
            * Affine2::from_angle(rot)
            * Affine2::from_scale(Vec2::new(1.0, -1.0))
            * Affine2::from_translation(-Vec2::splat(16.0));
        let s = Sprite::new(&disc, t);
        let e = contact_manifold(s, g, 1.0);
        let m = smooth_contact_manifold(s, g, 1.0);
        println!(
            "{k:2} exact {:?}  smooth {:?}",
            e.map(|m| (m.depth, m.normal.dot(-n), m.points().len())),
            m.map(|m| (m.depth, m.normal.dot(-n), m.points().len()))
        );
    }
}
