//! Spinfall's own sprites and sound effects, drawn and synthesized in code.
//!
//! The output must be byte-for-byte reproducible, because `tests/assets.rs` checks the committed
//! `assets/` against it. Noise therefore comes from fixed-seed generators, and floating point is
//! limited to operations IEEE 754 specifies exactly (`+ - * /`, `sqrt`, rounding, comparisons):
//! `sin`, `exp` and `powf` come from the platform's maths library and may differ in the last
//! bit from one machine to the next.

use std::f64::consts::TAU;
use std::io::Cursor;

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ColorType, ImageEncoder, Rgba, RgbaImage};
use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg32;

/// Every generated asset as `(file name, file bytes)`, in a fixed order.
pub fn generate() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("figure.png", png(&figure())),
        ("block.png", png(&block())),
        ("background.png", png(&background())),
        ("powerup_shrink.png", png(&powerup(&SHRINK))),
        ("powerup_grow.png", png(&powerup(&GROW))),
        ("powerup_shield.png", png(&powerup(&SHIELD))),
        ("powerup_slow.png", png(&powerup(&SLOW))),
        ("hit.wav", wav(&hit())),
        ("dodge.wav", wav(&dodge())),
        ("game_over.wav", wav(&game_over())),
        ("collect.wav", wav(&collect())),
        ("start.wav", wav(&start())),
    ]
}

// ---------------------------------------------------------------------------------------------
// Shared image helpers
// ---------------------------------------------------------------------------------------------

const CLEAR: Rgba<u8> = Rgba([0, 0, 0, 0]);

fn png(image: &RgbaImage) -> Vec<u8> {
    let mut bytes = Vec::new();
    PngEncoder::new_with_quality(&mut bytes, CompressionType::Best, FilterType::Adaptive)
        .write_image(
            image.as_raw(),
            image.width(),
            image.height(),
            ColorType::Rgba8,
        )
        .expect("encoding a PNG into memory cannot fail");
    bytes
}

const fn hex(rgb: u32) -> Rgba<u8> {
    Rgba([(rgb >> 16) as u8, (rgb >> 8) as u8, rgb as u8, 255])
}

/// Blends the colour channels of `a` towards `b`; alpha is taken from `a`.
fn mix(a: Rgba<u8>, b: Rgba<u8>, t: f64) -> Rgba<u8> {
    let t = t.clamp(0.0, 1.0);
    let channel =
        |i: usize| (f64::from(a[i]) + (f64::from(b[i]) - f64::from(a[i])) * t).round() as u8;
    Rgba([channel(0), channel(1), channel(2), a[3]])
}

