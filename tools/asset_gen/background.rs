//! `background.png`: the sky behind the play field.

use image::{Rgba, RgbaImage};
use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg32;

use super::maths::{sin_turns, unit};

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
pub(super) fn background() -> RgbaImage {
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
