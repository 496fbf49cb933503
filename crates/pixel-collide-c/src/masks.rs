//! Masks: made from RGBA bytes or PNG images, asked their size and texels, freed.

use std::ffi::{c_char, CStr};

use pixel_collide::{Mask, MaskError, MaskRule};

use crate::args::{call, mask, out, MASKS};
use crate::handles::Key;
use crate::status::*;
use crate::types::pc_mask;

/// The status a mask error is reported with.
fn status_of(e: &MaskError) -> pc_status {
    match e {
        MaskError::Decode { .. } => PC_DECODE,
        MaskError::Io { .. } => PC_IO,
        MaskError::ByteCount { .. } | MaskError::WordCount { .. } => PC_SHORT_BUFFER,
        _ => PC_INVALID_SIZE,
    }
}

/// Keeps `made` behind a new handle in `*result`, its tree built now so that no query allocates it.
fn keep(
    function: &str,
    made: Result<Mask, MaskError>,
    result: &mut pc_mask,
) -> Result<(), pc_status> {
    let mask = made.map_err(|e| fail(function, status_of(&e), format_args!("{e}")))?;
    mask.build_tree();
    let key = MASKS.insert(mask).ok_or_else(|| {
        fail(
            function,
            PC_TOO_MANY,
            format_args!("4,194,304 masks are live: free some first"),
        )
    })?;
    *result = pc_mask {
        index: key.index,
        generation: key.generation,
    };
    Ok(())
}

/// Makes a mask from `width` x `height` RGBA pixels, four bytes each, rows `stride` bytes apart
/// from the top left (0: rows packed, `width * 4`), a texel solid where its alpha is greater than
/// `alpha_threshold` (0 keeps every visible pixel). `length` is the buffer's size in bytes; a
/// quad of a sprite sheet is its first pixel's address, the sheet's stride and the bytes left.
#[no_mangle]
pub unsafe extern "C" fn pc_mask_from_rgba(
    rgba: *const u8,
    length: usize,
    width: u32,
    height: u32,
    stride: usize,
    alpha_threshold: u8,
    result: *mut pc_mask,
) -> pc_status {
    const F: &str = "pc_mask_from_rgba";
    call(F, || {
        let result = out(F, "result", result)?;
        if rgba.is_null() {
            return Err(fail(
                F,
                PC_NULL_POINTER,
                format_args!("rgba is a null pointer"),
            ));
        }
        if width == 0 || height == 0 {
            return Err(fail(
                F,
                PC_INVALID_SIZE,
                format_args!("the image is {width} x {height}: a mask needs at least one texel"),
            ));
        }
        if width > Mask::MAX_SIDE
            || height > Mask::MAX_SIDE
            || u64::from(width) * u64::from(height) > Mask::MAX_TEXELS
        {
            return Err(fail(
                F,
                PC_INVALID_SIZE,
                format_args!(
                    "the image is {width} x {height}: past the caps of {} on a side and {} texels",
                    Mask::MAX_SIDE,
                    Mask::MAX_TEXELS
                ),
            ));
        }
        let row = width as usize * 4;
        let stride = if stride == 0 { row } else { stride };
        if stride < row {
            return Err(fail(
                F,
                PC_INVALID_SIZE,
                format_args!(
                    "stride is {stride} bytes, shorter than a row of {width} pixels ({row} bytes)"
                ),
            ));
        }
        let needed = stride
            .checked_mul(height as usize - 1)
            .and_then(|n| n.checked_add(row));
        let Some(needed) = needed.filter(|&n| n <= length) else {
            return Err(fail(
                F,
                PC_SHORT_BUFFER,
                format_args!(
                    "rgba holds {length} bytes; {width} x {height} pixels {stride} bytes a row need {}",
                    needed.map_or("more than memory holds".to_string(), |n| n.to_string())
                ),
            ));
        };
        // Safety: the caller says `length` bytes are readable at `rgba`, and `needed` <= `length`.
        let bytes = unsafe { std::slice::from_raw_parts(rgba, needed) };
        let rule = MaskRule::alpha(alpha_threshold);
        let made = if stride == row {
            Mask::from_rgba(width, height, bytes, rule)
        } else {
            let packed: Vec<u8> = bytes
                .chunks(stride)
                .flat_map(|r| &r[..row])
                .copied()
                .collect();
            Mask::from_rgba(width, height, &packed, rule)
        };
        keep(F, made, result)
    })
}

