//! When a call lets other Python threads run while it works: only when its work is long enough to
//! be worth handing the interpreter over and back.

use pyo3::Python;

/// Words of work past which a call lets other Python threads run while it works: below it, handing
/// the interpreter over and back costs more than the call.
pub const DETACH_WORDS: u64 = 1 << 12;

/// Runs `work` with the interpreter free for other threads when `words` say it is long.
pub fn maybe_detach<T: Send>(py: Python<'_>, words: u64, work: impl FnOnce() -> T + Send) -> T {
    if words >= DETACH_WORDS {
        py.detach(work)
    } else {
        work()
    }
}
