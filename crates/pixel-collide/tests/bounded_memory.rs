//! Scratch memory stays within a small multiple of the inputs' bits (or of the answer), whatever the
//! overlap, and constructors refuse sizes past their caps instead of aborting. Peaks are measured by
//! a counting allocator, one measurement at a time.

mod support;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use glam::{Affine2, Vec2};
use pixel_collide::{
    Mask, MaskError, Sprite, overlap_area, overlap_mask, overlaps, sprite_transform,
};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Ordering::SeqCst) + layout.size();
        PEAK.fetch_max(live, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::SeqCst);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The most bytes `f` holds on the heap at once beyond what was live before it, and its result.
fn peak_during<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let before = LIVE.load(Ordering::SeqCst);
    PEAK.store(before, Ordering::SeqCst);
    let out = f();
    (PEAK.load(Ordering::SeqCst) - before, out)
}

#[test]
fn overlap_area_of_turned_noise_keeps_no_square_it_has_passed() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // Every texel of two 512 px noise masks, turned against each other, overlaps: the walk meets
    // millions of bit-block squares. It used to keep each (about 200 bytes per overlapping texel).
    let (a, b) = (
        support::xorshift_noise(512, 1),
        support::xorshift_noise(512, 2),
    );
    let ta = sprite_transform(Vec2::splat(256.0), 0.3, Vec2::ONE, Vec2::splat(256.0));
    let tb = sprite_transform(Vec2::splat(256.5), -0.2, Vec2::ONE, Vec2::splat(256.0));
    // The trees are the masks' own memory, built on first use; the scratch is what comes after.
    a.build_tree();
    b.build_tree();
    let (peak, area) = peak_during(|| overlap_area(Sprite::new(&a, ta), Sprite::new(&b, tb)));
    assert!(area > 40_000.0, "{area}");
    let bits = 512 * 512 / 8;
    assert!(
        peak <= bits / 4,
        "{peak} bytes of scratch for {bits} bytes of bits"
    );
}

#[test]
fn overlap_mask_under_one_huge_turned_texel_needs_little_beyond_its_answer() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let a = support::xorshift_noise(1024, 3);
    let dot = Mask::from_fn(1, 1, |_, _| true).unwrap();
    let huge = sprite_transform(
        Vec2::splat(512.0),
        0.3,
        Vec2::splat(2048.0),
        Vec2::splat(0.5),
    );
    a.build_tree();
    dot.build_tree();
    let (peak, shared) =
        peak_during(|| overlap_mask(Sprite::new(&a, Affine2::IDENTITY), Sprite::new(&dot, huge)));
    assert_eq!(
        shared.solid_count(),
        a.solid_count(),
        "the texel covers it all"
    );
    // The answer's bits and its tree (under twice the bits), plus scratch.
    let bits = 1024 * 1024 / 8;
    assert!(
        peak <= 3 * bits,
        "{peak} bytes for an answer of {bits} bytes of bits"
    );
}

#[test]
fn components_of_a_strip_of_many_small_parts_follow_their_texels() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // 33,334 components of one or two texels in a 100000 x 1 strip: one full-size mask each would
    // take 12 GiB.
    let strip = Mask::from_fn(100_000, 1, |x, _| x % 3 != 2).unwrap();
    let (peak, parts) = peak_during(|| strip.components(1));
    assert_eq!(parts.len(), 33_334);
    assert_eq!(
        parts.iter().map(|p| p.solid_count()).sum::<u64>(),
        strip.solid_count()
    );
    assert!(parts[0].runs().count() == 1 && parts[0].bounds().w == 2);
    // Labelling keeps about 40 bytes a run, and each component its runs and a header.
    assert!(
        peak <= 400 * parts.len(),
        "{peak} bytes for {} components",
        parts.len()
    );
}

#[test]
fn constructors_refuse_sizes_past_their_caps_with_an_error() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let (peak, err) = peak_during(|| Mask::from_fn(u32::MAX, u32::MAX, |_, _| true));
    assert_eq!(
        err.unwrap_err(),
        MaskError::TooManyTexels {
            width: u32::MAX,
            height: u32::MAX
        }
    );
    assert!(peak < 4096, "{peak}");
    assert!(matches!(
        Mask::from_fn(Mask::MAX_SIDE + 1, 1, |_, _| true),
        Err(MaskError::TooManyTexels { .. })
    ));
    assert!(matches!(
        Mask::from_row_words(1 << 17, 1 << 16, Vec::new()),
        Err(MaskError::TooManyTexels { .. })
    ));
    let m = Mask::from_fn(4, 4, |_, _| true).unwrap();
    assert!(matches!(
        m.resized(u32::MAX, 2),
        Err(MaskError::TooManyTexels { .. })
    ));
    assert!(matches!(m.resized(0, 2), Err(MaskError::Empty { .. })));
    assert_eq!(
        Mask::from_row_words(70, 2, vec![0; 3]),
        Err(MaskError::WordCount {
            expected: 4,
            got: 3
        })
    );
}

/// Which texels of a mask are solid.
type Content = Box<dyn Fn(u32, u32) -> bool>;

