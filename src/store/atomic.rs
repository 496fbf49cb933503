//! Writing a file atomically through a temporary one, and tidying the temporary files of saves that
//! were killed mid-write.

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::format::{SCORES_FILE, SETTINGS_FILE};

/// The age past which a temporary file is tidied even when a process of its id runs: a save writes
/// its file in milliseconds, and process ids are reused.
const STALE_TEMPORARY: Duration = Duration::from_secs(60);

/// Writes `bytes` to a temporary file next to `path`, syncs it, then renames it over `path`.
///
/// The temporary file is in the same directory because a rename is only atomic within one file system.
pub(crate) fn write_atomically(dir: &Path, path: &Path, bytes: &[u8]) -> io::Result<()> {
    fs::create_dir_all(dir)?;
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(temporary_name(&file_name, std::process::id()));
    let result = (|| {
        // A file of this name is left over from a killed process that had the same id; a new one is
        // made rather than the old one written through (it could be a link to anywhere).
        let _ = fs::remove_file(&tmp);
        let mut file = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
        return result;
    }
    // Syncing the directory makes the rename itself durable; not every platform allows opening one.
    #[cfg(unix)]
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Removes the temporary files in `dir` of saves that were killed mid-write (see
/// [`Store::tidy_temporary_files`](super::Store::tidy_temporary_files)) and returns them.
pub(super) fn tidy_temporary_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let now = SystemTime::now();
    let mut removed = Vec::new();
    for entry in entries.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(temporary_pid) else {
            continue;
        };
        // Not followed through a link: a temporary file is always a plain file.
        let Ok(meta) = entry.metadata() else { continue };
        if !meta.is_file() {
            continue;
        }
        let old = meta
            .modified()
            .ok()
            .and_then(|at| now.duration_since(at).ok())
            .is_some_and(|age| age > STALE_TEMPORARY);
        if (old || process_runs(pid) == Some(false)) && fs::remove_file(entry.path()).is_ok() {
            removed.push(entry.path());
        }
    }
    removed
}

/// The temporary name a save of `file_name` by process `pid` writes first.
fn temporary_name(file_name: &str, pid: u32) -> String {
    format!(".{file_name}.tmp-{pid}")
}

/// The process id in a temporary file name of this game's own making, or `None` for any other name.
fn temporary_pid(name: &str) -> Option<u32> {
    let rest = name.strip_prefix('.')?;
    let pid = [SETTINGS_FILE, SCORES_FILE]
        .iter()
        .find_map(|file| rest.strip_prefix(file)?.strip_prefix(".tmp-"))?;
    if pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    pid.parse().ok()
}

/// Whether a process with id `pid` exists, where the system shows it (Linux's `/proc`); `None` where
/// it cannot be told, so only the age rule applies.
fn process_runs(pid: u32) -> Option<bool> {
    let proc = Path::new("/proc");
    proc.join("self")
        .exists()
        .then(|| proc.join(pid.to_string()).exists())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_support::{file_names, store_in};
    use crate::store::{HighScores, Settings, LOCK_FILE};

    #[test]
    fn atomic_write_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let store = store_in(&dir);
        store.save_settings(&Settings::default()).unwrap();
        store.save_settings(&Settings::default()).unwrap();
        store.save_scores(&HighScores::default()).unwrap();
        // The lock file stays: it is not temporary.
        assert_eq!(
            file_names(dir.path()),
            vec![
                LOCK_FILE.to_string(),
                SCORES_FILE.to_string(),
                SETTINGS_FILE.to_string()
            ]
        );
    }

    #[test]
    fn stale_temporary_files_are_tidied_and_live_ones_kept() {
        let dir = tempfile::tempdir().unwrap();
        let put = |name: &str| {
            let path = dir.path().join(name);
            fs::write(&path, b"{}").unwrap();
            path
        };
        // Linux never hands out process ids above 2^22, so this one cannot be running.
        let dead = put(".scores.json.tmp-99999999");
        let running = put(&format!(".settings.json.tmp-{}", std::process::id()));
        let old = put(&format!(".scores.json.tmp-{}", std::process::id()));
        let an_hour_ago = SystemTime::now() - Duration::from_secs(3600);
        fs::File::options()
            .write(true)
            .open(&old)
            .unwrap()
            .set_modified(an_hour_ago)
            .unwrap();
        let others = [
            put(".scores.json.tmp-12ab"),
            put(".notes.json.tmp-99999999"),
            put("scores.json.tmp-99999999"),
            put(".scores.json.tmp-"),
        ];
        let mut removed = store_in(&dir).tidy_temporary_files();
        removed.sort();
        let mut expected = vec![old, dead.clone()];
        if process_runs(99_999_999).is_none() {
            // Without /proc only age tells: the dead process's fresh file stays for now.
            expected.retain(|p| *p != dead);
        }
        expected.sort();
        assert_eq!(removed, expected);
        assert!(running.exists());
        assert!(others.iter().all(|p| p.exists()));
    }
}