/// Makes a mask from the PNG file at `path` (a NUL-terminated path in the system's encoding), a
/// texel solid where its alpha is greater than `alpha_threshold`. Images past 16,384 on a side or
/// 2^26 texels are refused before they are decoded.
#[no_mangle]
pub unsafe extern "C" fn pc_mask_from_png_file(
    path: *const c_char,
    alpha_threshold: u8,
    result: *mut pc_mask,
) -> pc_status {
    const F: &str = "pc_mask_from_png_file";
    call(F, || {
        let result = out(F, "result", result)?;
        if path.is_null() {
            return Err(fail(
                F,
                PC_NULL_POINTER,
                format_args!("path is a null pointer"),
            ));
        }
        // Safety: a non-null path is a NUL-terminated string, as the header says.
        let path = unsafe { CStr::from_ptr(path) };
        #[cfg(unix)]
        let path = {
            use std::os::unix::ffi::OsStrExt;
            std::path::Path::new(std::ffi::OsStr::from_bytes(path.to_bytes()))
        };
        #[cfg(not(unix))]
        let path = std::path::PathBuf::from(path.to_string_lossy().into_owned());
        keep(
            F,
            Mask::open(path, MaskRule::alpha(alpha_threshold)),
            result,
        )
    })
}

/// Makes a mask from the bytes of a PNG file, `length` of them at `png`, as
/// `pc_mask_from_png_file` reads a file.
#[no_mangle]
pub unsafe extern "C" fn pc_mask_from_png_bytes(
    png: *const u8,
    length: usize,
    alpha_threshold: u8,
    result: *mut pc_mask,
) -> pc_status {
    const F: &str = "pc_mask_from_png_bytes";
    call(F, || {
        let result = out(F, "result", result)?;
        if png.is_null() {
            return Err(fail(
                F,
                PC_NULL_POINTER,
                format_args!("png is a null pointer"),
            ));
        }
        // Safety: the caller says `length` bytes are readable at `png`.
        let bytes = unsafe { std::slice::from_raw_parts(png, length) };
        keep(
            F,
            Mask::decode(bytes, MaskRule::alpha(alpha_threshold)),
            result,
        )
    })
}

/// Frees the mask; its handle and every copy of it are answered with `PC_INVALID_HANDLE` from now
/// on (freeing it again included). No other thread may be inside a call that uses it.
#[no_mangle]
pub extern "C" fn pc_mask_free(m: pc_mask) -> pc_status {
    const F: &str = "pc_mask_free";
    call(F, || {
        mask(F, "mask", m)?;
        let key = Key {
            index: m.index,
            generation: m.generation,
        };
        MASKS.remove(key).map_err(|stale| {
            fail(
                F,
                PC_INVALID_HANDLE,
                format_args!("mask {}", stale.describe()),
            )
        })
    })
}

/// The mask's size in texels.
#[no_mangle]
pub unsafe extern "C" fn pc_mask_size(m: pc_mask, width: *mut u32, height: *mut u32) -> pc_status {
    const F: &str = "pc_mask_size";
    call(F, || {
        let (w, h) = (out(F, "width", width)?, out(F, "height", height)?);
        let mask = mask(F, "mask", m)?;
        (*w, *h) = (mask.width(), mask.height());
        Ok(())
    })
}

/// Whether the texel at column `x`, row `y` is solid; false outside the mask.
#[no_mangle]
pub unsafe extern "C" fn pc_mask_is_solid(
    m: pc_mask,
    x: i64,
    y: i64,
    solid: *mut bool,
) -> pc_status {
    const F: &str = "pc_mask_is_solid";
    call(F, || {
        let solid = out(F, "solid", solid)?;
        *solid = mask(F, "mask", m)?.is_solid(x, y);
        Ok(())
    })
}

/// How many texels are solid.
#[no_mangle]
pub unsafe extern "C" fn pc_mask_solid_count(m: pc_mask, count: *mut u64) -> pc_status {
    const F: &str = "pc_mask_solid_count";
    call(F, || {
        let count = out(F, "count", count)?;
        *count = mask(F, "mask", m)?.solid_count();
        Ok(())
    })
}
