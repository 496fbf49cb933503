//! A sweep each frame in the room of the last one allocates nothing once the room has grown to the
//! scene, and finds the same pairs as pairwise tests. Its own test binary: it counts every
//! allocation the process makes.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use glam::{Affine2, Vec2};
use pixel_collide::{Mask, Sprite, SweepAndPrune, SweepRoom, overlaps};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);
/// The bytes held now, and the most held since the last reset of `PEAK`.
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

/// `bytes` more held (or, `gone`, fewer).
fn held(bytes: usize, gone: usize) {
    let now = LIVE.fetch_add(bytes, Ordering::Relaxed) + bytes;
    LIVE.fetch_sub(gone, Ordering::Relaxed);
    PEAK.fetch_max(now, Ordering::Relaxed);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        held(layout.size(), 0);
        // SAFETY: passed on unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        held(0, layout.size());
        // SAFETY: passed on unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // Counted by the change: a large block grows in place or by remapping its pages, not by
        // holding two copies.
        held(
            new_size.saturating_sub(layout.size()),
            layout.size().saturating_sub(new_size),
        );
        // SAFETY: passed on unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Held by each test: the count is the whole process's, so no other test may allocate meanwhile.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Discs with holes and a ring, as a crowded scene of turned sprites has them.
fn crowd_masks() -> Vec<Mask> {
    [12u32, 20, 33, 48]
        .iter()
        .map(|&side| {
            let r = side as f32 / 2.0;
            Mask::from_fn(side, side, |x, y| {
                let (dx, dy) = (x as f32 + 0.5 - r, y as f32 + 0.5 - r);
                let d = dx.hypot(dy);
                d <= r && (side != 33 || d > r * 0.4) && (x * 7 + y * 3) % 11 != 0
            })
            .unwrap()
        })
        .collect()
}

/// Every touching pair of `sprites`, one by one.
fn pairwise(sprites: &[Sprite<'_>]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for i in 0..sprites.len() {
        for j in i + 1..sprites.len() {
            if overlaps(sprites[i], sprites[j]) {
                out.push((i, j));
            }
        }
    }
    out
}

#[test]
fn a_crowd_stacked_on_one_spot_holds_its_pairs_once_and_finds_them_sorted() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // Checkerboards a thousandth of a texel apart: nearly every pair touches, a million of them.
    let board = Mask::from_fn(8, 8, |x, y| (x + y) % 2 == 0).unwrap();
    let sprites: Vec<Sprite<'_>> = (0..1500)
        .map(|i| {
            Sprite::new(
                &board,
                Affine2::from_translation(Vec2::new(i as f32 * 0.001, 0.0)),
            )
        })
        .collect();
    let sweep = SweepAndPrune::new(&sprites);
    let start = LIVE.load(Ordering::Relaxed);
    PEAK.store(start, Ordering::Relaxed);
    let pairs = sweep.touching_pairs();
    let extra = PEAK.load(Ordering::Relaxed) - start;
    let list = pairs.capacity() * size_of::<(usize, usize)>();
    // The list itself and the counts by sprite, never a second list of the pairs beside it.
    assert!(
        extra <= list + (1 << 20),
        "{} pairs: {extra} bytes at most, the list {list}",
        pairs.len()
    );
    assert!(pairs.len() > 1_000_000, "{} pairs", pairs.len());
    assert_eq!(pairs, pairwise(&sprites));
}

