//! The word-parallel path, the bit-block tree and the numerics, each against a brute-force oracle.

use crate::support;

use glam::{Affine2, DMat2, DVec2, Mat2, Vec2};
use pixel_collide::debug::collide_traced;
use pixel_collide::{Mask, Rect, Sprite, collide, overlap_area, overlap_point, overlaps};
use proptest::prelude::*;
use support::geometry::{quad, sat_gap};

/// A mask whose texel (x, y) is solid when `solid` says so.
fn mask_of(w: u32, h: u32, solid: impl Fn(u32, u32) -> bool) -> Mask {
    Mask::from_fn(w, h, solid).unwrap()
}

/// A content family: noise of some density, a checkerboard of some cell size, stripes, or blobs.
fn pattern(kind: u8, seed: u64, density: f64, cell: u32) -> impl Fn(u32, u32) -> bool {
    move |x, y| {
        let h = splitmix(seed ^ (u64::from(x) << 32 | u64::from(y)));
        match kind % 4 {
            0 => (h >> 11) as f64 / (1u64 << 53) as f64 <= density,
            1 => ((x / cell) + (y / cell)).is_multiple_of(2),
            2 => (x / cell).is_multiple_of(2),
            _ => {
                // Blobs: a few discs from the seed.
                (0..4).any(|i| {
                    let c = splitmix(seed.wrapping_add(i));
                    let (cx, cy, r) = (
                        (c % 97) as f64,
                        ((c >> 8) % 97) as f64,
                        (2 + (c >> 16) % 30) as f64,
                    );
                    (f64::from(x) - cx).powi(2) + (f64::from(y) - cy).powi(2) <= r * r
                })
            }
        }
    }
}

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A random mask of up to `max` texels a side, of any content family.
fn any_mask(max: u32) -> impl Strategy<Value = Mask> {
    (
        1..=max,
        1..=max,
        0u8..4,
        any::<u64>(),
        0.02f64..0.98,
        1u32..9,
    )
        .prop_map(|(w, h, kind, seed, density, cell)| {
            mask_of(w, h, pattern(kind, seed, density, cell))
        })
}

/// One of the eight symmetries of the square, as the columns of a linear map.
fn dihedral(k: u8) -> Mat2 {
    let turn = Mat2::from_cols(Vec2::new(0.0, 1.0), Vec2::new(-1.0, 0.0));
    let flip = Mat2::from_cols(Vec2::new(-1.0, 0.0), Vec2::new(0.0, 1.0));
    let mut m = Mat2::IDENTITY;
    for _ in 0..k % 4 {
        m = turn * m;
    }
    if k >= 4 {
        m = flip * m;
    }
    m
}

/// The texels of `b` (placed at `tb`) that land on texels of `a` (at `ta`) when both are placed on
/// one grid: the shared texel count, by mapping every solid texel centre of `b` into `a`.
fn shared_texels(a: &Mask, ta: Affine2, b: &Mask, tb: Affine2) -> u64 {
    let to_a = ta.inverse() * tb;
    let mut n = 0;
    for y in 0..b.height() {
        for x in 0..b.width() {
            if b.is_solid(x, y) {
                let p = to_a.transform_point2(Vec2::new(x as f32 + 0.5, y as f32 + 0.5));
                if a.is_solid(p.x.floor() as i64, p.y.floor() as i64) {
                    n += 1;
                }
            }
        }
    }
    n
}

/// The world quad of texel (x, y) under `t`, in f64.
fn texel_quad(t: Affine2, x: i64, y: i64) -> [DVec2; 4] {
    let (x, y) = (x as f64, y as f64);
    quad(t, x, y, x + 1.0, y + 1.0)
}

