//! The C library's boundary under any sequence of calls a host could make: masks made from any
//! RGBA buffer (any size, stride, length and threshold) or PNG bytes, freed once, twice or never,
//! handles live, freed, null and made up, matrices and numbers with NaN and infinities, worlds over
//! any sprites. Every call must answer the status its arguments call for, with a one-line message
//! naming the function when it fails, never `PC_INTERNAL` (a caught panic); every answer with valid
//! arguments must be the crate's own answer for the same masks and placements.
#![no_main]

use std::ffi::CStr;

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use pixel_collide::glam::{Affine2, Vec2};
use pixel_collide::{Mask, MaskRule, Sprite};
use pixel_collide_c::*;
use spinfall_fuzz::{number, one_line, placement};

/// A mask the fuzzer made: its handle, and the crate's mask of the same texels while it is live.
struct Made {
    handle: pc_mask,
    live: Option<Mask>,
}

/// The message of the last failure, which must name `function` in one line.
fn check_message(function: &str) {
    let message = unsafe { CStr::from_ptr(pc_last_error_message()) }
        .to_string_lossy()
        .into_owned();
    assert!(message.starts_with(&format!("{function}: ")), "{message}");
    assert!(one_line(&message), "{message}");
}

/// Checks a call's status against the one its arguments call for.
fn expect(function: &str, got: pc_status, want: pc_status) {
    assert_ne!(got, pc_status::PC_INTERNAL, "{function} panicked inside");
    assert_eq!(got, want, "{function}");
    if got != pc_status::PC_OK {
        check_message(function);
    }
}

/// A handle to try: one the fuzzer made (live or freed), the null one, or one made up.
fn pick<'a>(u: &mut Unstructured<'_>, made: &'a [Made]) -> Result<(pc_mask, Option<&'a Mask>)> {
    Ok(match u.int_in_range(0u8..=9)? {
        0 => (pc_mask::default(), None),
        1 => (
            pc_mask {
                index: u.arbitrary()?,
                generation: u.arbitrary()?,
            },
            None,
        ),
        _ if made.is_empty() => (pc_mask::default(), None),
        _ => {
            let m = &made[u.choose_index(made.len())?];
            (m.handle, m.live.as_ref())
        }
    })
}

fn finite(t: &Affine2) -> bool {
    t.to_cols_array().iter().all(|v| v.is_finite())
}

fn make_rgba(u: &mut Unstructured<'_>, made: &mut Vec<Made>) -> Result<()> {
    let (w, h): (u32, u32) = match u.int_in_range(0u8..=7)? {
        0 => (u.arbitrary()?, u.arbitrary()?),
        1 => (0, u.int_in_range(0..=4)?),
        _ => (u.int_in_range(1..=40)?, u.int_in_range(1..=40)?),
    };
    let row = w as usize * 4;
    let stride = match u.int_in_range(0u8..=5)? {
        0 => 0,
        1 => row.saturating_sub(u.int_in_range(1..=8)?),
        2 => u.arbitrary::<usize>()?,
        _ => row + u.int_in_range(0..=12)?,
    };
    let length: usize = u.int_in_range(0..=8192)?;
    let threshold: u8 = u.arbitrary()?;
    let bytes: Vec<u8> = (0..length)
        .map(|i| (i as u8).wrapping_mul(37) ^ threshold)
        .collect();
    let mut handle = pc_mask::default();
    let status = unsafe {
        pc_mask_from_rgba(
            bytes.as_ptr(),
            bytes.len(),
            w,
            h,
            stride,
            threshold,
            &mut handle,
        )
    };
    let effective = if stride == 0 { row } else { stride };
    let oversized =
        w > Mask::MAX_SIDE || h > Mask::MAX_SIDE || u64::from(w) * u64::from(h) > Mask::MAX_TEXELS;
    let needed = effective
        .checked_mul((h as usize).saturating_sub(1))
        .and_then(|n| n.checked_add(row));
    let want = if w == 0 || h == 0 || oversized || effective < row {
        pc_status::PC_INVALID_SIZE
    } else if needed.is_none_or(|n| n > length) {
        pc_status::PC_SHORT_BUFFER
    } else {
        pc_status::PC_OK
    };
    expect("pc_mask_from_rgba", status, want);
    if status == pc_status::PC_OK {
        let texel = |x: u32, y: u32| bytes[y as usize * effective + x as usize * 4 + 3] > threshold;
        let oracle = Mask::from_fn(w, h, texel).expect("a size the library took");
        let (mut n, mut cw, mut ch) = (0u64, 0u32, 0u32);
        expect(
            "pc_mask_solid_count",
            unsafe { pc_mask_solid_count(handle, &mut n) },
            pc_status::PC_OK,
        );
        expect(
            "pc_mask_size",
            unsafe { pc_mask_size(handle, &mut cw, &mut ch) },
            pc_status::PC_OK,
        );
        assert_eq!((n, cw, ch), (oracle.solid_count(), w, h));
        made.push(Made {
            handle,
            live: Some(oracle),
        });
    }
    Ok(())
}

