//! Reading files the player controls (assets, settings, scores) without trusting them.
//!
//! A path can name a named pipe, a device or a symbolic link to one, or a file far larger than the
//! game could want. [`read_capped`] reads only regular files and only up to a limit, and says in a
//! few words why it refused, so that a hostile or mistaken file is one line rather than a hang or
//! gigabytes of memory.

use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

/// Reads the whole of `path` if it is a regular file (or a link to one) of at most `limit` bytes.
///
/// A missing file keeps its [`io::ErrorKind::NotFound`]; anything that is not a regular file is an
/// [`io::ErrorKind::InvalidInput`] error saying what it is, and a larger file an
/// [`io::ErrorKind::FileTooLarge`] error giving its size and the limit.
pub fn read_capped(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let file = open_regular(path, OpenOptions::new().read(true))?;
    let size = file.metadata()?.len();
    if size > limit {
        return Err(too_large(Some(size), limit));
    }
    // The size can change under us, and some regular files (in /proc) report none: the read itself
    // stops one byte past the limit.
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_large(None, limit));
    }
    Ok(bytes)
}

/// Opens `path` with `options` and checks, on the opened file, that it is a regular file.
///
/// On Unix the open does not block: opening a named pipe for reading would otherwise wait for a
/// writer forever. Checking the opened file rather than the path leaves no gap in which the path
/// could be swapped for something else.
pub fn open_regular(path: &Path, options: &mut OpenOptions) -> io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let kind = file.metadata()?.file_type();
    if !kind.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{}, not a regular file", describe_kind(&kind)),
        ));
    }
    Ok(file)
}

/// What kind of file system object something that is not a regular file is, for messages.
fn describe_kind(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a named pipe";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a directory"
    } else {
        "a special file"
    }
}

/// The error for a file over `limit` bytes; `size` when it is known.
fn too_large(size: Option<u64>, limit: u64) -> io::Error {
    let text = match size {
        Some(size) => format!(
            "too large: {}, more than the {} limit",
            bytes(size),
            bytes(limit)
        ),
        None => format!("too large: more than the {} limit", bytes(limit)),
    };
    io::Error::new(io::ErrorKind::FileTooLarge, text)
}

/// A byte count as people read it: `512 bytes`, `8 MiB`, `114.4 MiB`.
pub fn bytes(n: u64) -> String {
    const KIB: u64 = 1 << 10;
    const MIB: u64 = 1 << 20;
    const GIB: u64 = 1 << 30;
    let (unit, name) = match n {
        n if n >= GIB => (GIB, "GiB"),
        n if n >= MIB => (MIB, "MiB"),
        n if n >= KIB => (KIB, "KiB"),
        _ => return format!("{n} bytes"),
    };
    if n.is_multiple_of(unit) {
        format!("{} {name}", n / unit)
    } else {
        format!("{:.1} {name}", n as f64 / unit as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regular_files_up_to_the_limit_are_read_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, b"0123456789").unwrap();
        assert_eq!(read_capped(&path, 10).unwrap(), b"0123456789");
        let err = read_capped(&path, 9).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::FileTooLarge);
        assert_eq!(
            err.to_string(),
            "too large: 10 bytes, more than the 9 bytes limit"
        );
        let missing = read_capped(&dir.path().join("nothing"), 10).unwrap_err();
        assert_eq!(missing.kind(), io::ErrorKind::NotFound);
    }

    #[test]
    fn directories_are_refused_by_name() {
        let dir = tempfile::tempdir().unwrap();
        let err = read_capped(dir.path(), 1 << 20).unwrap_err();
        assert_eq!(err.to_string(), "a directory, not a regular file");
    }

    #[cfg(unix)]
    #[test]
    fn named_pipes_and_devices_are_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let err = read_capped(&fifo, 1 << 20).unwrap_err();
            assert_eq!(err.to_string(), "a named pipe, not a regular file");
        }
        let zero = dir.path().join("zero");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        let err = read_capped(&zero, 1 << 20).unwrap_err();
        assert_eq!(err.to_string(), "a device, not a regular file");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn files_that_report_no_size_are_still_capped() {
        // Files in /proc say they are empty and then produce text.
        let err = read_capped(Path::new("/proc/self/maps"), 16).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::FileTooLarge);
        assert!(
            err.to_string().contains("more than the 16 bytes limit"),
            "{err}"
        );
    }

    #[test]
    fn byte_counts_read_naturally() {
        assert_eq!(bytes(512), "512 bytes");
        assert_eq!(bytes(8 << 20), "8 MiB");
        assert_eq!(bytes(120_000_000), "114.4 MiB");
        assert_eq!(bytes(3 << 30), "3 GiB");
    }
}