/// The deepest penetration over all pairs of solid texels (negative when every pair has a gap): the
/// brute-force answer, each texel of `a` against the texels of `b` its quad can reach.
fn deepest_overlap(a: &Mask, ta: Affine2, b: &Mask, tb: Affine2) -> f64 {
    let inv = {
        let m = DMat2::from_cols(tb.matrix2.x_axis.as_dvec2(), tb.matrix2.y_axis.as_dvec2());
        (m.inverse(), tb.translation.as_dvec2())
    };
    let mut deepest = f64::NEG_INFINITY;
    for y in 0..i64::from(a.height()) {
        for x in 0..i64::from(a.width()) {
            if !a.is_solid(x, y) {
                continue;
            }
            let qa = texel_quad(ta, x, y);
            let local: Vec<DVec2> = qa.iter().map(|&p| inv.0 * (p - inv.1)).collect();
            let lo = local.iter().fold(DVec2::INFINITY, |m, p| m.min(*p)).floor();
            let hi = local
                .iter()
                .fold(DVec2::NEG_INFINITY, |m, p| m.max(*p))
                .ceil();
            for by in lo.y as i64..hi.y as i64 {
                for bx in lo.x as i64..hi.x as i64 {
                    if b.is_solid(bx, by) {
                        deepest = deepest.max(-sat_gap(&qa, &texel_quad(tb, bx, by)));
                    }
                }
            }
        }
    }
    deepest
}

/// A transform from rotation, scale in 0.5..2 with flips, shear and translation.
/// Whether every query's answer on the two placed masks agrees with the texel-by-texel geometry:
/// within a thousandth of a texel of touching, either answer is right.
fn agrees_with_brute_force(
    a: &Mask,
    ta: Affine2,
    b: &Mask,
    tb: Affine2,
) -> Result<(), TestCaseError> {
    let deepest = deepest_overlap(a, ta, b, tb);
    let (sa, sb) = (Sprite::new(a, ta), Sprite::new(b, tb));
    let hit = collide(sa, sb);
    prop_assert!(support::mirrored(hit, collide(sb, sa)));
    if deepest > 1e-3 {
        prop_assert!(hit.is_some(), "overlap {} deep but no hit", deepest);
        prop_assert!(overlap_area(sa, sb) > 0.0);
    } else if deepest < -1e-3 {
        prop_assert!(hit.is_none(), "every pair apart by {} but a hit", -deepest);
        prop_assert_eq!(overlap_area(sa, sb), 0.0);
    }
    prop_assert_eq!(overlaps(sa, sb), hit.is_some());
    prop_assert_eq!(overlap_area(sa, sb) > 0.0, hit.is_some());
    // The point alone is collide's, in either order.
    prop_assert_eq!(overlap_point(sa, sb), hit.map(|c| c.point));
    prop_assert_eq!(overlap_point(sb, sa), hit.map(|c| c.point));
    Ok(())
}

fn placement() -> impl Strategy<Value = Affine2> {
    (
        0.0f32..std::f32::consts::TAU,
        (0.5f32..2.0, 0.5f32..2.0),
        (any::<bool>(), any::<bool>()),
        -0.4f32..0.4,
        (-40.0f32..40.0, -40.0f32..40.0),
    )
        .prop_map(|(angle, (sx, sy), (fx, fy), shear, (tx, ty))| {
            let scale = Vec2::new(if fx { -sx } else { sx }, if fy { -sy } else { sy });
            let linear = Mat2::from_angle(angle)
                * Mat2::from_cols(Vec2::X, Vec2::new(shear, 1.0))
                * Mat2::from_diagonal(scale);
            Affine2::from_mat2_translation(linear, Vec2::new(tx, ty))
        })
}

