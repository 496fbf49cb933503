//! `powerup_*.png`: round collectible tokens.

use image::{Rgba, RgbaImage};

use super::draw::{hex, mix, paint_map, CLEAR};

/// One kind of power-up token: its colours and the icon on its face.
pub(super) struct Token {
    /// Main body colour; the rim, outline and highlights are derived from it.
    base: Rgba<u8>,
    /// Secondary colour used by the icon's `'c'` pixels.
    accent: Rgba<u8>,
    /// 16 x 16 icon: `'X'` white, `'c'` accent, `'.'` token body.
    icon: [&'static str; 16],
}

pub(super) const SHRINK: Token = Token {
    base: hex(0x2fb872),
    accent: hex(0xc8ffe0),
    icon: [
        "................",
        ".XX..........XX.",
        ".XXX........XXX.",
        "..XXX.X..X.XXX..",
        "...XXXX..XXXX...",
        "....XXX..XXX....",
        "..XXXXX..XXXXX..",
        ".......cc.......",
        ".......cc.......",
        "..XXXXX..XXXXX..",
        "....XXX..XXX....",
        "...XXXX..XXXX...",
        "..XXX.X..X.XXX..",
        ".XXX........XXX.",
        ".XX..........XX.",
        "................",
    ],
};

pub(super) const GROW: Token = Token {
    base: hex(0xb83a8e),
    accent: hex(0xffd0ec),
    icon: [
        "XXXXX......XXXXX",
        "XXXX........XXXX",
        "XXXX........XXXX",
        "XX.XX......XX.XX",
        "X...XX....XX...X",
        ".....XX..XX.....",
        "......cccc......",
        "......cccc......",
        "......cccc......",
        "......cccc......",
        ".....XX..XX.....",
        "X...XX....XX...X",
        "XX.XX......XX.XX",
        "XXXX........XXXX",
        "XXXX........XXXX",
        "XXXXX......XXXXX",
    ],
};

pub(super) const SHIELD: Token = Token {
    base: hex(0x1fa8c8),
    accent: hex(0xa6ecff),
    icon: [
        "................",
        ".XXXXXXXXXXXXXX.",
        ".XXXXXXXcccccccX",
        ".XXXXXXXcccccccX",
        ".XXXXXXXcccccccX",
        ".XXXXXXXcccccccX",
        ".XXXXXXXcccccccX",
        ".XXXXXXXcccccccX",
        "..XXXXXXccccccX.",
        "..XXXXXXccccccX.",
        "...XXXXXcccccX..",
        "....XXXXccccX...",
        ".....XXXcccX....",
        "......XXccX.....",
        ".......XXX......",
        "................",
    ],
};

pub(super) const SLOW: Token = Token {
    base: hex(0x7652d6),
    accent: hex(0xffe48a),
    icon: [
        "................",
        "..XXXXXXXXXXXX..",
        "..XXXXXXXXXXXX..",
        "...X........X...",
        "...X.cccccc.X...",
        "....X.cccc.X....",
        ".....X.cc.X.....",
        "......X..X......",
        "......XccX......",
        ".....X.cc.X.....",
        "....X..cc..X....",
        "...X.cccccc.X...",
        "...XccccccccX...",
        "..XXXXXXXXXXXX..",
        "..XXXXXXXXXXXX..",
        "................",
    ],
};

/// A 32 x 32 round token: dark outline, bevelled rim, domed face and a shadowed icon.
pub(super) fn powerup(token: &Token) -> RgbaImage {
    const RADIUS: f64 = 15.8;
    let white = hex(0xffffff);
    let black = hex(0x100820);
    let outline = mix(token.base, black, 0.7);
    let shadow = mix(token.base, black, 0.45);

    let mut image = RgbaImage::from_pixel(32, 32, CLEAR);
    for y in 0..32 {
        for x in 0..32 {
            let (dx, dy) = (f64::from(x) + 0.5 - 16.0, f64::from(y) + 0.5 - 16.0);
            let r = (dx * dx + dy * dy).sqrt();
            // Direction of the light: +1 facing the top left, -1 facing the bottom right.
            let facing = if r > 0.0 {
                -(dx + dy) / (r * std::f64::consts::SQRT_2)
            } else {
                0.0
            };
            let colour = if r > RADIUS {
                continue;
            } else if r > RADIUS - 1.3 {
                outline
            } else if r > RADIUS - 3.3 {
                if facing > 0.0 {
                    mix(token.base, white, 0.45 * facing)
                } else {
                    mix(token.base, black, -0.35 * facing)
                }
            } else if r > RADIUS - 4.3 {
                mix(token.base, black, 0.25)
            } else {
                let (lx, ly) = (dx + 4.0, dy + 4.0);
                let dome = 1.0 - (lx * lx + ly * ly).sqrt() / 16.0;
                mix(mix(token.base, black, 0.15), white, 0.3 * dome)
            };
            image.put_pixel(x, y, colour);
        }
    }

    let is_icon = |x: usize, y: usize| {
        token
            .icon
            .get(y)
            .and_then(|row| row.as_bytes().get(x))
            .is_some_and(|&c| c != b'.')
    };
    for y in 0..16 {
        for x in 0..16 {
            if is_icon(x, y) && !is_icon(x + 1, y + 1) {
                image.put_pixel(8 + x as u32 + 1, 8 + y as u32 + 1, shadow);
            }
        }
    }
    paint_map(&mut image, 8, 8, &token.icon, |c| {
        if c == 'c' {
            token.accent
        } else {
            mix(white, token.base, 0.06)
        }
    });
    image
}
