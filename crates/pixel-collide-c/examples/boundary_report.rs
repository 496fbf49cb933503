//! What the C boundary costs: the same queries asked of the crate from Rust and through the C
//! functions (called through a function pointer the optimiser cannot see through, as a C program
//! calls them), side by side in one run, in turns, medians.
//!
//!   `cargo run --release -p pixel-collide-c --example boundary_report [ASSETS]`
//!
//! Workloads: the game's 32 x 48 figure against its 64 px spinner block turned about its centre
//! (72 turns, the figure in a notch, half a pixel out or 3 px in), and random 64 px blobs turned
//! against each other (four seeds, scales 0.75 to 1.5, offsets drawn until the pair is a hit or a
//! near-miss 0.2 to 3 px apart). Every answer is checked to agree before anything is timed.

use std::hint::black_box;
use std::time::Instant;

use pixel_collide::glam::{Affine2, Vec2};
use pixel_collide::{distance, overlaps, sprite_transform, Mask, MaskRule, Sprite};
use pixel_collide_c::{pc_affine, pc_mask, pc_mask_from_rgba, pc_overlaps, pc_sprite, pc_status};

/// Numbers in [0, 1) from `seed` (a 64-bit linear congruential generator): the same inputs every run.
fn uniform(seed: u64) -> impl FnMut() -> f32 {
    let mut state = seed;
    move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as f32 / (1u64 << 31) as f32
    }
}

/// One image in both forms: the crate's mask and the C library's handle to a mask of the same bytes.
struct Art {
    width: u32,
    height: u32,
    mask: Mask,
    handle: pc_mask,
}

impl Art {
    fn new(rgba: Vec<u8>, width: u32, height: u32) -> Art {
        let mask = Mask::from_rgba(width, height, &rgba, MaskRule::alpha(0)).unwrap();
        let mut handle = pc_mask::default();
        let status = unsafe {
            pc_mask_from_rgba(rgba.as_ptr(), rgba.len(), width, height, 0, 0, &mut handle)
        };
        assert_eq!(status, pc_status::PC_OK);
        Art {
            width,
            height,
            mask,
            handle,
        }
    }

    fn open(path: &str) -> Art {
        let image = pixel_collide::image::open(path)
            .unwrap_or_else(|e| panic!("{path}: {e}"))
            .to_rgba8();
        let (w, h) = image.dimensions();
        Art::new(image.into_raw(), w, h)
    }

    fn blob(seed: u64, side: u32) -> Art {
        let mut next = uniform(seed);
        let discs: Vec<(f32, f32, f32)> = (0..6)
            .map(|_| {
                (
                    next() * side as f32,
                    next() * side as f32,
                    4.0 + next() * side as f32 / 3.0,
                )
            })
            .collect();
        let mut rgba = vec![0u8; (side * side * 4) as usize];
        for y in 0..side {
            for x in 0..side {
                let inside = discs.iter().any(|&(cx, cy, r)| {
                    let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
                    dx * dx + dy * dy < r * r
                });
                rgba[((y * side + x) * 4 + 3) as usize] = if inside { 255 } else { 0 };
            }
        }
        Art::new(rgba, side, side)
    }
}

/// A pair of placements of two arts, and what it is.
struct Case<'a> {
    a: &'a Art,
    b: &'a Art,
    ta: Affine2,
    tb: Affine2,
    hit: bool,
}

fn c_sprite(art: &Art, t: Affine2) -> pc_sprite {
    pc_sprite {
        mask: art.handle,
        transform: pc_affine::from(t),
    }
}

/// The figure in a notch of the block turned by `turn`: half a pixel out of touching, or 3 px in.
fn notch<'a>(figure: &'a Art, block: &'a Art, turn: usize) -> [Case<'a>; 2] {
    let n = block.width as f32;
    let third = (n / 3.0).floor();
    let corners = [
        (Vec2::new(third, third), Vec2::new(-1.0, -1.0)),
        (Vec2::new(n - third, third), Vec2::new(1.0, -1.0)),
        (Vec2::new(n - third, n - third), Vec2::new(1.0, 1.0)),
        (Vec2::new(third, n - third), Vec2::new(-1.0, 1.0)),
    ];
    let tb = sprite_transform(
        Vec2::splat(200.0),
        turn as f32 * std::f32::consts::PI / 36.0,
        Vec2::ONE,
        Vec2::splat(n / 2.0),
    );
    let (corner, dir) = corners[turn % 4];
    let (corner, dir) = (
        tb.transform_point2(corner),
        tb.transform_vector2(dir).normalize(),
    );
    let half = Vec2::new(figure.width as f32, figure.height as f32) / 2.0;
    let at = |d: f32| Affine2::from_translation(corner + dir * d - half);
    let mut d = 0.0;
    while overlaps(
        Sprite::new(&figure.mask, at(d)),
        Sprite::new(&block.mask, tb),
    ) {
        d += 0.25;
    }
    [
        Case {
            a: figure,
            b: block,
            ta: at(d + 0.5),
            tb,
            hit: false,
        },
        Case {
            a: figure,
            b: block,
            ta: at(d - 3.0),
            tb,
            hit: true,
        },
    ]
}