proptest! {
    #![proptest_config(support::cases(400))]

    #[test]
    fn aligned_placements_agree_with_counting_shared_texels(
        a in any_mask(150), b in any_mask(150), k in 0u8..8,
        (dx, dy) in (-160i32..160, -160i32..160),
        (j, scale) in (0u8..8, -2i32..3), (wx, wy) in (-400i32..400, -400i32..400),
    ) {
        // The pair placed on one grid: b by a symmetry of the square and an integral offset from a,
        // then both by one world transform whose every product is exact (a symmetry, a power-of-two
        // scale, a quarter-texel offset), so that the placement is aligned to the last bit.
        let world = Affine2::from_mat2_translation(
            dihedral(j) * 2f32.powi(scale),
            Vec2::new(wx as f32, wy as f32) * 0.25,
        );
        let ta = world;
        let tb = world * Affine2::from_mat2_translation(dihedral(k), Vec2::new(dx as f32, dy as f32));
        let expected = shared_texels(&a, ta, &b, tb);
        let (sa, sb) = (Sprite::new(&a, ta), Sprite::new(&b, tb));
        let texel = 4f64.powi(scale);
        let area = f64::from(overlap_area(sa, sb));
        prop_assert!((area - expected as f64 * texel).abs() <= expected as f64 * texel * 1e-6, "area {} against {} texels", area, expected);
        prop_assert_eq!(overlap_area(sb, sa), overlap_area(sa, sb));
        let hit = collide(sa, sb);
        prop_assert_eq!(hit.is_some(), expected > 0);
        prop_assert!(support::mirrored(hit, collide(sb, sa)));
        prop_assert_eq!(overlaps(sa, sb), expected > 0);
        prop_assert_eq!(overlap_point(sa, sb), hit.map(|c| c.point));
        prop_assert_eq!(overlap_point(sb, sa), hit.map(|c| c.point));
        // The tree walk, which collide_traced always takes, gives the same answer.
        prop_assert_eq!(collide_traced(sa, sb, |_| {}).is_some(), expected > 0);
        if let Some(c) = hit {
            let pa = ta.inverse().transform_point2(c.point);
            let pb = tb.inverse().transform_point2(c.point);
            prop_assert!(a.is_solid(pa.x.floor() as i64, pa.y.floor() as i64), "{:?} not in a", pa);
            prop_assert!(b.is_solid(pb.x.floor() as i64, pb.y.floor() as i64), "{:?} not in b", pb);
        }
    }

    #[test]
    fn plain_translations_agree_with_counting_shared_texels(
        a in any_mask(150), b in any_mask(150),
        (dx, dy) in (-160i32..160, -160i32..160), (wx, wy) in (-400i32..400, -400i32..400),
    ) {
        // `overlaps`' own path for two unturned sprites a whole number of texels apart, wherever the
        // pair stands (quarter-texel world offsets keep the difference whole).
        let world = Vec2::new(wx as f32, wy as f32) * 0.25;
        let ta = Affine2::from_translation(world);
        let tb = Affine2::from_translation(world + Vec2::new(dx as f32, dy as f32));
        let expected = shared_texels(&a, ta, &b, tb) > 0;
        let (sa, sb) = (Sprite::new(&a, ta), Sprite::new(&b, tb));
        prop_assert_eq!(overlaps(sa, sb), expected);
        prop_assert_eq!(overlaps(sb, sa), expected);
        prop_assert_eq!(collide(sa, sb).is_some(), expected);
    }

    #[test]
    fn unturned_sprites_a_fraction_of_a_texel_off_the_grid_overlap_as_their_texels_do(
        a in any_mask(40), b in any_mask(40),
        (dx, dy) in (-45i32..45, -45i32..45), (wx, wy) in (-400i32..400, -400i32..400),
        fractions in prop::array::uniform2(prop_oneof![
            Just(0.0f32), Just(0.5), Just(0.25), Just(1e-6), Just(1.0 - 1e-6), 1e-3f32..0.999,
        ]),
    ) {
        // `overlaps`' own path for unturned sprites at fractional offsets against every texel pair's
        // rectangles (shared area exactly when both sides overlap by more than zero), and against
        // `collide`, which walks the pair.
        let world = Vec2::new(wx as f32, wy as f32) * 0.25;
        let ta = Affine2::from_translation(world);
        let tb = Affine2::from_translation(world + Vec2::new(dx as f32 + fractions[0], dy as f32 + fractions[1]));
        let d = tb.translation.as_dvec2() - ta.translation.as_dvec2();
        let shares = |x: u32, y: u32, u: u32, v: u32| {
            (f64::from(x) - f64::from(u) - d.x).abs() < 1.0 && (f64::from(y) - f64::from(v) - d.y).abs() < 1.0
        };
        let solid = |m: &Mask| -> Vec<(u32, u32)> {
            (0..m.height()).flat_map(|y| (0..m.width()).map(move |x| (x, y))).filter(|&(x, y)| m.is_solid(x, y)).collect()
        };
        let (sa_texels, sb_texels) = (solid(&a), solid(&b));
        let expected = sa_texels.iter().any(|&(x, y)| sb_texels.iter().any(|&(u, v)| shares(x, y, u, v)));
        let (sa, sb) = (Sprite::new(&a, ta), Sprite::new(&b, tb));
        prop_assert_eq!(overlaps(sa, sb), expected);
        prop_assert_eq!(overlaps(sb, sa), expected);
        prop_assert_eq!(collide(sa, sb).is_some(), expected);
    }

    #[test]
    fn signed_zeros_in_an_unturned_matrix_take_the_translation_answer(
        a in any_mask(150), b in any_mask(150),
        (dx, dy) in (-160i32..160, -160i32..160), signs in any::<[bool; 4]>(),
    ) {
        // -0.0 off the diagonal places a sprite exactly as 0.0 does, so the answers are the
        // translation's, whichever path recognises it.
        let zero = |negative: bool| if negative { -0.0f32 } else { 0.0 };
        let matrix = |s: [bool; 2]| Mat2::from_cols(Vec2::new(1.0, zero(s[0])), Vec2::new(zero(s[1]), 1.0));
        let ta = Affine2::from_mat2(matrix([signs[0], signs[1]]));
        let tb = Affine2::from_mat2_translation(matrix([signs[2], signs[3]]), Vec2::new(dx as f32, dy as f32));
        let expected = a.overlap_area_at(&b, (dx, dy));
        prop_assert_eq!(shared_texels(&a, ta, &b, tb), expected);
        let (sa, sb) = (Sprite::new(&a, ta), Sprite::new(&b, tb));
        prop_assert_eq!(overlaps(sa, sb), expected > 0);
        prop_assert_eq!(overlaps(sb, sa), expected > 0);
        prop_assert_eq!(overlap_area(sa, sb), expected as f32);
        prop_assert_eq!(overlap_area(sb, sa), expected as f32);
    }

    #[test]
    fn whole_texel_translations_far_out_agree_with_counting_shared_texels(
        a in any_mask(70), b in any_mask(70), (dx, dy) in (-80i32..80, -80i32..80),
        base in prop::sample::select(vec![
            0.0f32, 4_194_303.0, 4_194_304.0, -4_194_304.0, -4_194_305.0, 8_388_607.0,
            8_388_608.0, -16_777_216.0, 1.0e9, f32::MAX,
        ]),
        (hx, hy) in (-3i32..3, -3i32..3), half in any::<bool>(),
    ) {
        // Around and past the 2^22 up to which `overlaps` settles a translation in one comparison of
        // four lanes; half-texel positions whose difference is whole take the general path.
        let shift = if half { 0.5 } else { 0.0 };
        let at = Vec2::new(base + hx as f32 + shift, base + hy as f32 + shift);
        let (ta, tb) = (
            Affine2::from_translation(at),
            Affine2::from_translation(at + Vec2::new(dx as f32, dy as f32)),
        );
        let off = tb.translation.as_dvec2() - ta.translation.as_dvec2();
        prop_assume!(off.x.fract() == 0.0 && off.y.fract() == 0.0 && ta.translation.is_finite() && tb.translation.is_finite());
        let (ox, oy) = (off.x as i64, off.y as i64);
        let mut expected = 0u64;
        for y in 0..i64::from(b.height()) {
            for x in 0..i64::from(b.width()) {
                expected += u64::from(b.is_solid(x, y) && a.is_solid(x + ox, y + oy));
            }
        }
        let (sa, sb) = (Sprite::new(&a, ta), Sprite::new(&b, tb));
        // Past 1e27 a sprite's bounds are checked, and bounds that overflow cover nothing.
        let placeable = sa.bounds().min.is_finite() && sb.bounds().min.is_finite()
            && sa.bounds().max.is_finite() && sb.bounds().max.is_finite();
        let expected = if placeable { expected } else { 0 };
        prop_assert_eq!(overlaps(sa, sb), expected > 0, "offset {:?}", off);
        prop_assert_eq!(overlaps(sb, sa), expected > 0, "offset {:?}", off);
        prop_assert_eq!(overlap_area(sa, sb), expected as f32, "offset {:?}", off);
        prop_assert_eq!(collide(sa, sb).is_some(), expected > 0, "offset {:?}", off);
    }

    #[test]
    fn transformed_bit_blocks_agree_with_brute_force(
        a in any_mask(90), b in any_mask(90), ta in placement(), tb in placement(),
    ) {
        agrees_with_brute_force(&a, ta, &b, tb)?;
    }

    #[test]
    fn thin_masks_wide_bit_blocks_agree_with_brute_force(
        (w, h) in (1u32..400, 1u32..4), seed in any::<u64>(), density in 0.1f64..0.9,
        b in any_mask(40), ta in placement(), tb in placement(),
    ) {
        // One to three rows of noise: too many runs for a cover, so the tree keeps bit blocks of
        // 128 or 256 texels, wider than a word.
        let a = mask_of(w, h, pattern(0, seed, density, 1));
        agrees_with_brute_force(&a, ta, &b, tb)?;
    }

    #[test]
    fn memory_with_the_tree_stays_within_three_times_pygames_bytes(m in any_mask(300)) {
        // Bits as stored (rows padded to whole words, as pygame stores them): alone until a query
        // needs the tree, then at most three times pygame's bytes (its two ints and its words) from
        // 1024 texels up; under that, the tree may keep 16 rectangles (31 nodes of 20 bytes) where that
        // is more.
        let padded = m.width().div_ceil(64) as usize * 8 * m.height() as usize;
        prop_assert_eq!(m.heap_bytes(), padded, "a new mask holds its bits alone");
        m.build_tree();
        let bound = 3 * (8 + padded);
        let bound = if m.width() * m.height() >= 1024 { bound } else { bound.max(padded + 31 * 20) };
        prop_assert!(m.heap_bytes() <= bound, "{} bytes for {} x {}", m.heap_bytes(), m.width(), m.height());
    }

    #[test]
    fn row_words_build_the_same_mask(m in any_mask(140)) {
        let wpr = m.width().div_ceil(64) as usize;
        let mut words = vec![!0u64; wpr * m.height() as usize];
        for y in 0..m.height() {
            for x in 0..m.width() {
                if !m.is_solid(x, y) {
                    words[y as usize * wpr + x as usize / 64] &= !(1 << (x % 64));
                }
            }
        }
        let built = Mask::from_row_words(m.width(), m.height(), words).unwrap();
        prop_assert_eq!(built.solid_count(), m.solid_count());
        prop_assert!(built == m);
    }
}

