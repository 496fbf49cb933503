//! The motion tables: time of impact over game steps, and push-out of the pairs it finds touching,
//! each against one `collide` of the same pair.

use std::hint::black_box;

use pixel_collide::{
    Mask, Motion, Pose, Sprite, collide, push_out, push_out_along, time_of_impact,
};

use crate::support::steps::Steps;
use crate::timing::{by_group, median, time_sides};

/// Time of impact and push-out on game steps, each against one exact test of the same pair.
pub fn tables() {
    println!();
    println!(
        "== time of impact over game steps that pass the swept rectangle test (figure walking, block falling and spinning)"
    );
    println!(
        "   cost against one `collide` of the pair where the step ends (the test a game that samples only there runs)"
    );
    let steps = Steps::new(3000);
    let mut rows: Vec<(String, [f64; 2])> = Vec::new();
    for s in &steps.steps {
        let (a, b) = steps.motions(s);
        let (ea, eb) = steps.at_end(s);
        // Both sides agree where they must: a touch at the end is a touch in the step, and a step
        // whose time of impact is none does not touch at its end.
        assert!(collide(ea, eb).is_none() || s.impact.is_some());
        let [toi, end] = time_sides([
            &mut || time_of_impact(black_box(&a), black_box(&b)).is_some() as u64,
            &mut || collide(black_box(ea), black_box(eb)).is_some() as u64,
        ]);
        rows.push((Steps::group(s).to_string(), [toi, end]));
    }
    let ratios = |rows: &[&(String, [f64; 2])]| {
        let mut r: Vec<f64> = rows.iter().map(|(_, [t, e])| t / e).collect();
        (median(&mut r), r.iter().copied().fold(0.0, f64::max))
    };
    println!(
        "{:<26} {:>6} {:>14} {:>12} {:>14} {:>12}",
        "steps", "count", "toi ns", "collide ns", "median ratio", "worst ratio"
    );
    let all: Vec<&(String, [f64; 2])> = rows.iter().collect();
    for (group, n, [toi, end]) in by_group(&rows).into_iter().chain(std::iter::once({
        let med =
            std::array::from_fn(|i| median(&mut rows.iter().map(|r| r.1[i]).collect::<Vec<_>>()));
        ("all".to_string(), rows.len(), med)
    })) {
        let mine: Vec<&(String, [f64; 2])> = if group == "all" {
            all.clone()
        } else {
            rows.iter().filter(|r| r.0 == group).collect()
        };
        let (med, worst) = ratios(&mine);
        println!("{group:<26} {n:>6} {toi:>14.0} {end:>12.0} {med:>13.1}x {worst:>11.1}x");
    }
    let (med, _) = ratios(&all);
    println!("toi_vs_collide_median: {med:.1}x");

    // The costliest case the time of impact has: two sprites sliding along each other's edges,
    // touching without overlapping all step.
    let floor = Mask::from_fn(256, 16, |_, _| true).expect("not empty");
    let slider = Mask::from_fn(16, 16, |_, _| true).expect("not empty");
    let ground = Motion::still(&floor, Pose::at(glam::Vec2::ZERO), glam::Vec2::ZERO);
    let slide = Motion::new(
        &slider,
        Pose::at(glam::Vec2::new(10.0, -16.0)),
        Pose::at(glam::Vec2::new(40.0, -16.0)),
        glam::Vec2::ZERO,
    );
    assert!(time_of_impact(&slide, &ground).is_none());
    let [sliding] = time_sides([&mut || {
        time_of_impact(black_box(&slide), black_box(&ground)).is_some() as u64
    }]);
    println!(
        "sliding along an edge all step (the worst case): {:.1} us",
        sliding / 1e3
    );

    println!();
    println!(
        "== push-out of the figure from the block where the time of impact found them touching"
    );
    let pairs = steps.overlapping();
    let mut rows: Vec<(String, [f64; 3])> = Vec::new();
    for &(f, b) in &pairs {
        let p = push_out(f, b).expect("they overlap");
        let moved = Sprite::new(
            f.mask,
            glam::Affine2::from_translation(p.offset) * f.transform,
        );
        assert!(collide(moved, b).is_none(), "the push frees them");
        let [push, up, once] = time_sides([
            &mut || push_out(black_box(f), black_box(b)).is_some() as u64,
            &mut || push_out_along(black_box(f), black_box(b), -glam::Vec2::Y).is_some() as u64,
            &mut || collide(black_box(f), black_box(b)).is_some() as u64,
        ]);
        rows.push(("touching pairs".to_string(), [push, up, once]));
    }
    println!(
        "{:<16} {:>6} {:>14} {:>16} {:>12}",
        "pairs", "count", "push_out ns", "push up ns", "collide ns"
    );
    for (group, n, [push, up, once]) in by_group(&rows) {
        println!("{group:<16} {n:>6} {push:>14.0} {up:>16.0} {once:>12.0}");
    }
}
