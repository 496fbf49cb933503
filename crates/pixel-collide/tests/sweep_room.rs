//! A sweep each frame in the room of the last one allocates nothing once the room has grown to the
//! scene, and finds the same pairs as pairwise tests. Its own test binary: it counts every
//! allocation the process makes.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use glam::{Affine2, Vec2};
use pixel_collide::{overlaps, Mask, Sprite, SweepAndPrune, SweepRoom};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: passed on unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: passed on unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: passed on unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn a_sweep_in_the_room_of_the_last_allocates_nothing_and_finds_every_pair() {
    // Discs with holes and a ring, as a crowded scene of turned sprites has them.
    let masks: Vec<Mask> = [12u32, 20, 33, 48]
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
        .collect();
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
        for i in 0..n {
            for j in i + 1..n {
                if overlaps(sprites[i], sprites[j]) {
                    fresh.push((i, j));
                }
            }
        }
        assert_eq!(pairs, fresh, "frame {frame}");
        assert!(pairs.len() > 50, "frame {frame}: {} pairs", pairs.len());
    }
}