#[test]
fn noisy_area_at_a_fractional_offset_matches_the_tree_walk_of_a_solid_copy() {
    // Sub-texel offsets take the tree walk through bit blocks; area must still add up exactly: a
    // checkerboard over a solid square shifted by half a texel covers exactly half of the overlap.
    let board = mask_of(128, 128, |x, y| (x + y) % 2 == 0);
    let solid = mask_of(128, 128, |_, _| true);
    let shift = Affine2::from_translation(Vec2::new(0.5, 0.0));
    let area = overlap_area(
        Sprite::new(&board, Affine2::IDENTITY),
        Sprite::new(&solid, shift),
    );
    assert!((area - 127.5 * 128.0 / 2.0).abs() < 1e-2, "{area}");
}

#[test]
fn near_singular_transform_gives_no_false_hit_far_away() {
    let square = mask_of(10, 10, |_, _| true);
    let dot = mask_of(1, 1, |_, _| true);
    let sliver = Affine2::from_cols(
        Vec2::new(-1.443_280_9, 1e-20),
        Vec2::new(0.349_520_44, -1e-20),
        Vec2::new(-1000.0, 5.0),
    );
    let (a, b) = (
        Sprite::new(&square, Affine2::IDENTITY),
        Sprite::new(&dot, sliver),
    );
    assert_eq!(collide(a, b), None);
    assert_eq!(collide(b, a), None);
    assert_eq!(overlap_area(a, b), 0.0);
}

