//! The queries whose work grows with the overlap, on the largest masks: two noise masks turned by 0.3
//! and -0.4 about their centres, 100 px apart, so that nearly every texel of one meets the other.
//! Each call is timed once (they take seconds), with the masks' trees built beforehand.

use std::time::Instant;

use glam::Vec2;
use pixel_collide::{Sprite, collide, overlap_area, overlap_mask, push_out, sprite_transform};

use crate::support::xorshift_noise;

/// Sides timed when none is given: the largest a decoded image may have is 16,384.
const SIDES: [u32; 3] = [1024, 4096, 16_384];

/// One line per side and query: seconds, and nanoseconds per texel of one mask.
pub fn table(side: Option<u32>) {
    println!("== the largest masks: two noise masks turned by 0.3 and -0.4, 100 px apart");
    let sides = side.map_or(SIDES.to_vec(), |s| vec![s]);
    for n in sides {
        let started = Instant::now();
        let (a, b) = (xorshift_noise(n, 1), xorshift_noise(n, 2));
        a.build_tree();
        b.build_tree();
        let built = started.elapsed().as_secs_f64();
        let centre = Vec2::splat(n as f32 / 2.0);
        let sa = Sprite::new(&a, sprite_transform(centre, 0.3, Vec2::ONE, centre));
        let shifted = centre + Vec2::new(100.0, 0.0);
        let sb = Sprite::new(&b, sprite_transform(shifted, -0.4, Vec2::ONE, centre));
        let texels = f64::from(n) * f64::from(n);
        let line = |what: &str, seconds: f64, answer: String| {
            println!(
                "{n:>6} px  {what:<13} {seconds:>9.3} s  {:>7.1} ns/texel  {answer}",
                seconds * 1e9 / texels
            );
        };
        line("masks, trees", built, String::new());
        let t = Instant::now();
        let area = overlap_area(sa, sb);
        line(
            "overlap_area",
            t.elapsed().as_secs_f64(),
            format!("area {area}"),
        );
        let t = Instant::now();
        let shared = overlap_mask(sa, sb).solid_count();
        line(
            "overlap_mask",
            t.elapsed().as_secs_f64(),
            format!("{shared} texels"),
        );
        let t = Instant::now();
        let depth = collide(sa, sb).map(|c| c.depth);
        line(
            "collide",
            t.elapsed().as_secs_f64(),
            format!("depth {depth:?}"),
        );
        let t = Instant::now();
        let push = push_out(sa, sb);
        let budget_ran_out = push.map(|p| p.budget_ran_out);
        line(
            "push_out",
            t.elapsed().as_secs_f64(),
            format!("fell back {budget_ran_out:?}"),
        );
        let t = Instant::now();
        let parts = a.components(1).len();
        line(
            "components",
            t.elapsed().as_secs_f64(),
            format!("{parts} parts"),
        );
    }
}
