//! The former names the game's code still uses answer exactly as the names that replaced them.

use glam::Vec2;
use pixel_collide::{sprite_transform, Mask, Pose, Sprite};

#[test]
fn former_names_forward_to_the_names_that_replaced_them() {
    let m = Mask::from_fn(70, 9, |x, y| (x * 3 + y) % 7 < 3 || x == 69).unwrap();
    for y in -1..10i64 {
        for x in -1..71i64 {
            let new = x >= 0 && y >= 0 && m.is_solid(x as u32, y as u32);
            assert_eq!(m.is_opaque(x, y), new);
        }
    }
    assert_eq!(m.opaque_count(), m.solid_count());
    assert_eq!(m.opaque_bounds(), m.solid_bounds());
    assert_eq!(m.scale(33, 17), m.resized(33, 17).ok());
    assert_eq!(m.scale(0, 17), None);
    let words = m.resized(70, 9).unwrap();
    assert!(words == m);
    assert_eq!(
        Mask::from_row_words(70, 1, vec![5, 1]),
        Mask::from_words(70, 1, vec![5, 1]).ok()
    );
    assert_eq!(Mask::from_row_words(70, 1, vec![5]), None);
    // Deprecated for its memory (a full-size mask per part), still answering as before.
    #[allow(deprecated)]
    let full = m.connected_components(2);
    let parts = m.components(2);
    assert_eq!(full.len(), parts.len());
    for (f, p) in full.iter().zip(&parts) {
        assert_eq!(f.solid_count(), p.solid_count());
        for y in 0..9 {
            for x in 0..70 {
                assert_eq!(f.is_solid(x, y), p.contains(x, y));
            }
        }
        let b = p.bounds();
        let cropped = p.to_mask();
        for y in 0..b.h {
            for x in 0..b.w {
                assert_eq!(cropped.is_solid(x, y), f.is_solid(x + b.x, y + b.y));
            }
        }
    }
    // The positional placement and the named one are one transform.
    let pose = Pose::at(Vec2::new(3.0, -2.0))
        .rotated(0.7)
        .scaled(Vec2::new(2.0, -1.0));
    let named = Sprite::posed(&m, pose, Vec2::new(35.0, 4.5));
    let positional = sprite_transform(
        Vec2::new(3.0, -2.0),
        0.7,
        Vec2::new(2.0, -1.0),
        Vec2::new(35.0, 4.5),
    );
    assert_eq!(named.transform, positional);
}