#[test]
fn strongly_sheared_sprite_keeps_exact_answers() {
    // A strip sheared until its texels are 1e-5 thin, but not degenerate, over a unit square.
    let strip = mask_of(4, 1, |_, _| true);
    let dot = mask_of(1, 1, |_, _| true);
    let sheared = Affine2::from_cols(Vec2::new(1.0, 0.0), Vec2::new(1.0, 1e-5), Vec2::ZERO);
    let inside = Affine2::from_translation(Vec2::new(1.0, -0.5));
    let outside = Affine2::from_translation(Vec2::new(1.0, -1.0 - 1e-3));
    for (at, hit) in [(inside, true), (outside, false)] {
        let (a, b) = (Sprite::new(&strip, sheared), Sprite::new(&dot, at));
        assert_eq!(collide(a, b).is_some(), hit);
        assert!(support::mirrored(collide(a, b), collide(b, a)));
    }
}

#[test]
fn overlap_area_keeps_its_digits_when_one_sprite_is_a_million_times_larger() {
    let big = mask_of(3, 3, |_, _| true);
    let small = mask_of(2, 2, |_, _| true);
    let huge = Affine2::from_scale(Vec2::splat(1e6));
    for (x, y) in [(0.25f32, 0.5f32), (1e6 + 0.5, 2e6 + 0.25), (2.5e6, 0.75)] {
        let at = Affine2::from_translation(Vec2::new(x, y));
        let area = overlap_area(Sprite::new(&big, huge), Sprite::new(&small, at));
        assert!((area - 4.0).abs() < 4e-4, "at ({x}, {y}): {area}");
    }
}

