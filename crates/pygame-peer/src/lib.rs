//! pygame's C bitmask as a peer for pixel-collide's speed report: the same masks, timed side by side.
//!
//! pygame's `src_c/bitmask.c` is fetched and compiled by the build script only when asked (see
//! `build.rs`), at `-O2` (as pygame's own wheels are built) and at `-O3 -march=native` (hardware
//! popcount and wide registers). [`status`] says whether it is here and, if not, why.

#![warn(missing_docs)]

/// Whether pygame's bitmask was compiled into this build, or why not.
pub fn status() -> Result<(), &'static str> {
    const STATUS: &str = include_str!(concat!(env!("OUT_DIR"), "/status.txt"));
    if STATUS == "ok" {
        Ok(())
    } else {
        Err(STATUS)
    }
}

/// Which compiled copy of pygame's bitmask to call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Build {
    /// `-O2`: how pygame's wheels are built.
    O2,
    /// `-O3 -march=native`: hardware popcount and the widest registers this CPU has.
    O3Native,
}

#[cfg(pygame)]
mod ffi {
    use std::os::raw::{c_int, c_uint};

    /// pygame's `bitmask_t` header; the words follow it.
    #[repr(C)]
    pub struct BitmaskT {
        pub w: c_int,
        pub h: c_int,
        pub bits: [std::os::raw::c_ulong; 1],
    }

    macro_rules! build {
        ($name:ident, $create:ident, $free:ident, $overlap:ident, $area:ident) => {
            pub mod $name {
                use super::*;
                extern "C" {
                    pub fn $create(w: c_int, h: c_int) -> *mut BitmaskT;
                    pub fn $free(m: *mut BitmaskT);
                    pub fn $overlap(
                        a: *const BitmaskT,
                        b: *const BitmaskT,
                        x: c_int,
                        y: c_int,
                    ) -> c_int;
                    pub fn $area(
                        a: *const BitmaskT,
                        b: *const BitmaskT,
                        x: c_int,
                        y: c_int,
                    ) -> c_int;
                }
                pub use {
                    $area as overlap_area, $create as create, $free as free, $overlap as overlap,
                };
            }
        };
    }
    build!(
        o2,
        pg_o2_bitmask_create,
        pg_o2_bitmask_free,
        pg_o2_bitmask_overlap,
        pg_o2_bitmask_overlap_area
    );
    build!(
        o3n,
        pg_o3n_bitmask_create,
        pg_o3n_bitmask_free,
        pg_o3n_bitmask_overlap,
        pg_o3n_bitmask_overlap_area
    );
    #[allow(dead_code)]
    pub type Count = c_uint;
}

/// A pygame bitmask (64-texel-wide vertical strips, column-major), owned and freed by this value.
#[cfg(pygame)]
pub struct PgMask {
    ptr: *mut ffi::BitmaskT,
    build: Build,
}

/// A pygame bitmask; without pygame in this build there are none (see [`status`]).
#[cfg(not(pygame))]
pub struct PgMask {
    never: std::convert::Infallible,
}

#[cfg(not(pygame))]
impl PgMask {
    /// Always [`status`]'s reason: pygame was not compiled into this build.
    pub fn from_fn(
        _build: Build,
        _width: u32,
        _height: u32,
        _solid: impl Fn(u32, u32) -> bool,
    ) -> Result<Self, &'static str> {
        Err(status().err().unwrap_or("pygame is not in this build"))
    }

    /// Unreachable: no mask exists without pygame.
    pub fn overlaps(&self, _other: &PgMask, _dx: i32, _dy: i32) -> bool {
        match self.never {}
    }

    /// Unreachable: no mask exists without pygame.
    pub fn overlap_area(&self, _other: &PgMask, _dx: i32, _dy: i32) -> u64 {
        match self.never {}
    }

    /// Bytes pygame would allocate for a mask of this size: the header and its words.
    pub fn heap_bytes(width: u32, height: u32) -> usize {
        heap_bytes(width, height)
    }
}

/// Bytes pygame allocates for a `width` x `height` mask: two ints and its 64-bit words.
fn heap_bytes(width: u32, height: u32) -> usize {
    let words = (width as usize).div_ceil(64).max(1) * (height as usize).max(1);
    2 * 4 + words * 8
}