fn make_png(u: &mut Unstructured<'_>, made: &mut Vec<Made>) -> Result<()> {
    let bytes: Vec<u8> = u.arbitrary()?;
    let threshold: u8 = u.arbitrary()?;
    let mut handle = pc_mask::default();
    let status =
        unsafe { pc_mask_from_png_bytes(bytes.as_ptr(), bytes.len(), threshold, &mut handle) };
    let oracle = Mask::decode(&bytes, MaskRule::alpha(threshold));
    match oracle {
        Ok(m) => {
            expect("pc_mask_from_png_bytes", status, pc_status::PC_OK);
            made.push(Made {
                handle,
                live: Some(m),
            });
        }
        Err(_) => {
            assert_ne!(status, pc_status::PC_OK, "the crate refused these bytes");
            expect("pc_mask_from_png_bytes", status, status);
        }
    }
    Ok(())
}

fn pair_queries(u: &mut Unstructured<'_>, made: &[Made]) -> Result<()> {
    let (ha, ma) = pick(u, made)?;
    let (hb, mb) = pick(u, made)?;
    let (ta, tb) = (placement(u)?, placement(u)?);
    let (sa, sb) = (
        pc_sprite {
            mask: ha,
            transform: ta.into(),
        },
        pc_sprite {
            mask: hb,
            transform: tb.into(),
        },
    );
    let want = match (ma, mb) {
        (Some(_), Some(_)) if finite(&ta) && finite(&tb) => pc_status::PC_OK,
        (Some(_), Some(_)) => pc_status::PC_INVALID_NUMBER,
        _ => pc_status::PC_INVALID_HANDLE,
    };
    let mut hit = false;
    expect(
        "pc_overlaps",
        unsafe { pc_overlaps(sa, sb, &mut hit) },
        want,
    );
    let mut contact = pc_contact::default();
    expect(
        "pc_collide",
        unsafe { pc_collide(sa, sb, &mut contact) },
        want,
    );
    let mut area = 0.0;
    expect(
        "pc_overlap_area",
        unsafe { pc_overlap_area(sa, sb, &mut area) },
        want,
    );
    let mut push = pc_push::default();
    expect(
        "pc_push_out",
        unsafe { pc_push_out(sa, sb, &mut push) },
        want,
    );
    let mut answers = [false; 2];
    let others = [sb, sb];
    // One sprite against many checks each sprite whole, the probe first.
    let whole = |m: Option<&Mask>, t: &Affine2| match m {
        None => pc_status::PC_INVALID_HANDLE,
        Some(_) if !finite(t) => pc_status::PC_INVALID_NUMBER,
        Some(_) => pc_status::PC_OK,
    };
    let each = match whole(ma, &ta) {
        pc_status::PC_OK => whole(mb, &tb),
        failed => failed,
    };
    expect(
        "pc_overlaps_each",
        unsafe { pc_overlaps_each(sa, others.as_ptr(), 2, answers.as_mut_ptr()) },
        each,
    );
    if want == pc_status::PC_OK {
        let (a, b) = (Sprite::new(ma.unwrap(), ta), Sprite::new(mb.unwrap(), tb));
        assert_eq!(hit, pixel_collide::overlaps(a, b));
        assert_eq!(answers, [hit, hit]);
        assert_eq!(contact.found, hit);
        if let Some(c) = pixel_collide::collide(a, b) {
            assert_eq!(
                (contact.point, contact.normal, contact.depth),
                (c.point.into(), c.normal.into(), c.depth)
            );
        } else {
            assert_eq!(
                contact,
                pc_contact::default(),
                "a contact not found is all zero"
            );
        }
        assert_eq!(area.to_bits(), pixel_collide::overlap_area(a, b).to_bits());
        assert_eq!(push.found, pixel_collide::push_out(a, b).is_some());
    }
    Ok(())
}

