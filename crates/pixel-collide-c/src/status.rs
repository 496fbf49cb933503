//! What every call that can fail returns, and the message of the last failure on a thread.

use std::cell::RefCell;
use std::ffi::c_char;
use std::fmt;
use std::io::Write;

/// What a call did: `PC_OK`, or why it did nothing (the message says what and where).
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum pc_status {
    /// The call did what it says; its outputs are written.
    PC_OK = 0,
    /// A pointer argument that must point somewhere is null.
    PC_NULL_POINTER = 1,
    /// A handle that is null, was freed (a use after free or a double free) or was never made.
    PC_INVALID_HANDLE = 2,
    /// A number outside its domain: NaN or infinite in a matrix, point or size, a negative radius.
    PC_INVALID_NUMBER = 3,
    /// An image size of zero, past the library's caps, or a row stride shorter than a row.
    PC_INVALID_SIZE = 4,
    /// A buffer shorter than the size it is said to hold.
    PC_SHORT_BUFFER = 5,
    /// Bytes that are not a PNG image the decoder reads.
    PC_DECODE = 6,
    /// A file that could not be read.
    PC_IO = 7,
    /// More live handles, or more sprites in one world call, than the library counts.
    PC_TOO_MANY = 8,
    /// A bug in the library, caught at the boundary (please report the message).
    PC_INTERNAL = 9,
}

pub use pc_status::*;

/// Room for one message, kept per thread so that a failure allocates nothing.
const MESSAGE_ROOM: usize = 512;

thread_local! {
    static LAST_ERROR: RefCell<[u8; MESSAGE_ROOM]> = const { RefCell::new([0; MESSAGE_ROOM]) };
}

/// Records `message` (cut at the room, on a character boundary) as the thread's last error and
/// returns `status`.
pub(crate) fn fail(function: &str, status: pc_status, message: fmt::Arguments<'_>) -> pc_status {
    LAST_ERROR.with(|cell| {
        let mut room = cell.borrow_mut();
        let mut cursor = std::io::Cursor::new(&mut room[..MESSAGE_ROOM - 1]);
        // A message longer than the room is cut; what fits is still the start of a clear line.
        let _ = write!(cursor, "{function}: {message}");
        let mut end = cursor.position() as usize;
        while end > 0 && std::str::from_utf8(&room[..end]).is_err() {
            end -= 1;
        }
        room[end] = 0;
    });
    status
}

/// The message of the last call that failed on this thread (empty when none has): one line naming
/// the function, the argument and what was wrong with it. Valid until the next failing call on
/// the same thread; never null.
#[no_mangle]
pub extern "C" fn pc_last_error_message() -> *const c_char {
    LAST_ERROR.with(|cell| cell.as_ptr().cast::<c_char>())
}

/// The name of a status as written in the header (`"PC_OK"`, `"PC_INVALID_HANDLE"`, ...), or
/// `"PC_UNKNOWN_STATUS"` for a number that is none; never null.
#[no_mangle]
pub extern "C" fn pc_status_name(status: i32) -> *const c_char {
    let name: &'static [u8] = match status {
        0 => b"PC_OK\0",
        1 => b"PC_NULL_POINTER\0",
        2 => b"PC_INVALID_HANDLE\0",
        3 => b"PC_INVALID_NUMBER\0",
        4 => b"PC_INVALID_SIZE\0",
        5 => b"PC_SHORT_BUFFER\0",
        6 => b"PC_DECODE\0",
        7 => b"PC_IO\0",
        8 => b"PC_TOO_MANY\0",
        9 => b"PC_INTERNAL\0",
        _ => b"PC_UNKNOWN_STATUS\0",
    };
    name.as_ptr().cast()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    fn last() -> String {
        unsafe { CStr::from_ptr(pc_last_error_message()) }
            .to_str()
            .unwrap()
            .to_owned()
    }

    #[test]
    fn a_failure_names_its_function_and_keeps_its_status() {
        assert_eq!(
            fail("pc_f", PC_SHORT_BUFFER, format_args!("rgba: 3 bytes")),
            PC_SHORT_BUFFER
        );
        assert_eq!(last(), "pc_f: rgba: 3 bytes");
    }

    #[test]
    fn a_message_past_the_room_is_cut_on_a_character_boundary() {
        let long = "é".repeat(MESSAGE_ROOM);
        fail("pc_f", PC_DECODE, format_args!("{long}"));
        let message = last();
        assert!(message.len() < MESSAGE_ROOM && message.starts_with("pc_f: é"));
    }

    #[test]
    fn every_status_has_its_header_name() {
        for (status, name) in [(PC_OK, "PC_OK"), (PC_INTERNAL, "PC_INTERNAL")] {
            let got = unsafe { CStr::from_ptr(pc_status_name(status as i32)) };
            assert_eq!(got.to_str().unwrap(), name);
        }
        let unknown = unsafe { CStr::from_ptr(pc_status_name(-1)) };
        assert_eq!(unknown.to_str().unwrap(), "PC_UNKNOWN_STATUS");
    }
}
