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

/// A pixel shape placed at `p` turned by `r`, as the backend places it.
fn placed(s: &PixelShape, p: Vec2, r: Rotation) -> bevy_pixel_collide::pixel_collide::Sprite<'_> {
    bevy_pixel_collide::pixel_collide::Sprite::new(
        s.mask().unwrap(),
        s.texel_to_world(p, r).unwrap(),
    )
}

/// A mask from rows of `#` (solid) and `.`.
fn drawn(rows: &[&str]) -> Mask {
    let rows: Vec<&[u8]> = rows.iter().map(|r| r.as_bytes()).collect();
    Mask::from_fn(rows[0].len() as u32, rows.len() as u32, |x, y| {
        rows[y as usize][x as usize] == b'#'
    })
    .unwrap()
}

#[test]
fn a_lobe_hooked_into_another_rocks_notch_meets_it_with_the_pairs_whole_depth() {
    // Two notched rocks as a settled pile left them, one's lobe sunk into the other: each pair of
    // their rectangles overlaps at most 0.68 texels and pushed those apart only, while the pair
    // parts only 0.86 away, so the pile rested 0.73 px thick in each other.
    let a = drawn(&[
        "........................",
        "........................",
        "........###.............",
        "......########..........",
        ".....#############......",
        "....################....",
        "...#################....",
        "...##################...",
        "..###################...",
        "..###################...",
        "..##################....",
        "..##################....",
        "..#################.....",
        "..#################.....",
        "..#################.....",
        "...#########..####......",
        "...#########..###.......",
        "...#########............",
        "....########............",
        "....########............",
        ".....#####..............",
        "........................",
        "........................",
        "........................",
    ]);
    let b = drawn(&[
        ".....................",
        ".....................",
        ".....................",
        "..........######.....",
        "........#########....",
        "......#############..",
        "....################.",
        "....#################",
        "...##################",
        "...##################",
        "....#################",
        "....#################",
        ".....################",
        ".....###############.",
        ".....######...####...",
        "......#####...###....",
        "......#####..........",
        "........####.........",
        ".....................",
        ".....................",
        ".....................",
    ]);
    let bits = |x: u32, y: u32| Vec2::new(f32::from_bits(x), f32::from_bits(y));
    let turn = |c: u32, s: u32| Rotation::from_sin_cos(f32::from_bits(s), f32::from_bits(c));
    let (pa, ra) = (bits(3267705756, 1102763074), turn(1065017102, 3192648149));
    let (pb, rb) = (bits(3268532260, 1109272345), turn(1064716997, 3196823781));
    let (one, two) = (
        PixelShape::from_mask(a, Vec2::ONE),
        PixelShape::from_mask(b, Vec2::ONE),
    );
    let parts =
        bevy_pixel_collide::pixel_collide::push_out(placed(&one, pa, ra), placed(&two, pb, rb))
            .unwrap()
            .offset
            .length();
    assert!(parts > 0.8, "the case parts {parts} away");
    for (x, px, rx, y, py, ry) in [(&one, pa, ra, &two, pb, rb), (&two, pb, rb, &one, pa, ra)] {
        let mut found = Vec::new();
        x.contact_manifolds(y, px, rx, py, ry, 2.0, &mut found);
        let deepest = found
            .iter()
            .flat_map(|m| m.points.iter().map(|p| p.penetration))
            .fold(f32::MIN, f32::max);
        assert!(
            deepest >= parts - 1e-3,
            "the deepest contact {deepest} against a pair that parts {parts} away"
        );
    }
}