fn shape_queries(u: &mut Unstructured<'_>, made: &[Made]) -> Result<()> {
    let (h, m) = pick(u, made)?;
    let t = placement(u)?;
    let s = pc_sprite {
        mask: h,
        transform: t.into(),
    };
    let (x, y, r) = (number(u, 40.0)?, number(u, 40.0)?, number(u, 10.0)?);
    let base = match m {
        Some(_) if finite(&t) => pc_status::PC_OK,
        Some(_) => pc_status::PC_INVALID_NUMBER,
        None => pc_status::PC_INVALID_HANDLE,
    };
    // A point's or a radius's numbers are checked before the sprite's handle and matrix.
    let numbers_ok = x.is_finite() && y.is_finite();
    let with_point = if numbers_ok {
        base
    } else {
        pc_status::PC_INVALID_NUMBER
    };
    let mut inside = false;
    expect(
        "pc_contains_point",
        unsafe { pc_contains_point(s, pc_vec2 { x, y }, &mut inside) },
        with_point,
    );
    let circle = if !numbers_ok || !r.is_finite() || r < 0.0 {
        pc_status::PC_INVALID_NUMBER
    } else {
        base
    };
    let mut touching = false;
    expect(
        "pc_touches_circle",
        unsafe { pc_touches_circle(s, pc_vec2 { x, y }, r, &mut touching) },
        circle,
    );
    let rect = pc_rect {
        x,
        y,
        width: r,
        height: r.abs(),
    };
    expect(
        "pc_touches_rect",
        unsafe { pc_touches_rect(s, rect, &mut touching) },
        circle,
    );
    let mut ray = pc_ray_hit::default();
    let ray_want = if !numbers_ok || r.is_nan() || r < 0.0 {
        pc_status::PC_INVALID_NUMBER
    } else {
        base
    };
    expect(
        "pc_raycast",
        unsafe { pc_raycast(s, pc_vec2 { x, y }, pc_vec2 { x: 1.0, y: 0.5 }, r, &mut ray) },
        ray_want,
    );
    if with_point == pc_status::PC_OK {
        let sprite = Sprite::new(m.unwrap(), t);
        assert_eq!(inside, sprite.contains_point(Vec2::new(x, y)));
    }
    Ok(())
}

fn world(u: &mut Unstructured<'_>, made: &[Made]) -> Result<()> {
    let mut w = pc_world::default();
    expect(
        "pc_world_new",
        unsafe { pc_world_new(&mut w) },
        pc_status::PC_OK,
    );
    for _ in 0..u.int_in_range(1..=3)? {
        let count = u.int_in_range(0..=12)?;
        let mut sprites = Vec::new();
        let mut want = pc_status::PC_OK;
        let mut kept = Vec::new();
        for _ in 0..count {
            let (h, m) = pick(u, made)?;
            let t = placement(u)?;
            if want == pc_status::PC_OK {
                want = match m {
                    None => pc_status::PC_INVALID_HANDLE,
                    Some(_) if !finite(&t) => pc_status::PC_INVALID_NUMBER,
                    Some(m) => {
                        kept.push(Sprite::new(m, t));
                        pc_status::PC_OK
                    }
                };
            }
            sprites.push(pc_sprite {
                mask: h,
                transform: t.into(),
            });
        }
        let mut pairs = pc_pairs {
            pairs: std::ptr::null(),
            count: 0,
        };
        expect(
            "pc_world_touching_pairs",
            unsafe { pc_world_touching_pairs(w, sprites.as_ptr(), sprites.len(), &mut pairs) },
            want,
        );
        if want == pc_status::PC_OK {
            let got: Vec<(usize, usize)> = (0..pairs.count)
                .map(|i| unsafe { *pairs.pairs.add(i) })
                .map(|p| (p.a as usize, p.b as usize))
                .collect();
            assert_eq!(
                got,
                pixel_collide::SweepAndPrune::new(&kept).touching_pairs()
            );
        }
    }
    expect("pc_world_free", pc_world_free(w), pc_status::PC_OK);
    expect(
        "pc_world_free",
        pc_world_free(w),
        pc_status::PC_INVALID_HANDLE,
    );
    Ok(())
}

fn run(u: &mut Unstructured<'_>, made: &mut Vec<Made>) -> Result<()> {
    for _ in 0..u.int_in_range(1..=12)? {
        match u.int_in_range(0u8..=7)? {
            0 | 1 => make_rgba(u, made)?,
            2 => make_png(u, made)?,
            3 if !made.is_empty() => {
                let at = u.choose_index(made.len())?;
                let m = &mut made[at];
                let want = if m.live.is_some() {
                    pc_status::PC_OK
                } else {
                    pc_status::PC_INVALID_HANDLE
                };
                expect("pc_mask_free", pc_mask_free(m.handle), want);
                m.live = None;
            }
            4 => world(u, made)?,
            5 => shape_queries(u, made)?,
            _ => pair_queries(u, made)?,
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let mut made = Vec::new();
    let _ = run(&mut Unstructured::new(data), &mut made);
    // Every mask made is freed, so that the library's table holds nothing from one input to the next.
    for m in made.iter().filter(|m| m.live.is_some()) {
        assert_eq!(pc_mask_free(m.handle), pc_status::PC_OK);
    }
});