/// Heap bytes pygame holds for a `width` x `height` mask: two ints and its 64-bit words.
fn pygame_bytes(width: u32, height: u32) -> usize {
    8 + width.div_ceil(64) as usize * 8 * height as usize
}

#[test]
fn a_mask_with_its_tree_holds_at_most_three_times_pygames_bytes_whatever_its_content() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let disc = |r: i64, cx: i64, cy: i64| {
        move |x: u32, y: u32| (i64::from(x) - cx).pow(2) + (i64::from(y) - cy).pow(2) <= r * r
    };
    for (w, h) in [
        (32, 32),
        (48, 40),
        (64, 64),
        (100, 37),
        (1024, 1),
        (33, 31),
        (200, 200),
    ] {
        let contents: Vec<(&str, Content)> = vec![
            ("a staircase, one rectangle a row", Box::new(|x, y| x <= y)),
            (
                "a disc",
                Box::new(disc(
                    i64::from(w.min(h)) / 2,
                    i64::from(w) / 2,
                    i64::from(h) / 2,
                )),
            ),
            (
                "a ring",
                Box::new(move |x, y| {
                    let d = (i64::from(x) - i64::from(w) / 2).pow(2)
                        + (i64::from(y) - i64::from(h) / 2).pow(2);
                    let r = i64::from(w.min(h)) / 2;
                    d <= r * r && d >= (r - 3) * (r - 3)
                }),
            ),
            ("columns two apart", Box::new(|x, _| x % 2 == 0)),
            (
                "a diamond",
                Box::new(move |x, y| {
                    (i64::from(x) - i64::from(w) / 2).abs()
                        + (i64::from(y) - i64::from(h) / 2).abs()
                        < i64::from(w.min(h)) / 2
                }),
            ),
            ("noise", Box::new(|x, y| (x * 7919 + y * 104_729) % 13 < 5)),
            ("everything", Box::new(|_, _| true)),
        ];
        for (what, solid) in contents {
            let m = Mask::from_fn(w, h, solid).unwrap();
            m.build_tree();
            let ratio = m.heap_bytes() as f64 / pygame_bytes(w, h) as f64;
            assert!(
                ratio <= 3.0,
                "{what} in {w} x {h}: {} bytes, {ratio:.2}x pygame's",
                m.heap_bytes()
            );
        }
    }
}

#[test]
fn texels_at_the_far_edge_of_the_widest_mask_are_found_exactly() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // The tree keeps boxes in f32: the last texels of a mask Mask::MAX_SIDE wide have centres a half
    // under 2^23, exact there and nowhere past it.
    let side = Mask::MAX_SIDE;
    let wide = Mask::from_fn(side, 2, |x, y| y == 0 && (x == side - 1 || x == side - 3)).unwrap();
    // Placed so that its last texels land near the origin, where f32 world coordinates are fine.
    let at = Affine2::from_translation(Vec2::new(-((side - 4) as f32), 0.0));
    let dot = Mask::from_fn(1, 1, |_, _| true).unwrap();
    let probe = |x: f32| {
        // A small turned square around (x, 0.5): a rotated query, so the tree answers.
        let t = Affine2::from_translation(Vec2::new(x, 0.5))
            * Affine2::from_scale_angle_translation(Vec2::splat(0.25), 0.3, Vec2::splat(-0.125));
        overlaps(Sprite::new(&wide, at), Sprite::new(&dot, t))
    };
    assert!(probe(3.5), "the last texel");
    assert!(!probe(2.5), "the air beside it");
    assert!(probe(1.5), "the texel before");
    assert!(!probe(0.5), "air again");
    assert!(!probe(4.5), "past the edge");
}

#[test]
fn a_contact_manifold_of_large_noise_deep_in_each_other_needs_a_fixed_scratch_and_the_bits() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // Two noise masks turned against each other, one half sunk into the other: the walk finds more
    // pairs of boxes near than it keeps, the push runs to its work budget, and the patch is every
    // shared texel. The scratch is the kept pairs (a fixed cap), the patch's kept texels (another)
    // and the shared texels' bits: it kept every texel of the patch, 36 MiB at 2048 x 2048.
    for side in [512u32, 1024] {
        let (a, b) = (
            support::xorshift_noise(side, 3),
            support::xorshift_noise(side, 4),
        );
        a.build_tree_for_contacts();
        b.build_tree_for_contacts();
        let inputs = a.heap_bytes() + b.heap_bytes();
        let half = side as f32 / 2.0;
        let sa = Sprite::new(&a, Affine2::IDENTITY);
        let sb = Sprite::new(
            &b,
            Affine2::from_translation(Vec2::new(half, half / 2.5)) * Affine2::from_angle(0.3),
        );
        let (peak, m) = peak_during(|| pixel_collide::contact_manifold(sa, sb, 2.0));
        let m = m.expect("deep in each other");
        assert!(m.depth > 0.0 && m.normal.is_finite(), "{m:?}");
        assert!(
            peak <= (1 << 20) + inputs,
            "{peak} bytes of scratch for {inputs} bytes of {side} px masks"
        );
    }
}