/// Paints a character map, one string per row, with its top-left corner at `(left, top)`; `'.'`
/// leaves a pixel untouched, so the maps stay aligned as pictures in the source.
fn paint_map(
    image: &mut RgbaImage,
    left: u32,
    top: u32,
    rows: &[&str],
    colour: impl Fn(char) -> Rgba<u8>,
) {
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            if c != '.' {
                image.put_pixel(left + x as u32, top + y as u32, colour(c));
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// figure.png: the player
// ---------------------------------------------------------------------------------------------

/// The player, 32 x 48, lit from the top left; opaque bounds are x 6..=25, y 0..=47.
const FIGURE: [&str; 48] = [
    "............oooooooo............",
    "..........oohHHHhhhhoo..........",
    ".........ohHHHhhhhhhhdo.........",
    "........ohHHhhhhhhhhhhdo........",
    "........ohHhhhhhhhhhhhdo........",
    "........ohhhhhhhhhhhhddo........",
    "........ohhsssshhhsssddo........",
    "........ohsssssssssssSdo........",
    "........ohsswesssswesSdo........",
    "........ohsseesssseesSdo........",
    "........ohsrrssssssrrSdo........",
    "........ohsssssmmssssSdo........",
    ".........ossssssssssSSo.........",
    "..........ooooSSSSoooo..........",
    "........oooooossSSoooooo........",
    ".......oLLtttttsStttttTTo.......",
    "......oLLLttttttttttttTTTo......",
    "......oLttoLtttttttTTottTo......",
    "......oLttoLtttttttTTottTo......",
    "......oLttoLtttttttTTottTo......",
    "......oTTToLtttttttTToTTTo......",
    "......ossSoLtttttttTTosSSo......",
    "......ossSoLtttttttTTosSSo......",
    "......ossSoLtttttttTTosSSo......",
    "......ossSoLtttttttTTosSSo......",
    "......ossSoLtttttttTTosSSo......",
    "......ossSoLtttttttTTosSSo......",
    "......ossSoTTTTTTTTTTosSSo......",
    "......ossSobbbbggbbbbosSSo......",
    "......osSSoQpppppppPPoSSSo......",
    ".......ooooQpppppppPPoooo.......",
    "..........oQpppppppPPo..........",
    "..........oQpppppppPPo..........",
    "..........oQppooooppPo..........",
    "..........oQppo..oppPo..........",
    "..........oQppo..oppPo..........",
    "..........oQppo..oppPo..........",
    "..........oQppo..oppPo..........",
    "..........oQppo..oppPo..........",
    "..........oQppo..oppPo..........",
    "..........oQppo..oppPo..........",
    "..........oQppo..oppPo..........",
    "..........oPPPo..oPPPo..........",
    ".........okkkko..okkkko.........",
    "........okkkkKo..okkkkKo........",
    "........okkkKKo..okkkKKo........",
    "........ozzzzzo..ozzzzzo........",
    "........ooooooo..ooooooo........",
];

fn figure_colour(c: char) -> Rgba<u8> {
    hex(match c {
        'o' => 0x221a33, // outline
        'h' => 0x7a4420, // hair
        'H' => 0xa86a34, // hair, lit
        'd' => 0x552f1a, // hair, shaded
        's' => 0xf7c9a2, // skin
        'S' => 0xdc9c78, // skin, shaded
        'r' => 0xf29a8c, // cheeks
        'e' => 0x221a33, // eyes
        'w' => 0xffffff, // eye glint
        'm' => 0xb04a4a, // mouth
        't' => 0x3fc95a, // shirt
        'L' => 0x7de88a, // shirt, lit
        'T' => 0x279445, // shirt, shaded
        'b' => 0x4a2e1c, // belt
        'g' => 0xf0d060, // buckle
        'p' => 0x564a9c, // trousers
        'Q' => 0x746ac0, // trousers, lit
        'P' => 0x3a3070, // trousers, shaded
        'k' => 0xf4f4fa, // shoes
        'K' => 0xb8b8cc, // shoes, shaded
        'z' => 0x8a7a9a, // soles
        _ => panic!("figure map uses an unknown colour {c:?}"),
    })
}

fn figure() -> RgbaImage {
    let mut image = RgbaImage::from_pixel(32, 48, CLEAR);
    paint_map(&mut image, 0, 0, &FIGURE, figure_colour);
    image
}

// ---------------------------------------------------------------------------------------------
// block.png: the plus-shaped spinner
// ---------------------------------------------------------------------------------------------

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
fn block() -> RgbaImage {
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

// ---------------------------------------------------------------------------------------------
// background.png
// ---------------------------------------------------------------------------------------------

/// Threshold matrix for ordered dithering, so that a gentle gradient shows no bands.
const BAYER4: [[u8; 4]; 4] = [[0, 8, 2, 10], [12, 4, 14, 6], [3, 11, 1, 9], [15, 7, 13, 5]];

fn dithered(value: f64, x: u32, y: u32) -> u8 {
    let threshold = (f64::from(BAYER4[(y % 4) as usize][(x % 4) as usize]) + 0.5) / 16.0;
    (value + threshold).floor().clamp(0.0, 255.0) as u8
}

/// Height of a rolling horizon at column `x`, built from a few slow sine waves.
fn horizon(x: f64, base: f64, waves: &[(f64, f64, f64)]) -> f64 {
    waves.iter().fold(base, |h, &(amplitude, period, phase)| {
        h + amplitude * sin_turns(x / period + phase)
    })
}

/// A calm cornflower-blue sky: dithered gradient, faint stars and a pale moon over soft hills.
fn background() -> RgbaImage {
    const WIDTH: u32 = 800;
    const HEIGHT: u32 = 600;
    const TOP: [f64; 3] = [78.0, 122.0, 222.0];
    const BOTTOM: [f64; 3] = [126.0, 170.0, 240.0];

    // Colours as floats until the final dither, so that faint layers do not quantize away.
    let mut sky = vec![[0.0f64; 3]; (WIDTH * HEIGHT) as usize];
    for y in 0..HEIGHT {
        let t = f64::from(y) / f64::from(HEIGHT - 1);
        for x in 0..WIDTH {
            let pixel = &mut sky[(y * WIDTH + x) as usize];
            for c in 0..3 {
                pixel[c] = TOP[c] + (BOTTOM[c] - TOP[c]) * t;
            }
        }
    }
    let mut blend = |x: i64, y: i64, colour: [f64; 3], amount: f64| {
        if (0..i64::from(WIDTH)).contains(&x) && (0..i64::from(HEIGHT)).contains(&y) {
            let pixel = &mut sky[(y as u32 * WIDTH + x as u32) as usize];
            for c in 0..3 {
                pixel[c] += (colour[c] - pixel[c]) * amount.clamp(0.0, 1.0);
            }
        }
    };

    let starlight = [230.0, 238.0, 255.0];
    let mut rng = Pcg32::seed_from_u64(0x5391_f411);
    for _ in 0..110 {
        let x = i64::from(rng.next_u32() % WIDTH);
        let y = i64::from(rng.next_u32() % 400);
        // Stars thin out towards the hills, where the sky is hazier.
        let strength = (0.18 + 0.35 * unit(&mut rng)) * (1.0 - y as f64 / 430.0);
        blend(x, y, starlight, strength);
        if rng.next_u32() % 6 == 0 {
            for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                blend(x + dx, y + dy, starlight, strength * 0.4);
            }
        }
    }

    let (moon_x, moon_y, moon_r) = (636.0, 118.0, 30.0);
    for y in 80..160 {
        for x in 596..676 {
            let (dx, dy) = (f64::from(x) + 0.5 - moon_x, f64::from(y) + 0.5 - moon_y);
            let r = (dx * dx + dy * dy).sqrt();
            let glow = (1.0 - (r - moon_r) / 26.0).clamp(0.0, 1.0);
            blend(i64::from(x), i64::from(y), starlight, 0.06 * glow * glow);
            let coverage = (moon_r + 0.5 - r).clamp(0.0, 1.0);
            let shading = 0.2 - 0.05 * (dx + dy) / moon_r;
            blend(i64::from(x), i64::from(y), starlight, coverage * shading);
        }
    }

    let far = [92.0, 132.0, 224.0];
    let near = [84.0, 122.0, 214.0];
    for x in 0..WIDTH {
        let fx = f64::from(x);
        let far_top = horizon(
            fx,
            470.0,
            &[(26.0, 520.0, 0.1), (11.0, 190.0, 0.6), (4.0, 70.0, 0.3)],
        );
        let near_top = horizon(
            fx,
            528.0,
            &[(18.0, 410.0, 0.7), (8.0, 150.0, 0.2), (3.0, 55.0, 0.9)],
        );
        for y in 0..HEIGHT {
            let fy = f64::from(y);
            let (x, y) = (i64::from(x), i64::from(y));
            blend(x, y, far, 0.45 * (fy + 1.0 - far_top).clamp(0.0, 1.0));
            blend(x, y, near, 0.55 * (fy + 1.0 - near_top).clamp(0.0, 1.0));
        }
    }

    RgbaImage::from_fn(WIDTH, HEIGHT, |x, y| {
        let pixel = sky[(y * WIDTH + x) as usize];
        Rgba([
            dithered(pixel[0], x, y),
            dithered(pixel[1], x, y),
            dithered(pixel[2], x, y),
            255,
        ])
    })
}

// ---------------------------------------------------------------------------------------------
// powerup_*.png: round collectible tokens
// ---------------------------------------------------------------------------------------------

struct Token {
    /// Main body colour; the rim, outline and highlights are derived from it.
    base: Rgba<u8>,
    /// Secondary colour used by the icon's `'c'` pixels.
    accent: Rgba<u8>,
    /// 16 x 16 icon: `'X'` white, `'c'` accent, `'.'` token body.
    icon: [&'static str; 16],
}

const SHRINK: Token = Token {
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

const GROW: Token = Token {
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

const SHIELD: Token = Token {
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

const SLOW: Token = Token {
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
fn powerup(token: &Token) -> RgbaImage {
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

// ---------------------------------------------------------------------------------------------
// Sound
// ---------------------------------------------------------------------------------------------

const RATE: u32 = 44_100;

fn wav(samples: &[f64]) -> Vec<u8> {
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: RATE,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut cursor = Cursor::new(Vec::new());
    let mut writer = hound::WavWriter::new(&mut cursor, spec)
        .expect("writing a WAV header into memory cannot fail");
    for &s in samples {
        let value = (s.clamp(-1.0, 1.0) * f64::from(i16::MAX)).round() as i16;
        writer
            .write_sample(value)
            .expect("writing WAV samples into memory cannot fail");
    }
    writer
        .finalize()
        .expect("finishing a WAV in memory cannot fail");
    cursor.into_inner()
}

/// `sin(2π · turns)` from a Taylor series, for the reason given in the module documentation.
fn sin_turns(turns: f64) -> f64 {
    let mut p = turns - turns.floor();
    if p > 0.5 {
        p -= 1.0;
    }
    // Fold onto [-1/4, 1/4] of a turn, where the series converges quickly.
    if p > 0.25 {
        p = 0.5 - p;
    } else if p < -0.25 {
        p = -0.5 - p;
    }
    let x = p * TAU;
    let x2 = x * x;
    x * (1.0
        - x2 / 6.0 * (1.0 - x2 / 20.0 * (1.0 - x2 / 42.0 * (1.0 - x2 / 72.0 * (1.0 - x2 / 110.0)))))
}

fn square(turns: f64) -> f64 {
    if turns - turns.floor() < 0.5 {
        1.0
    } else {
        -1.0
    }
}

/// Uniform in [0, 1), from the top 24 bits so the value is exact in any float type.
fn unit(rng: &mut Pcg32) -> f64 {
    f64::from(rng.next_u32() >> 8) / f64::from(1u32 << 24)
}

/// A linear ramp in over `attack` and out over `release` seconds, so that every sound starts and
/// ends at zero and never clicks.
fn fades(t: f64, length: f64, attack: f64, release: f64) -> f64 {
    (t / attack).min((length - t) / release).clamp(0.0, 1.0)
}

/// Samples `voice(t)` for `length` seconds.
fn render(length: f64, mut voice: impl FnMut(f64) -> f64) -> Vec<f64> {
    let count = (length * f64::from(RATE)).round() as usize;
    (0..count)
        .map(|i| voice(i as f64 / f64::from(RATE)))
        .collect()
}

/// Adds `part` into `track` starting `start` seconds in, growing `mix` as needed.
fn mix_in(track: &mut Vec<f64>, start: f64, part: &[f64]) {
    let offset = (start * f64::from(RATE)).round() as usize;
    if track.len() < offset + part.len() {
        track.resize(offset + part.len(), 0.0);
    }
    for (out, &s) in track[offset..].iter_mut().zip(part) {
        *out += s;
    }
}

/// Scales the sound so that its loudest sample is `peak`, making levels independent of how
/// the voices happened to add up.
fn normalized(mut samples: Vec<f64>, peak: f64) -> Vec<f64> {
    let loudest = samples.iter().fold(0.0f64, |m, s| m.max(s.abs()));
    if loudest > 0.0 {
        for s in &mut samples {
            *s *= peak / loudest;
        }
    }
    samples
}

/// A pitched note whose partials are `(frequency ratio, level)` pairs, decaying as `(1 - t/len)^decay`.
fn note(frequency: f64, length: f64, partials: &[(f64, f64)], decay: u32) -> Vec<f64> {
    render(length, |t| {
        let falloff = (0..decay).fold(1.0, |a, _| a * (1.0 - t / length));
        let body: f64 = partials
            .iter()
            .map(|&(ratio, level)| level * sin_turns(frequency * ratio * t))
            .sum();
        body * falloff * fades(t, length, 0.003, 0.008)
    })
}

/// Collision: a falling buzz over a short burst of filtered noise.
fn hit() -> Vec<f64> {
    const LENGTH: f64 = 0.2;
    let mut rng = Pcg32::seed_from_u64(0x0417_7001);
    let (mut phase, mut noise) = (0.0, 0.0);
    let sound = render(LENGTH, |t| {
        let k = 1.0 - t / LENGTH;
        let frequency = 55.0 + 115.0 * k * k;
        phase += frequency / f64::from(RATE);
        noise += 0.3 * (2.0 * unit(&mut rng) - 1.0 - noise);
        let crack = (1.0 - t / 0.05).max(0.0);
        let buzz = 0.6 * sin_turns(phase) + 0.3 * square(phase) + 0.15 * square(phase * 2.02);
        (buzz * k * k + 1.2 * noise * crack * crack) * fades(t, LENGTH, 0.002, 0.01)
    });
    normalized(sound, 0.8)
}

/// A block passing by: a tiny, quiet upward blip.
fn dodge() -> Vec<f64> {
    const LENGTH: f64 = 0.06;
    let mut phase = 0.0;
    let sound = render(LENGTH, |t| {
        let u = t / LENGTH;
        phase += (900.0 + 500.0 * u) / f64::from(RATE);
        // A smooth hump (zero at both ends) rather than a ramp keeps the blip soft.
        let hump = 4.0 * u * (1.0 - u);
        sin_turns(phase) * hump * hump
    });
    normalized(sound, 0.22)
}

/// The end of a run: G4, E-flat 4, C4, the last held with a slow vibrato.
fn game_over() -> Vec<f64> {
    let voice = [(1.0, 0.7), (2.0, 0.2), (3.0, 0.12)];
    let mut sound = Vec::new();
    mix_in(&mut sound, 0.0, &note(392.00, 0.26, &voice, 1));
    mix_in(&mut sound, 0.24, &note(311.13, 0.26, &voice, 1));
    let (length, mut phase) = (0.52, 0.0);
    let last = render(length, |t| {
        let wobble = 1.0 + 0.012 * sin_turns(5.5 * t) * (t / length);
        phase += 261.63 * wobble / f64::from(RATE);
        let body: f64 = voice
            .iter()
            .map(|&(ratio, level)| level * sin_turns(phase * ratio))
            .sum();
        body * (1.0 - 0.5 * t / length) * fades(t, length, 0.004, 0.18)
    });
    mix_in(&mut sound, 0.48, &last);
    normalized(sound, 0.6)
}

/// Picking up a power-up: a bright C-major arpeggio rising to C7.
fn collect() -> Vec<f64> {
    let voice = [(1.0, 0.6), (2.0, 0.3), (3.0, 0.15), (4.0, 0.08)];
    let mut sound = Vec::new();
    for (i, frequency) in [1046.50, 1318.51, 1567.98, 2093.00].into_iter().enumerate() {
        let start = 0.045 * i as f64;
        mix_in(&mut sound, start, &note(frequency, 0.25 - start, &voice, 2));
    }
    normalized(sound, 0.55)
}

/// A new run: a two-note bell chime, G5 then C6.
fn start() -> Vec<f64> {
    let bell = [(1.0, 0.7), (2.0, 0.2), (2.76, 0.12), (5.4, 0.05)];
    let mut sound = Vec::new();
    mix_in(&mut sound, 0.0, &note(783.99, 0.2, &bell, 2));
    mix_in(&mut sound, 0.1, &note(1046.50, 0.2, &bell, 2));
    normalized(sound, 0.55)
}