/// Turned blob pairs, hits and near-misses, drawn from `seed`.
fn blob_pairs<'a>(a: &'a Art, b: &'a Art, seed: u64, out: &mut Vec<Case<'a>>) {
    let mut next = uniform(seed);
    let (mut hits, mut misses) = (0, 0);
    while hits < 24 || misses < 24 {
        let place = |x: f32, y: f32, r: f32, s: f32| {
            sprite_transform(Vec2::new(x, y), r, Vec2::splat(s), Vec2::splat(32.0))
        };
        let ta = place(100.0, 100.0, next() * 6.3, 0.75 + next() * 0.75);
        let tb = place(
            100.0 + (next() - 0.5) * 120.0,
            100.0 + (next() - 0.5) * 120.0,
            next() * 6.3,
            0.75 + next() * 0.75,
        );
        let (sa, sb) = (Sprite::new(&a.mask, ta), Sprite::new(&b.mask, tb));
        if overlaps(sa, sb) {
            if hits < 24 {
                hits += 1;
                out.push(Case {
                    a,
                    b,
                    ta,
                    tb,
                    hit: true,
                });
            }
        } else if misses < 24 && distance(sa, sb).is_some_and(|d| (0.2..3.0).contains(&d.distance))
        {
            misses += 1;
            out.push(Case {
                a,
                b,
                ta,
                tb,
                hit: false,
            });
        }
    }
}

/// Median ns a query of `cases` from Rust and through C, and the median of each round's C / Rust:
/// the two timed in turn, each first in every other round, so that a round's ratio compares two
/// runs a few milliseconds apart.
fn time(cases: &[Case<'_>]) -> (f64, f64, f64) {
    let c_call: unsafe extern "C" fn(pc_sprite, pc_sprite, *mut bool) -> pc_status =
        black_box(pc_overlaps);
    let c_pairs: Vec<(pc_sprite, pc_sprite)> = cases
        .iter()
        .map(|c| (c_sprite(c.a, c.ta), c_sprite(c.b, c.tb)))
        .collect();
    let reps = 200;
    let (mut rust, mut c) = (Vec::new(), Vec::new());
    let mut sink = 0u32;
    for round in 0..41 {
        for side in 0..2 {
            let run_rust = (side == 0) == (round % 2 == 0);
            let start = Instant::now();
            for _ in 0..reps {
                if run_rust {
                    for case in cases {
                        let (a, b) = black_box((case.ta, case.tb));
                        sink += u32::from(overlaps(
                            Sprite::new(&case.a.mask, a),
                            Sprite::new(&case.b.mask, b),
                        ));
                    }
                } else {
                    for &(a, b) in &c_pairs {
                        let mut hit = false;
                        let status = unsafe { c_call(black_box(a), black_box(b), &mut hit) };
                        sink += u32::from(hit) + status as u32;
                    }
                }
            }
            let ns = start.elapsed().as_secs_f64() * 1e9 / (reps * cases.len()) as f64;
            if round > 0 {
                if run_rust {
                    rust.push(ns)
                } else {
                    c.push(ns)
                }
            }
        }
    }
    black_box(sink);
    let ratios = rust.iter().zip(&c).map(|(r, c)| c / r).collect();
    (median(rust), median(c), median(ratios))
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    let assets = std::env::args()
        .nth(1)
        .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets").into());
    let figure = Art::open(&format!("{assets}/figure.png"));
    let block = Art::open(&format!("{assets}/block.png"));
    let blobs: Vec<Art> = (1..=8).map(|seed| Art::blob(seed * 7919, 64)).collect();
    let mut notches = Vec::new();
    for turn in 0..72 {
        notches.extend(notch(&figure, &block, turn));
    }
    let mut turned = Vec::new();
    for seed in 0..4 {
        blob_pairs(
            &blobs[2 * seed],
            &blobs[2 * seed + 1],
            1000 + seed as u64,
            &mut turned,
        );
    }
    // Both sides give the same answers before either is timed.
    for case in notches.iter().chain(&turned) {
        let mut hit = false;
        let status = unsafe {
            pc_overlaps(
                c_sprite(case.a, case.ta),
                c_sprite(case.b, case.tb),
                &mut hit,
            )
        };
        assert_eq!((status, hit), (pc_status::PC_OK, case.hit));
    }
    println!(
        "| workload | pairs | Rust `overlaps` | C `pc_overlaps` | C / Rust (median of 40 rounds) |"
    );
    println!("|---|---|---|---|---|");
    let groups: [(&str, Vec<&Case<'_>>); 4] = [
        (
            "figure in the block's notch, near-miss",
            notches.iter().filter(|c| !c.hit).collect(),
        ),
        (
            "figure in the block's notch, hit",
            notches.iter().filter(|c| c.hit).collect(),
        ),
        (
            "turned 64 px blobs, near-miss (0.2 to 3 px)",
            turned.iter().filter(|c| !c.hit).collect(),
        ),
        (
            "turned 64 px blobs, hit",
            turned.iter().filter(|c| c.hit).collect(),
        ),
    ];
    for (name, cases) in groups {
        let owned: Vec<Case<'_>> = cases
            .iter()
            .map(|c| Case {
                a: c.a,
                b: c.b,
                ta: c.ta,
                tb: c.tb,
                hit: c.hit,
            })
            .collect();
        let (rust, c, ratio) = time(&owned);
        println!(
            "| {name} | {} | {rust:.1} ns | {c:.1} ns | {ratio:.3}x |",
            owned.len()
        );
    }
}