#[test]
fn a_sweep_in_the_room_of_the_last_allocates_nothing_and_finds_every_pair() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let masks = crowd_masks();
    let n = 400;
    let place = |i: usize, frame: usize| {
        let t = (i * 37 % 101) as f32 + frame as f32 * 0.3;
        let (x, y) = ((i * 53 % 211) as f32 * 3.0, (i * 29 % 197) as f32 * 3.0);
        Affine2::from_scale_angle_translation(
            Vec2::splat(0.7 + (i % 5) as f32 * 0.2),
            t,
            Vec2::new(x, y),
        )
    };
    let (mut room, mut pairs, mut sprites) =
        (SweepRoom::default(), Vec::new(), Vec::with_capacity(n));
    let mut fresh = Vec::new();
    for frame in 0..6 {
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        sprites.clear();
        sprites.extend((0..n).map(|i| Sprite::new(&masks[i % masks.len()], place(i, frame))));
        let mut sweep = SweepAndPrune::new_in(&sprites, room);
        sweep.touching_pairs_into(&mut pairs);
        room = sweep.into_room();
        let made = ALLOCATIONS.load(Ordering::Relaxed) - before;
        // The first frames grow the room, the pair list and the masks' trees; then nothing.
        if frame >= 3 {
            assert_eq!(made, 0, "frame {frame} allocated {made} times");
        }
        fresh.clear();
        fresh.extend(pairwise(&sprites));
        assert_eq!(pairs, fresh, "frame {frame}");
        assert!(pairs.len() > 50, "frame {frame}: {} pairs", pairs.len());
    }
}

#[test]
fn a_room_kept_across_frames_that_change_count_order_and_placeability_finds_every_pair_sorted() {
    // The room's order from the last frame is where each frame's sort starts: frames that add and
    // drop sprites, shuffle them, hide some (a NaN places nothing) and crowd a few must still give
    // exactly the pairwise answer, in order, by the few-pairs path and the many-pairs path alike.
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let masks = crowd_masks();
    let mut seed = 0x9e37_79b9_u32;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed as f32 / 4_294_967_296.0
    };
    let (mut room, mut pairs) = (SweepRoom::default(), Vec::new());
    let counts = [300usize, 300, 300, 120, 120, 301, 40, 40, 300];
    let mut many = 0;
    for (frame, &n) in counts.iter().enumerate() {
        let field = if frame % 2 == 0 { 500.0 } else { 3000.0 };
        let sprites: Vec<Sprite<'_>> = (0..n)
            .map(|i| {
                let hidden = frame == 2 && i % 7 == 0;
                let at = Vec2::new(next() * field, next() * field);
                let t = Affine2::from_scale_angle_translation(
                    Vec2::splat(0.6 + next()),
                    next() * 6.3,
                    if hidden { Vec2::NAN } else { at },
                );
                Sprite::new(&masks[i % masks.len()], t)
            })
            .collect();
        let mut sweep = SweepAndPrune::new_in(&sprites, room);
        sweep.touching_pairs_into(&mut pairs);
        room = sweep.into_room();
        assert_eq!(pairs, pairwise(&sprites), "frame {frame}, {n} sprites");
        many += usize::from(pairs.len() >= n / 4);
    }
    assert!(
        many >= 2 && many < counts.len(),
        "{many} frames with many pairs"
    );
}

/// A sliver 6e-16 of a texel across lying over solid texels of another sprite (found by the
/// `broad_phase` fuzz target): the pair test counts an overlap that thin as touching only, and the
/// sweep's quick accepts (solid discs, probes) now leave it to the pair test instead of pairing it.
#[test]
fn a_sliver_thinner_than_the_pair_tests_rule_is_not_paired_by_the_quick_accepts() {
    let words = [175u64, 384, 63, 80, 416, 367, 294, 495, 55];
    let m = Mask::from_strip_words(9, 9, words.to_vec()).unwrap();
    let squashed = glam::Mat2::from_cols(
        Vec2::new(5.764452e-16, 4.093545e-34),
        Vec2::new(0.18823817, 0.93826103),
    );
    let sliver = Sprite::new(
        &m,
        Affine2::from_mat2_translation(squashed, Vec2::splat(0.7529527)),
    );
    let plain = Sprite::new(&m, Affine2::IDENTITY);
    assert!(!overlaps(sliver, plain));
    let sweep = SweepAndPrune::new(&[sliver, plain]);
    assert!(sweep.touching_pairs().is_empty());
    assert_eq!(sweep.touching(plain), [1]);
}