#[cfg(pygame)]
impl PgMask {
    /// A `width` x `height` mask in `build`'s copy, with the texels for which `solid` is true set.
    pub fn from_fn(
        build: Build,
        width: u32,
        height: u32,
        solid: impl Fn(u32, u32) -> bool,
    ) -> Result<Self, &'static str> {
        let (w, h) = (width as i32, height as i32);
        // SAFETY: bitmask_create allocates a cleared mask of w x h (w, h >= 0) or returns null.
        let ptr = unsafe {
            match build {
                Build::O2 => ffi::o2::create(w, h),
                Build::O3Native => ffi::o3n::create(w, h),
            }
        };
        assert!(
            !ptr.is_null(),
            "pygame could not allocate a {width} x {height} mask"
        );
        let bits_per_word = 8 * std::mem::size_of::<std::os::raw::c_ulong>();
        // SAFETY: the words follow the header; there are ceil(w / word) * h of them, column-major,
        // as bitmask.h's bitmask_setbit indexes them.
        unsafe {
            let words = std::ptr::addr_of_mut!((*ptr).bits).cast::<std::os::raw::c_ulong>();
            for y in 0..height {
                for x in 0..width {
                    if solid(x, y) {
                        let i = (x as usize / bits_per_word) * height as usize + y as usize;
                        *words.add(i) |= 1 << (x as usize % bits_per_word);
                    }
                }
            }
        }
        Ok(PgMask { ptr, build })
    }

    /// Whether `other`, placed at (`dx`, `dy`) from this mask, shares a set texel with it.
    pub fn overlaps(&self, other: &PgMask, dx: i32, dy: i32) -> bool {
        // SAFETY: both pointers are live masks this crate created.
        unsafe {
            match self.build {
                Build::O2 => ffi::o2::overlap(self.ptr, other.ptr, dx, dy) != 0,
                Build::O3Native => ffi::o3n::overlap(self.ptr, other.ptr, dx, dy) != 0,
            }
        }
    }

    /// How many set texels the two share with `other` at (`dx`, `dy`).
    pub fn overlap_area(&self, other: &PgMask, dx: i32, dy: i32) -> u64 {
        // SAFETY: both pointers are live masks this crate created.
        let n = unsafe {
            match self.build {
                Build::O2 => ffi::o2::overlap_area(self.ptr, other.ptr, dx, dy),
                Build::O3Native => ffi::o3n::overlap_area(self.ptr, other.ptr, dx, dy),
            }
        };
        n.max(0) as u64
    }

    /// Bytes pygame allocates for a mask of this size: the header and its words.
    pub fn heap_bytes(width: u32, height: u32) -> usize {
        heap_bytes(width, height)
    }
}

#[cfg(pygame)]
impl Drop for PgMask {
    fn drop(&mut self) {
        // SAFETY: the pointer came from this build's bitmask_create and is freed once.
        unsafe {
            match self.build {
                Build::O2 => ffi::o2::free(self.ptr),
                Build::O3Native => ffi::o3n::free(self.ptr),
            }
        }
    }
}

#[cfg(all(test, pygame))]
mod tests {
    use super::*;

    #[test]
    fn both_builds_agree_with_counted_texels() {
        for build in [Build::O2, Build::O3Native] {
            let a = PgMask::from_fn(build, 70, 9, |x, y| (x + y) % 3 == 0).unwrap();
            let b = PgMask::from_fn(build, 5, 130, |x, _| x != 2).unwrap();
            for (dx, dy) in [(0, 0), (66, 4), (-3, -100), (69, 8), (70, 0)] {
                let mut count = 0;
                for y in 0..9i32 {
                    for x in 0..70i32 {
                        let (bx, by) = (x - dx, y - dy);
                        let in_b = (0..5).contains(&bx) && (0..130).contains(&by) && bx != 2;
                        count += u64::from((x + y) % 3 == 0 && in_b);
                    }
                }
                assert_eq!(a.overlap_area(&b, dx, dy), count, "{build:?} {dx},{dy}");
                assert_eq!(a.overlaps(&b, dx, dy), count > 0, "{build:?} {dx},{dy}");
            }
        }
    }
}
