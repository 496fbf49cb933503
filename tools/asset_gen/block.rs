//! `block.png`: the plus-shaped spinner.

use image::{Rgba, RgbaImage};

use super::draw::{hex, mix, paint_map, CLEAR};

const BLOCK_SIZE: i32 = 64;
/// First and last column (and row) of the plus's bars: a third of the block, centred.
const BAR_FIRST: i32 = 21;
const BAR_LAST: i32 = 42;

fn in_plus(x: i32, y: i32) -> bool {
    let inside = |v: i32| (0..BLOCK_SIZE).contains(&v);
    let on_bar = |v: i32| (BAR_FIRST..=BAR_LAST).contains(&v);
    inside(x) && inside(y) && (on_bar(x) || on_bar(y))
}

/// How far `(x, y)` is from the outside of the plus (1 on the rim, Chebyshev metric), and on
/// which side that outside lies: positive towards the top left, negative towards the bottom right.
fn plus_depth(x: i32, y: i32) -> (i32, i32) {
    for depth in 1..BLOCK_SIZE {
        let mut side = 0;
        let mut found = false;
        for dy in -depth..=depth {
            for dx in -depth..=depth {
                if dx.abs().max(dy.abs()) == depth && !in_plus(x + dx, y + dy) {
                    found = true;
                    side -= dx + dy;
                }
            }
        }
        if found {
            return (depth, side);
        }
    }
    unreachable!("every pixel of the plus is within the image")
}

/// The plus-shaped hazard, 64 x 64, with bars over columns and rows 21..=42.
pub(super) fn block() -> RgbaImage {
    const OUTLINE: Rgba<u8> = hex(0x4a1206);
    const BEVEL_LIT: Rgba<u8> = hex(0xffd45e);
    const BEVEL_MID: Rgba<u8> = hex(0xf07a22);
    const BEVEL_SHADE: Rgba<u8> = hex(0xb03412);
    const FACE_LIT: Rgba<u8> = hex(0xfba63a);
    const FACE_SHADE: Rgba<u8> = hex(0xe85f1c);
    const HUB_RING: Rgba<u8> = hex(0x8c260c);
    const HUB: Rgba<u8> = hex(0xffc247);
    const MARK: Rgba<u8> = hex(0xffe65c);

    let mut image = RgbaImage::from_pixel(BLOCK_SIZE as u32, BLOCK_SIZE as u32, CLEAR);
    for y in 0..BLOCK_SIZE {
        for x in 0..BLOCK_SIZE {
            if !in_plus(x, y) {
                continue;
            }
            let (depth, side) = plus_depth(x, y);
            let colour = match depth {
                1 => OUTLINE,
                2 | 3 if side > 0 => BEVEL_LIT,
                2 | 3 if side < 0 => BEVEL_SHADE,
                2 | 3 => BEVEL_MID,
                _ => mix(
                    FACE_LIT,
                    FACE_SHADE,
                    f64::from(x + y) / f64::from(2 * BLOCK_SIZE - 2),
                ),
            };
            image.put_pixel(x as u32, y as u32, colour);
        }
    }

    // A hub, so the shape reads as something that turns about its centre.
    for y in 24..40 {
        for x in 24..40 {
            let (dx, dy) = (f64::from(x) + 0.5 - 32.0, f64::from(y) + 0.5 - 32.0);
            let r = (dx * dx + dy * dy).sqrt();
            let colour = if r <= 2.9 {
                mix(HUB, hex(0xffffff), 0.35 - 0.05 * (dx + dy))
            } else if r <= 5.6 {
                mix(HUB, FACE_SHADE, (dx + dy + 8.0) / 16.0)
            } else if r <= 7.0 {
                HUB_RING
            } else {
                continue;
            };
            image.put_pixel(x as u32, y as u32, colour);
        }
    }

    // Rivets on three arms and a warning chevron on the top one, so that a quarter turn is
    // visible even though the plus itself looks the same after one.
    for (left, top) in [(30, 52), (8, 30), (52, 30)] {
        paint_map(
            &mut image,
            left,
            top,
            &[".oo.", "oLDo", "oDDo", ".oo."],
            |c| match c {
                'o' => HUB_RING,
                'L' => hex(0xfff0b0),
                _ => FACE_SHADE,
            },
        );
    }
    paint_map(
        &mut image,
        26,
        5,
        &[
            ".....oo.....",
            "....oYYo....",
            "...oYYYYo...",
            "..oYYooYYo..",
            ".oYYo..oYYo.",
            "oYYo....oYYo",
            "oYo......oYo",
            ".o........o.",
        ],
        |c| if c == 'o' { HUB_RING } else { MARK },
    );
    image
}