#[test]
fn overlap_area_of_a_sliver_that_collides_is_positive() {
    let a = mask_of(1, 1, |_, _| true);
    let tiny = Affine2::from_scale(Vec2::splat(1e-30));
    let at = Affine2::from_translation(Vec2::new(0.5, 0.5)) * tiny;
    let (sa, sb) = (Sprite::new(&a, Affine2::IDENTITY), Sprite::new(&a, at));
    assert!(collide(sa, sb).is_some());
    assert!(overlap_area(sa, sb) > 0.0);
    assert!(overlap_area(sb, sa) > 0.0);
}

#[test]
fn sprite_whose_world_size_overflows_f32_touches_nothing() {
    let long = mask_of(1 << 16, 1, |_, _| true);
    let dot = mask_of(1, 1, |_, _| true);
    let vast = Affine2::from_scale(Vec2::splat(1e34));
    let (a, b) = (
        Sprite::new(&long, vast),
        Sprite::new(&dot, Affine2::IDENTITY),
    );
    assert!(a.bounds().is_empty());
    assert_eq!(collide(a, b), None);
    assert_eq!(overlap_area(a, b), 0.0);
    assert!(!overlaps(b, a));
    // One that fits is still seen.
    let large = Sprite::new(&long, Affine2::from_scale(Vec2::splat(1e30)));
    let inside = Sprite::new(&dot, Affine2::from_translation(Vec2::splat(5e29)));
    assert!(collide(large, inside).is_some());
}

#[test]
fn zero_size_rect_intersects_nothing() {
    let point = Rect::from_xywh(1.0, 1.0, 0.0, 0.0);
    let line = Rect::from_xywh(1.0, 1.0, 5.0, 0.0);
    let room = Rect::from_xywh(0.0, 0.0, 10.0, 10.0);
    assert!(!point.intersects(&room) && !room.intersects(&point));
    assert!(!line.intersects(&room) && !room.intersects(&line));
    assert_eq!(room.intersection(&point), None);
}

