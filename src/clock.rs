//! The clock for timings and dates, on the desktop and in the browser alike.
//!
//! `std::time::Instant` and `SystemTime` panic on `wasm32-unknown-unknown`, where the standard library
//! has no clock; there the page's `performance.now()` and `Date.now()` stand in. Nothing here ever feeds the simulation: the
//! world's time is its step count, so timings only ever reach reports like `wall_ms`.

/// A running timer, started by [`Stopwatch::start`].
#[derive(Clone, Copy, Debug)]
pub struct Stopwatch {
    #[cfg(not(target_arch = "wasm32"))]
    started: std::time::Instant,
    #[cfg(target_arch = "wasm32")]
    started: f64,
}

impl Stopwatch {
    /// A stopwatch started now.
    pub fn start() -> Stopwatch {
        Stopwatch {
            #[cfg(not(target_arch = "wasm32"))]
            started: std::time::Instant::now(),
            #[cfg(target_arch = "wasm32")]
            started: crate::web::monotonic_seconds(),
        }
    }

    /// Time since the start.
    pub fn elapsed(&self) -> std::time::Duration {
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.started.elapsed()
        }
        #[cfg(target_arch = "wasm32")]
        {
            let seconds = (crate::web::monotonic_seconds() - self.started).max(0.0);
            std::time::Duration::from_secs_f64(seconds)
        }
    }
}

/// Time since the Unix epoch, or `None` when the clock reads before it.
pub fn since_epoch() -> Option<std::time::Duration> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .ok()
    }
    #[cfg(target_arch = "wasm32")]
    {
        let seconds = crate::web::now_seconds();
        (seconds.is_finite() && seconds >= 0.0).then(|| std::time::Duration::from_secs_f64(seconds))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stopwatch_runs_forward_and_the_date_is_after_2020() {
        let watch = Stopwatch::start();
        let first = watch.elapsed();
        assert!(watch.elapsed() >= first);
        assert!(since_epoch().unwrap().as_secs() > 1_577_836_800);
    }
}
