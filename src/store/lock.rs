//! The config directory's save lock, so that several running games take turns saving.

use std::fs::{File, OpenOptions, TryLockError};
use std::io;
use std::path::Path;
use std::time::{Duration, Instant};

/// The file in the config directory that saves lock, so that several running games take turns; it is
/// never removed, since removing a lock file lets two games lock two different files.
pub const LOCK_FILE: &str = ".spinfall.lock";

/// How long a save waits for another game's save to finish before giving up.
const LOCK_WAIT: Duration = Duration::from_secs(5);

/// Takes the save lock of `dir`, waiting up to [`LOCK_WAIT`] for another game's save to finish; the
/// lock is released when the returned file is dropped (or the process ends, however it ends).
pub(super) fn lock(dir: &Path) -> io::Result<File> {
    let path = dir.join(LOCK_FILE);
    let named = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    let file = crate::files::open_regular(
        &path,
        OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false),
    )
    .map_err(named)?;
    let deadline = Instant::now() + LOCK_WAIT;
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(file),
            Err(TryLockError::WouldBlock) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(TryLockError::WouldBlock) => {
                return Err(named(io::Error::new(
                    io::ErrorKind::TimedOut,
                    format!(
                        "another Spinfall held the save lock for {} s",
                        LOCK_WAIT.as_secs()
                    ),
                )))
            }
            // A file system without locks still gets atomic saves; only concurrent ones may race.
            Err(TryLockError::Error(e)) if e.kind() == io::ErrorKind::Unsupported => {
                return Ok(file)
            }
            Err(TryLockError::Error(e)) => return Err(named(e)),
        }
    }
}