#[test]
fn quarter_turn_of_a_wide_mask_crosses_word_boundaries() {
    // 200 x 3 turned upright over a 3 x 200 copy of itself: every texel shared, across four words.
    let wide = mask_of(200, 3, |x, y| (x * 7 + y) % 5 != 0);
    let tall = mask_of(3, 200, |x, y| wide.is_solid(y, 2 - x));
    let turn = Affine2::from_mat2_translation(dihedral(1), Vec2::new(3.0, 0.0));
    let (a, b) = (
        Sprite::new(&tall, Affine2::IDENTITY),
        Sprite::new(&wide, turn),
    );
    assert_eq!(overlap_area(a, b), tall.solid_count() as f32);
    let shifted = Affine2::from_translation(Vec2::new(3.0, 0.0)) * turn;
    assert!(!overlaps(a, Sprite::new(&wide, shifted)));
}

#[test]
fn whole_texel_queries_build_no_tree_and_the_first_turned_one_answers_as_a_built_mask_does() {
    let ring = |x: u32, y: u32| (x as i32 - 20).pow(2) + (y as i32 - 24).pow(2) < 300;
    let (a, b) = (mask_of(40, 48, ring), mask_of(40, 48, ring));
    let bits = 8 * 48;
    let at = |m, x: f32, y: f32| Sprite::new(m, Affine2::from_translation(Vec2::new(x, y)));
    assert!(a.overlaps_at(&b, (7, 3)) && a.overlap_area_at(&b, (7, 3)) > 0);
    assert!(overlaps(at(&a, 0.0, 0.0), at(&b, 7.0, 3.0)));
    assert!(overlap_area(at(&a, 0.0, 0.0), at(&b, 7.0, 3.0)) > 0.0);
    assert_eq!(
        (a.heap_bytes(), b.heap_bytes()),
        (bits, bits),
        "pygame's ground: bits alone"
    );
    // The same queries turned, first on masks with no tree, then on copies built ahead.
    let (c, d) = (mask_of(40, 48, ring), mask_of(40, 48, ring));
    c.build_tree();
    d.build_tree();
    let turned = |m, x: f32| {
        Sprite::new(
            m,
            Affine2::from_translation(Vec2::new(x, 2.0)) * Affine2::from_angle(0.4),
        )
    };
    for x in [30.0, 38.0, 45.0, 60.0] {
        let lazy = collide(at(&a, 0.0, 0.0), turned(&b, x));
        let built = collide(at(&c, 0.0, 0.0), turned(&d, x));
        assert_eq!(lazy, built, "offset {x}");
        assert_eq!(
            overlap_area(at(&a, 0.0, 0.0), turned(&b, x)),
            overlap_area(at(&c, 0.0, 0.0), turned(&d, x))
        );
    }
    assert_eq!(
        a.heap_bytes(),
        c.heap_bytes(),
        "the first turned query built the tree"
    );
    assert!(a.heap_bytes() > bits);
}

#[test]
fn threads_that_first_need_the_tree_at_once_all_answer_as_on_a_mask_built_ahead() {
    let blob = |x: u32, y: u32| (x as i32 - 30).pow(2) + (y as i32 - 26).pow(2) < 500;
    let (shared, ahead) = (mask_of(64, 52, blob), mask_of(64, 52, blob));
    ahead.build_tree();
    let place = |i: usize| {
        Affine2::from_translation(Vec2::new(10.0 + i as f32 * 6.0, 5.0))
            * Affine2::from_angle(0.05 * i as f32)
    };
    let answers = |m: &Mask| -> Vec<Option<pixel_collide::Contact>> {
        (0..16)
            .map(|i| collide(Sprite::new(m, Affine2::IDENTITY), Sprite::new(m, place(i))))
            .collect()
    };
    let expected = answers(&ahead);
    assert!(expected.iter().any(Option::is_some) && expected.iter().any(Option::is_none));
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..4).map(|_| s.spawn(|| answers(&shared))).collect();
        for w in workers {
            assert_eq!(w.join().unwrap(), expected);
        }
    });
    assert_eq!(
        shared.heap_bytes(),
        ahead.heap_bytes(),
        "one tree, built once"
    );
}
