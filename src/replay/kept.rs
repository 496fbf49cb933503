//! Replays kept next to the scores: their file names, keeping one, and pruning those no table names.

use std::path::{Path, PathBuf};

use super::{Replay, ReplayError};

/// Where the game keeps replay `id`: `replay-<id>.json` in the config directory `dir`, next to the
/// scores whose entries name it.
pub fn kept_path(dir: &Path, id: u64) -> PathBuf {
    dir.join(format!("replay-{id}.json"))
}

/// The id of a kept replay's file name, if it is one (`replay-<digits>.json`).
fn kept_id(name: &std::ffi::OsStr) -> Option<u64> {
    let digits = name
        .to_str()?
        .strip_prefix("replay-")?
        .strip_suffix(".json")?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// Saves `replay` in the config directory `dir` under a new id (from the clock, so ids grow over
/// time) and returns the id.
pub fn keep(dir: &Path, replay: &Replay) -> Result<u64, ReplayError> {
    let micros = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_micros() as u64)
        .unwrap_or(0);
    let id = (micros..micros.saturating_add(1000))
        .find(|&id| !kept_path(dir, id).exists())
        .unwrap_or(micros);
    replay.save(&kept_path(dir, id))?;
    Ok(id)
}

/// Deletes every kept replay in the config directory `dir` whose id is not in `keep`, so that only
/// the replays the score tables name (and the last game's) stay; returns how many were deleted.
///
/// Only files named exactly as [`kept_path`] names them are touched.
pub fn prune(dir: &Path, keep: &[u64]) -> std::io::Result<usize> {
    prune_settled(dir, keep, std::time::Duration::ZERO)
}

/// How long a kept replay no table names yet is left alone: the moment between another running game
/// keeping its replay and saving the score entry that names it.
pub const REPLAY_SETTLE: std::time::Duration = std::time::Duration::from_secs(60);

/// [`prune`], sparing the replays written less than `settle` ago.
pub fn prune_settled(
    dir: &Path,
    keep: &[u64],
    settle: std::time::Duration,
) -> std::io::Result<usize> {
    let mut deleted = 0;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let Some(id) = kept_id(&entry.file_name()) else {
            continue;
        };
        let meta = entry.metadata()?;
        // A clock that runs backwards counts as fresh: keeping a file is the safe mistake.
        let settled = meta
            .modified()
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age >= settle);
        if !keep.contains(&id) && meta.is_file() && settled {
            std::fs::remove_file(entry.path())?;
            deleted += 1;
        }
    }
    Ok(deleted)
}

/// Deletes the kept replays in `store`'s directory that neither `keep` (this game's tables and its
/// last game) nor the high scores on disk name, under the store's save lock, sparing those written
/// in the last [`REPLAY_SETTLE`]; returns how many were deleted.
///
/// Another game sharing the directory saves its scores under the same lock, so its entries are on
/// disk (and kept) or it has not saved yet (and its fresh replay is spared).
pub fn prune_unnamed(store: &crate::store::Store, keep: &[u64]) -> std::io::Result<usize> {
    store
        .with_saved_scores(|dir, saved| {
            let mut named: Vec<u64> = saved.replays().collect();
            named.extend_from_slice(keep);
            prune_settled(dir, &named, REPLAY_SETTLE)
        })
        .map_err(|e| std::io::Error::other(e.to_string()))?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_kept_replay_names_have_ids() {
        let id = |name: &str| kept_id(std::ffi::OsStr::new(name));
        assert_eq!(id("replay-17.json"), Some(17));
        assert_eq!(
            kept_path(Path::new("/c"), 17),
            Path::new("/c/replay-17.json")
        );
        for other in [
            "replay-.json",
            "replay-1a.json",
            "replay-+1.json",
            "replay-1.json.tmp",
            "scores.json",
            "replay-99999999999999999999999.json",
        ] {
            assert_eq!(id(other), None, "{other}");
        }
    }
}
