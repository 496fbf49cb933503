//! The backend's manifolds for every pair of kinds, both ways round.

use super::*;

#[test]
fn manifolds_of_every_pair_of_kinds_reverse_with_the_pair() {
    let kinds = [
        PixelShape::from_mask(disc(20), Vec2::ONE),
        PixelShape::from_mask(solid(12, 6), Vec2::splat(1.5)),
        PixelShape::rectangle(14.0, 9.0),
        PixelShape::circle(7.0),
        PixelShape::capsule(4.0, 10.0),
    ];
    let mut found = 0;
    for (i, a) in kinds.iter().enumerate() {
        for (j, b) in kinds.iter().enumerate() {
            let primitives = i >= 2 && j >= 2;
            for k in 0..16 {
                let (p1, r1) = (Vec2::ZERO, Rotation::radians(k as f32 * 0.37));
                let p2 = Vec2::new((k as f32 * 1.3) % 7.0 - 3.0, 6.0 + (k % 7) as f32);
                let r2 = Rotation::radians(k as f32 * -0.61);
                let (mut ab, mut ba) = (Vec::new(), Vec::new());
                a.contact_manifolds(b, p1, r1, p2, r2, 2.0, &mut ab);
                b.contact_manifolds(a, p2, r2, p1, r1, 2.0, &mut ba);
                assert_eq!(ab.len(), ba.len(), "kinds {i} and {j}, case {k}");
                for (m, n) in ab.iter().zip(&ba) {
                    found += 1;
                    if primitives {
                        // avian's own shapes, as parry computes them.
                        assert!((m.normal + n.normal).length() < 1e-4);
                        continue;
                    }
                    assert_eq!(m.normal, -n.normal, "kinds {i} and {j}, case {k}");
                    assert_eq!(m.points.len(), n.points.len());
                    for (p, q) in m.points.iter().zip(&n.points) {
                        assert_eq!((p.point, p.penetration), (q.point, q.penetration));
                        assert_eq!(
                            (p.feature_id1, p.feature_id2),
                            (q.feature_id2, q.feature_id1)
                        );
                        assert_eq!(p.anchor1, p.point - p1);
                        assert_eq!(p.anchor2, p.point - p2);
                    }
                }
            }
        }
    }
    assert!(found > 100, "{found} manifolds");
}
