//! What the boundary allocates once masks exist: nothing per query, and nothing per frame for a
//! world whose sprite count has stopped growing, counted by a global allocator that tallies every
//! allocation on this test's thread.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use pixel_collide_c::*;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// The allocations of the second of two calls of `$call`: the first warms the thread's buffers.
macro_rules! warm {
    ($call:expr) => {{
        unsafe { $call };
        allocations(|| unsafe {
            $call;
        })
    }};
}

/// Allocations `f` makes on this thread.
fn allocations(f: impl FnOnce()) -> u64 {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

fn disc(side: u32) -> pc_mask {
    let mut rgba = vec![0u8; (side * side * 4) as usize];
    let r = side as f32 / 2.0;
    for y in 0..side {
        for x in 0..side {
            let (dx, dy) = (x as f32 + 0.5 - r, y as f32 + 0.5 - r);
            rgba[((y * side + x) * 4 + 3) as usize] =
                if dx * dx + dy * dy < r * r { 255 } else { 0 };
        }
    }
    let mut m = pc_mask::default();
    assert_eq!(
        unsafe { pc_mask_from_rgba(rgba.as_ptr(), rgba.len(), side, side, 0, 0, &mut m) },
        pc_status::PC_OK
    );
    m
}

fn at(mask: pc_mask, x: f32, y: f32, turn: f32) -> pc_sprite {
    let (s, c) = turn.sin_cos();
    pc_sprite {
        mask,
        transform: pc_affine {
            a: c,
            b: s,
            c: -s,
            d: c,
            tx: x,
            ty: y,
        },
    }
}

#[test]
fn no_query_allocates_once_its_masks_exist() {
    let m = disc(48);
    let a = at(m, 0.0, 0.0, 0.3);
    let cases = [
        at(m, 30.0, 5.0, 1.1),
        at(m, 47.5, 3.0, 2.0),
        at(m, 200.0, 0.0, 0.0),
    ];
    let v = |x, y| pc_vec2 { x, y };
    for b in cases {
        let mut flag = false;
        let mut area = 0.0;
        let mut contact = pc_contact::default();
        let mut ray = pc_ray_hit::default();
        let mut impact = pc_impact::default();
        let mut push = pc_push::default();
        let mut closest = pc_closest::default();
        let motion = |s: pc_sprite, to: f32| pc_motion {
            mask: s.mask,
            from: pc_pose {
                position: v(s.transform.tx, s.transform.ty),
                rotation: 0.0,
                scale: v(1.0, 1.0),
            },
            to: pc_pose {
                position: v(to, s.transform.ty),
                rotation: 0.5,
                scale: v(1.0, 1.0),
            },
            origin: v(0.0, 0.0),
        };
        let each = [b, b];
        let mut answers = [false; 2];
        let counts = [
            ("pc_overlaps", warm!(pc_overlaps(a, b, &mut flag))),
            (
                "pc_overlaps_each",
                warm!(pc_overlaps_each(a, each.as_ptr(), 2, answers.as_mut_ptr())),
            ),
            ("pc_collide", warm!(pc_collide(a, b, &mut contact))),
            ("pc_overlap_area", warm!(pc_overlap_area(a, b, &mut area))),
            ("pc_push_out", warm!(pc_push_out(a, b, &mut push))),
            ("pc_distance", warm!(pc_distance(a, b, &mut closest))),
            (
                "pc_contains_point",
                warm!(pc_contains_point(
                    b,
                    v(b.transform.tx + 24.0, b.transform.ty + 24.0),
                    &mut flag,
                )),
            ),
            (
                "pc_touches_rect",
                warm!(pc_touches_rect(
                    b,
                    pc_rect {
                        x: 10.0,
                        y: 10.0,
                        width: 30.0,
                        height: 4.0,
                    },
                    &mut flag,
                )),
            ),
            (
                "pc_touches_circle",
                warm!(pc_touches_circle(b, v(40.0, 20.0), 6.0, &mut flag)),
            ),
            (
                "pc_raycast",
                warm!(pc_raycast(
                    b,
                    v(-100.0, 20.0),
                    v(1.0, 0.0),
                    f32::INFINITY,
                    &mut ray
                )),
            ),
            (
                "pc_time_of_impact",
                warm!(pc_time_of_impact(
                    motion(a, 100.0),
                    motion(b, b.transform.tx),
                    &mut impact
                )),
            ),
        ];
        for (query, n) in counts {
            assert_eq!(n, 0, "{query} against {b:?}");
        }
    }
    pc_mask_free(m);
}

#[test]
fn a_world_allocates_nothing_once_its_sprite_count_stops_growing() {
    let m = disc(16);
    let sprites: Vec<pc_sprite> = (0..200)
        .map(|i| at(m, (i % 20) as f32 * 12.0, (i / 20) as f32 * 12.0, i as f32))
        .collect();
    let mut w = pc_world::default();
    assert_eq!(unsafe { pc_world_new(&mut w) }, pc_status::PC_OK);
    let mut pairs = pc_pairs {
        pairs: std::ptr::null(),
        count: 0,
    };
    for _ in 0..3 {
        assert_eq!(
            unsafe { pc_world_touching_pairs(w, sprites.as_ptr(), sprites.len(), &mut pairs) },
            pc_status::PC_OK
        );
    }
    assert!(
        pairs.count > 100,
        "discs 12 px apart with radius 8 touch their neighbours"
    );
    let moved: Vec<pc_sprite> = sprites
        .iter()
        .map(|s| at(s.mask, s.transform.tx + 0.5, s.transform.ty, 0.2))
        .collect();
    let n = allocations(|| {
        for frame in [&moved, &sprites, &moved] {
            unsafe { pc_world_touching_pairs(w, frame.as_ptr(), frame.len(), &mut pairs) };
        }
    });
    assert_eq!(n, 0);
    pc_world_free(w);
    pc_mask_free(m);
}
