//! Scratch memory stays within a small multiple of the inputs' bits (or of the answer), whatever the
//! overlap, and constructors refuse sizes past their caps instead of aborting. Peaks are measured by
//! a counting allocator, one measurement at a time.

mod support;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use glam::{Affine2, Vec2};
use pixel_collide::{overlap_area, overlap_mask, sprite_transform, Mask, MaskError, Sprite};

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
        shared.opaque_count(),
        a.opaque_count(),
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
        strip.opaque_count()
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
        Mask::from_words(1 << 17, 1 << 16, Vec::new()),
        Err(MaskError::TooManyTexels { .. })
    ));
    let m = Mask::from_fn(4, 4, |_, _| true).unwrap();
    assert!(matches!(
        m.resized(u32::MAX, 2),
        Err(MaskError::TooManyTexels { .. })
    ));
    assert!(matches!(m.resized(0, 2), Err(MaskError::Empty { .. })));
    assert_eq!(
        Mask::from_words(70, 2, vec![0; 3]),
        Err(MaskError::WordCount {
            expected: 4,
            got: 3
        })
    );
}
