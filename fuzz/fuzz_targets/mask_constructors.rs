//! Every mask constructor on structured input of any size: RGBA buffers with any width, height and
//! threshold, row and strip words, predicates, atlases and hot spots. Each answers a mask that
//! agrees with its input texel for texel, or one-line error; sizes past the limits are refused
//! before anything is allocated (libFuzzer's `-rss_limit_mb` would catch an allocation).
#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use pixel_collide::image::{Rgba, RgbaImage};
use pixel_collide::{Mask, MaskRule, PixelRect};
use spinfall_fuzz::one_line;

/// A side: small most often, else any `u32`, the limits' edges included.
fn side(u: &mut Unstructured<'_>) -> Result<u32> {
    Ok(match u.int_in_range(0u8..=9)? {
        0 => u.arbitrary()?,
        1 => Mask::MAX_SIDE + u.int_in_range(0..=2)? - 1,
        2 => 0,
        _ => u.int_in_range(1..=70)?,
    })
}

fn check(
    made: std::result::Result<Mask, pixel_collide::MaskError>,
    texel: impl Fn(u32, u32) -> bool,
) {
    match made {
        Ok(m) => {
            assert!(m.width() >= 1 && m.height() >= 1);
            assert!(m.width() <= Mask::MAX_SIDE && m.height() <= Mask::MAX_SIDE);
            let mut count = 0;
            for y in 0..m.height() {
                for x in 0..m.width() {
                    assert_eq!(m.is_solid(x, y), texel(x, y), "texel ({x}, {y})");
                    count += u64::from(texel(x, y));
                }
            }
            assert_eq!(m.solid_count(), count);
        }
        Err(e) => assert!(one_line(&e.to_string()), "{e:?}"),
    }
}

fn rule(u: &mut Unstructured<'_>) -> Result<MaskRule> {
    Ok(if u.arbitrary()? {
        MaskRule::alpha(u.arbitrary()?)
    } else {
        MaskRule::ColorKey {
            key: u.arbitrary()?,
        }
    })
}

fn run(u: &mut Unstructured<'_>) -> Result<()> {
    let (w, h) = (side(u)?, side(u)?);
    // Big sizes are tried for their refusal only: a texel-by-texel check of them would time out.
    let small = u64::from(w) * u64::from(h) <= 70 * 70;
    match u.int_in_range(0u8..=4)? {
        0 => {
            let rule = rule(u)?;
            let rgba: Vec<u8> = u.arbitrary()?;
            let made = Mask::from_rgba(w, h, &rgba, rule);
            if !small {
                assert!(made.is_err() || rgba.len() as u64 >= 4 * u64::from(w) * u64::from(h));
                return Ok(());
            }
            let pixel = |x: u32, y: u32| {
                let i = 4 * (y as usize * w as usize + x as usize);
                [rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]]
            };
            check(made, |x, y| rule.is_solid(pixel(x, y)));
        }
        1 | 2 => {
            let rows = u.arbitrary::<bool>()?;
            let words: Vec<u64> = u.arbitrary()?;
            let made = if rows {
                Mask::from_row_words(w, h, words.clone())
            } else {
                Mask::from_strip_words(w, h, words.clone())
            };
            if !small {
                return Ok(());
            }
            let per_row = w.div_ceil(64) as usize;
            check(made, |x, y| {
                let i = if rows {
                    y as usize * per_row + x as usize / 64
                } else {
                    x as usize / 64 * h as usize + y as usize
                };
                words[i] >> (x % 64) & 1 == 1
            });
        }
        3 => {
            if !small {
                // Only sizes past the limits are tried: those are refused before a texel is asked.
                let past = w == 0
                    || h == 0
                    || w > Mask::MAX_SIDE
                    || h > Mask::MAX_SIDE
                    || u64::from(w) * u64::from(h) > Mask::MAX_TEXELS;
                if past {
                    assert!(
                        Mask::from_fn(w, h, |_, _| panic!("a texel of a refused size")).is_err()
                    );
                }
                return Ok(());
            }
            let seed: u64 = u.arbitrary()?;
            let texel = |x: u32, y: u32| {
                (u64::from(x) * 31 + u64::from(y) * 17).wrapping_add(seed) % 3 == 0
            };
            check(Mask::from_fn(w, h, texel), texel);
        }
        _ => {
            let (iw, ih) = (u.int_in_range(1..=40)?, u.int_in_range(1..=40)?);
            let alphas: Vec<u8> = u.arbitrary()?;
            let at = |x: u32, y: u32| alphas.get((y * iw + x) as usize).copied().unwrap_or(0);
            let image = RgbaImage::from_fn(iw, ih, |x, y| Rgba([255, 0, 255, at(x, y)]));
            let rect = PixelRect::new(u.arbitrary()?, u.arbitrary()?, w, h);
            let rule = rule(u)?;
            let fits = u64::from(rect.x) + u64::from(w) <= u64::from(iw)
                && u64::from(rect.y) + u64::from(h) <= u64::from(ih);
            let made = Mask::from_atlas(&image, rect, rule);
            if fits && w > 0 && h > 0 {
                check(made, |x, y| {
                    rule.is_solid([255, 0, 255, at(rect.x + x, rect.y + y)])
                });
            } else {
                assert!(made.is_err());
            }
            let other = RgbaImage::new(u.int_in_range(1..=40)?, u.int_in_range(1..=40)?);
            let hot = Mask::from_hotspot(&other, &image, rule);
            if other.dimensions() == image.dimensions() {
                check(hot, |x, y| rule.is_solid([255, 0, 255, at(x, y)]));
            } else {
                assert!(hot.is_err());
            }
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
