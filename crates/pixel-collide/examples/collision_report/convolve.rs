//! The convolution table: `Mask::convolve` against stamping once per set texel, pygame's way.

use std::hint::black_box;

use glam::Vec2;
use pixel_collide::Mask;

use crate::support::bitpacked::Bitpacked;
use crate::support::families::Family;
use crate::timing::time_sides;

/// A mask's size and which texels are solid.
type Shape = (u32, u32, Box<dyn Fn(u32, u32) -> bool>);

/// `Mask::convolve` against stamping once per set texel (pygame's algorithm), on the same answers.
pub fn table() {
    println!();
    println!(
        "== convolve: every offset at which a sprite touches a mask, against stamping once per set texel (pygame's)"
    );
    println!(
        "{:<34} {:>12} {:>12} {:>7}",
        "mask, sprite", "stamping us", "module us", "ratio"
    );
    let disc = |r: f32| {
        move |x: u32, y: u32| (Vec2::new(x as f32, y as f32) - Vec2::splat(r)).length() < r
    };
    let cases: [(&str, Shape, Shape); 4] = [
        (
            "256 blobs, 32 px disc",
            (256, 256, Box::new(|x, y| Family::Blobs.solid(3, x, y))),
            (32, 32, Box::new(disc(16.0))),
        ),
        (
            "256 noise, 16 px disc",
            (256, 256, Box::new(|x, y| Family::Noise.solid(3, x, y))),
            (16, 16, Box::new(disc(8.0))),
        ),
        (
            "1024 x 256 blobs, 32 x 48 solid",
            (1024, 256, Box::new(|x, y| Family::Blobs.solid(5, x, y))),
            (32, 48, Box::new(|_, _| true)),
        ),
        (
            "64 noise, 64 noise",
            (64, 64, Box::new(|x, y| Family::Noise.solid(1, x, y))),
            (64, 64, Box::new(|x, y| Family::Noise.solid(2, x, y))),
        ),
    ];
    for (name, (w, h, a), (ow, oh, b)) in cases {
        let (ma, mb) = (
            Mask::from_fn(w, h, &a).expect("solid"),
            Mask::from_fn(ow, oh, &b).expect("solid"),
        );
        let (pa, pb) = (Bitpacked::from_fn(w, h, &a), Bitpacked::from_fn(ow, oh, &b));
        let peer = Mask::from_row_words(w + ow - 1, h + oh - 1, pa.convolve(&pb)).expect("size");
        assert_eq!(
            ma.convolve(&mb).expect("fits"),
            peer,
            "{name}: the two disagree"
        );
        let [stamping, module] = time_sides([
            &mut || black_box(&pa).convolve(black_box(&pb)).len() as u64,
            &mut || {
                black_box(&ma)
                    .convolve(black_box(&mb))
                    .map_or(0, |m| m.solid_count())
            },
        ]);
        println!(
            "{name:<34} {:>12.1} {:>12.1} {:>6.1}x",
            stamping / 1e3,
            module / 1e3,
            stamping / module
        );
    }
}
