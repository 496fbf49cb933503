//! Settings and high scores kept between runs, as small JSON files in the platform's config directory.
//!
//! Engine-free so it can be tested without a window. Two files live side by side: `settings.json` and
//! `scores.json`, so that a damaged one never costs the other. Loading never fails: a missing, empty,
//! unreadable or corrupt file yields defaults plus a [`Problem`] the caller reports as one line. A corrupt
//! file (not JSON, or JSON of another shape: an unknown key, a wrong type, an array where an object
//! belongs) is renamed aside (`scores.json.corrupt-<unix time>`) so the player's data is never silently
//! overwritten; a file that cannot be read or moved, or that a newer Spinfall wrote, is left untouched and
//! this run saves nothing over it. Saving writes a temporary file in the same directory, syncs it and
//! renames it over the old file, so a crash or power cut leaves either the old or the new contents, never
//! half of each. Several games may run at once: a save takes the directory's lock, reads the file again
//! and merges the high scores on disk into its own before writing, so no game's scores are lost. Only
//! regular files of at most [`MAX_SAVE_BYTES`] are read; a named pipe, a device or a larger file counts
//! as unreadable.
//!
//! ```
//! use spinfall::store::{ScoreEntry, Store};
//!
//! let dir = tempfile::tempdir().unwrap();
//! let mut store = Store::new(Some(dir.path().to_path_buf()));
//! let mut scores = store.load_scores().value;
//! scores.arcade.record(ScoreEntry { score: 420, seed: 7, unix_time: 0, replay: None, speed: None });
//! store.save_scores(&scores).unwrap();
//! assert_eq!(store.load_scores().value.arcade.best(), Some(420));
//! ```

mod atomic;
mod format;
mod keyed;
mod location;
mod lock;
mod problems;
mod scores;
mod settings;
#[cfg(test)]
mod test_support;
#[cfg(target_arch = "wasm32")]
mod web;

use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::Serialize;

pub(crate) use atomic::write_atomically;
use format::{FileFormat, Undecodable};
pub use format::{FORMAT_VERSION, MAX_SAVE_BYTES, SCORES_FILE, SETTINGS_FILE};
pub use keyed::{KeyedStore, Keys, KEY_PREFIX};
pub use location::{config_dir, CONFIG_DIR_ENV};
pub use lock::LOCK_FILE;
pub use problems::{Loaded, Problem, SaveError};
pub use scores::{unix_now, HighScores, ScoreEntry, Table, TABLE_LEN};
pub use settings::{ModeKey, Settings};
#[cfg(target_arch = "wasm32")]
pub use web::{LocalStorage, PageStore};

/// Where settings and scores live, and the files this run must not overwrite.
#[derive(Debug)]
pub struct Store {
    dir: Option<PathBuf>,
    /// Files this run could not use and did not move aside: saving over them would silently lose them.
    protected: HashSet<PathBuf>,
}

impl Store {
    /// A store in `dir`; `None` keeps nothing (every load gives defaults, every save fails).
    pub fn new(dir: Option<PathBuf>) -> Store {
        Store {
            dir,
            protected: HashSet::new(),
        }
    }

    /// A store in [`config_dir`].
    pub fn from_env() -> Store {
        Store::new(config_dir())
    }

    /// The directory the files live in.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// Loads the settings; never fails.
    pub fn load_settings(&mut self) -> Loaded<Settings> {
        self.load(SETTINGS_FILE)
    }

    /// Loads the high scores; never fails.
    pub fn load_scores(&mut self) -> Loaded<HighScores> {
        self.load(SCORES_FILE)
    }

    /// Saves the settings atomically.
    pub fn save_settings(&self, settings: &Settings) -> Result<(), SaveError> {
        self.save(SETTINGS_FILE, settings)
    }

    /// Saves the high scores atomically, keeping the scores another running game saved meanwhile.
    pub fn save_scores(&self, scores: &HighScores) -> Result<(), SaveError> {
        self.save(SCORES_FILE, scores)
    }

    fn load<T: FileFormat>(&mut self, name: &str) -> Loaded<T> {
        let (mut value, problem) = match self.read::<T>(name) {
            Ok(value) => (value, None),
            Err(problem) => {
                if let (true, Some(dir)) = (problem.protects(), self.dir.as_deref()) {
                    self.protected.insert(dir.join(name));
                }
                (T::default(), Some(problem))
            }
        };
        value.sanitise();
        let place = self
            .dir
            .as_deref()
            .map_or_else(|| name.to_string(), |d| d.join(name).display().to_string());
        let warnings = value
            .take_warnings()
            .into_iter()
            .map(|line| format!("{place}: {line}"))
            .collect();
        Loaded {
            value,
            problem,
            warnings,
        }
    }

    /// Reads and checks one file; a damaged file is set aside.
    fn read<T: FileFormat>(&self, name: &str) -> Result<T, Problem> {
        let dir = self.dir.as_ref().ok_or(Problem::NoDirectory)?;
        if dir.exists() && !dir.is_dir() {
            return Err(Problem::NotADirectory(dir.clone()));
        }
        let path = dir.join(name);
        let bytes = match crate::files::read_capped(&path, MAX_SAVE_BYTES) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(Problem::Missing(path)),
            Err(e) => return Err(Problem::Unreadable(path, e)),
        };
        match format::decode::<T>(&bytes) {
            Ok(value) => Ok(value),
            Err(Undecodable::Empty) => Err(Problem::Empty(path)),
            Err(Undecodable::Newer(version)) => Err(Problem::Newer { path, version }),
            Err(Undecodable::Damaged(error)) => {
                let set_aside = problems::set_aside(&path);
                Err(Problem::Corrupt {
                    path,
                    error,
                    set_aside,
                })
            }
        }
    }

    /// Saves `value` as `name`, merged with what another game may have saved since this one loaded.
    ///
    /// The directory's lock is held from reading the file on disk until the new one is in place, so
    /// two games saving at once take turns and the second merges what the first wrote.
    fn save<T: FileFormat + Serialize + Clone>(
        &self,
        name: &str,
        value: &T,
    ) -> Result<(), SaveError> {
        let dir = self.dir.as_deref().ok_or(SaveError::NoDirectory)?;
        let path = dir.join(name);
        if self.protected.contains(&path) {
            return Err(SaveError::Protected(path));
        }
        fs::create_dir_all(dir).map_err(|e| SaveError::Io(path.clone(), e))?;
        let lock = lock::lock(dir).map_err(|e| SaveError::Io(path.clone(), e))?;
        let mut value = value.clone();
        match self.read::<T>(name) {
            Ok(mut saved) => {
                saved.sanitise();
                value.merge_saved(saved);
            }
            Err(problem) if problem.protects() => return Err(SaveError::Protected(path)),
            // Missing, empty, or damaged and now set aside: there is nothing on disk to keep.
            Err(_) => {}
        }
        let mut json =
            serde_json::to_vec_pretty(&value).map_err(|e| SaveError::Io(path.clone(), e.into()))?;
        json.push(b'\n');
        let written = write_atomically(dir, &path, &json).map_err(|e| SaveError::Io(path, e));
        drop(lock);
        written
    }

    /// Runs `tidy` on the directory, with the high scores on disk, while holding the directory's save
    /// lock: another game cannot save meanwhile, so what `tidy` removes is judged against every table
    /// saved so far. Fails, without running `tidy`, when there is no directory, the lock cannot be
    /// had, or the scores on disk cannot be read (they may name files this game does not know of).
    pub fn with_saved_scores<T>(
        &self,
        tidy: impl FnOnce(&Path, &HighScores) -> T,
    ) -> Result<T, SaveError> {
        let dir = self.dir.as_deref().ok_or(SaveError::NoDirectory)?;
        let path = dir.join(SCORES_FILE);
        let lock = lock::lock(dir).map_err(|e| SaveError::Io(path.clone(), e))?;
        let saved = match self.read::<HighScores>(SCORES_FILE) {
            Ok(mut saved) => {
                saved.sanitise();
                saved
            }
            Err(Problem::Missing(_)) => HighScores::default(),
            Err(_) => return Err(SaveError::Protected(path)),
        };
        let result = tidy(dir, &saved);
        drop(lock);
        Ok(result)
    }

    /// Removes the temporary files of saves that were killed mid-write (the game's own
    /// `.<file>.tmp-<process id>` names only): those whose process no longer runs, and any older than
    /// a minute. Returns the files removed.
    pub fn tidy_temporary_files(&self) -> Vec<PathBuf> {
        self.dir
            .as_deref()
            .map_or_else(Vec::new, atomic::tidy_temporary_files)
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::{entry, file_names, store_in};
    use super::*;
    use std::fs::File;
    use std::time::Duration;

    #[test]
    fn round_trip_settings_and_scores() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = store_in(&dir);
        let settings = Settings {
            reduce_flashing: true,
            last_mode: ModeKey::Classic,
            volume: 0.25,
            rumble: false,
            ..Settings::default()
        };
        let mut scores = HighScores::default();
        scores.arcade.record(entry(300));
        scores.arcade.record(entry(500));
        scores.classic.record(entry(42));
        store.save_settings(&settings).unwrap();
        store.save_scores(&scores).unwrap();

        let s = store.load_settings();
        assert!(s.problem.is_none());
        assert_eq!(s.value, settings);
        let h = store.load_scores();
        assert!(h.problem.is_none());
        assert_eq!(h.value, scores);
        assert_eq!(h.value.arcade.best(), Some(500));
    }

    #[test]
    fn missing_files_give_defaults_and_one_problem_each() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = store_in(&dir);
        let s = store.load_settings();
        assert_eq!(s.value, Settings::default());
        assert!(matches!(s.problem, Some(Problem::Missing(_))));
        let h = store.load_scores();
        assert_eq!(h.value, HighScores::default());
        assert!(h.problem.unwrap().is_missing());
        assert!(
            file_names(dir.path()).is_empty(),
            "loading must not create files"
        );
    }

    #[test]
    fn missing_directory_is_created_on_save() {
        let dir = tempfile::tempdir().unwrap();
        let nested = dir.path().join("a").join("b");
        let mut store = Store::new(Some(nested.clone()));
        assert!(store.load_scores().problem.unwrap().is_missing());
        store.save_scores(&HighScores::default()).unwrap();
        assert!(nested.join(SCORES_FILE).is_file());
    }

    #[test]
    fn empty_file_gives_defaults() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(SCORES_FILE), b"").unwrap();
        fs::write(dir.path().join(SETTINGS_FILE), b"  \n").unwrap();
        let mut store = store_in(&dir);
        let h = store.load_scores();
        assert!(matches!(h.problem, Some(Problem::Empty(_))));
        assert_eq!(h.value, HighScores::default());
        let s = store.load_settings();
        assert!(matches!(s.problem, Some(Problem::Empty(_))));
        assert_eq!(s.value, Settings::default());
    }

    #[test]
    fn wrong_shape_counts_as_corrupt() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(SETTINGS_FILE), br#"{"volume": "loud"}"#).unwrap();
        let mut store = store_in(&dir);
        let s = store.load_settings();
        assert!(matches!(s.problem, Some(Problem::Corrupt { .. })));
        assert_eq!(s.value, Settings::default());
    }

    /// Loads the scores from `json` in a fresh directory and returns the problem and the directory's
    /// files afterwards.
    fn load_scores_from(json: &str) -> (Loaded<HighScores>, Vec<String>) {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(SCORES_FILE), json).unwrap();
        let loaded = store_in(&dir).load_scores();
        (loaded, file_names(dir.path()))
    }

    #[test]
    fn valid_json_of_another_shape_is_set_aside_not_loaded_as_empty() {
        for json in [
            r#"{"Arcade": [{"score": 900}]}"#,
            "[]",
            r#"[1, [], []]"#,
            r#"{"arcade": [[900, 1, 2]]}"#,
            r#"{"arcade": [{"score": 900, "player": "ana"}]}"#,
            r#""scores""#,
            "null",
        ] {
            let (loaded, files) = load_scores_from(json);
            assert!(
                matches!(
                    loaded.problem,
                    Some(Problem::Corrupt {
                        set_aside: Ok(_),
                        ..
                    })
                ),
                "{json}: {:?}",
                loaded.problem
            );
            assert_eq!(files.len(), 1, "{json}: {files:?}");
            assert!(files[0].starts_with("scores.json.corrupt-"), "{json}");
        }
    }

    #[test]
    fn file_from_a_newer_version_is_left_untouched_and_never_saved_over() {
        let dir = tempfile::tempdir().unwrap();
        // A shape this version would call damaged, with a version number written as a float.
        let newer = r#"{"version": 99.0, "arcade": [[900, 1, 2]], "online": {"rank": 3}}"#;
        fs::write(dir.path().join(SCORES_FILE), newer).unwrap();
        let mut store = store_in(&dir);
        let h = store.load_scores();
        assert!(
            matches!(h.problem, Some(Problem::Newer { version: 99.0, .. })),
            "{:?}",
            h.problem
        );
        assert!(h.problem.unwrap().to_string().contains("newer Spinfall"));
        assert!(matches!(
            store.save_scores(&HighScores::default()),
            Err(SaveError::Protected(_))
        ));
        assert_eq!(
            fs::read_to_string(dir.path().join(SCORES_FILE)).unwrap(),
            newer
        );
        assert_eq!(file_names(dir.path()), vec![SCORES_FILE.to_string()]);
    }

    /// Loads the scores from `dir`, expecting them unreadable: the warning says the file is left
    /// alone, saving the scores is refused, and saving the settings still works.
    fn assert_scores_unreadable_and_protected(dir: &tempfile::TempDir) {
        let mut store = store_in(dir);
        let h = store.load_scores();
        assert!(
            matches!(h.problem, Some(Problem::Unreadable(..))),
            "{:?}",
            h.problem
        );
        assert!(h
            .problem
            .unwrap()
            .to_string()
            .contains("leaving it untouched"));
        assert!(matches!(
            store.save_scores(&HighScores::default()),
            Err(SaveError::Protected(_))
        ));
        store.save_settings(&Settings::default()).unwrap();
    }

    #[test]
    fn scores_path_that_cannot_be_read_as_a_file_is_never_replaced() {
        // A directory where the file belongs cannot be read even by root, unlike a file of mode 000.
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join(SCORES_FILE)).unwrap();
        fs::write(dir.path().join(SCORES_FILE).join("keep"), b"mine").unwrap();
        assert_scores_unreadable_and_protected(&dir);
        assert_eq!(
            fs::read(dir.path().join(SCORES_FILE).join("keep")).unwrap(),
            b"mine"
        );
    }

    #[cfg(unix)]
    #[test]
    fn unreadable_file_is_left_untouched_and_never_saved_over() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(SCORES_FILE);
        fs::write(&path, br#"{"arcade": [{"score": 900}]}"#).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o000)).unwrap();
        // Root reads it anyway; then there is nothing to test.
        if fs::read(&path).is_ok() {
            return;
        }
        assert_scores_unreadable_and_protected(&dir);
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        assert_eq!(
            fs::read_to_string(&path).unwrap(),
            r#"{"arcade": [{"score": 900}]}"#
        );
    }

    #[test]
    fn old_or_partial_files_fill_in_defaults_and_are_tidied() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(
            dir.path().join(SETTINGS_FILE),
            br#"{"reduce_flashing": true, "volume": 7.5}"#,
        )
        .unwrap();
        fs::write(
            dir.path().join(SCORES_FILE),
            br#"{"arcade": [{"score": 1}, {"score": 9}, {"score": 0}, {"score": 5}, {"score": 3}, {"score": 2}, {"score": 8}]}"#,
        )
        .unwrap();
        let mut store = store_in(&dir);
        let s = store.load_settings();
        assert!(s.problem.is_none());
        assert!(s.value.reduce_flashing);
        assert_eq!(s.value.volume, 1.0);
        assert_eq!(s.value.last_mode, ModeKey::Arcade);
        let scores: Vec<u64> = store
            .load_scores()
            .value
            .arcade
            .entries()
            .iter()
            .map(|e| e.score)
            .collect();
        assert_eq!(scores, vec![9, 8, 5, 3, 2]);
    }

    #[test]
    fn the_game_speed_setting_reads_as_full_speed_when_absent_or_not_offered() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = store_in(&dir);
        for (text, expected) in [
            (r#"{"version": 2, "volume": 0.5}"#, 100),
            (r#"{"version": 3, "game_speed": 70}"#, 70),
            (r#"{"version": 3, "game_speed": 75}"#, 100),
            (r#"{"version": 3, "game_speed": 0}"#, 100),
        ] {
            fs::write(dir.path().join(SETTINGS_FILE), text).unwrap();
            let loaded = store.load_settings();
            assert!(loaded.problem.is_none(), "{text}");
            assert_eq!(loaded.value.game_speed, expected, "{text}");
            assert_eq!(loaded.value.speed().percent(), expected, "{text}");
        }
        let settings = Settings {
            game_speed: 60,
            ..Settings::default()
        };
        store.save_settings(&settings).unwrap();
        assert_eq!(store.load_settings().value.game_speed, 60);
    }

    #[test]
    fn directory_that_is_a_file_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let not_a_dir = dir.path().join("plain-file");
        fs::write(&not_a_dir, b"x").unwrap();
        let mut store = Store::new(Some(not_a_dir.clone()));
        let problem = store.load_scores().problem.unwrap();
        assert!(
            matches!(&problem, Problem::NotADirectory(p) if *p == not_a_dir),
            "{problem:?}"
        );
        assert!(
            problem.to_string().contains("is not a directory"),
            "{problem}"
        );
        let err = store.save_scores(&HighScores::default()).unwrap_err();
        assert!(matches!(err, SaveError::Io(..)), "{err}");
        assert_eq!(fs::read(&not_a_dir).unwrap(), b"x");
    }

    #[cfg(unix)]
    #[test]
    fn unwritable_directory_is_an_error_not_a_panic() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let locked = dir.path().join("locked");
        fs::create_dir(&locked).unwrap();
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o500)).unwrap();
        // Root ignores permissions; then there is nothing to test.
        if File::create(locked.join("probe")).is_ok() {
            return;
        }
        let store = Store::new(Some(locked.clone()));
        let err = store.save_scores(&HighScores::default()).unwrap_err();
        assert!(matches!(err, SaveError::Io(..)), "{err}");
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o700)).unwrap();
        assert!(file_names(&locked).is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn damaged_file_that_cannot_be_moved_is_never_overwritten() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let locked = dir.path().join("locked");
        fs::create_dir(&locked).unwrap();
        fs::write(locked.join(SCORES_FILE), b"not json").unwrap();
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o500)).unwrap();
        if File::create(locked.join("probe")).is_ok() {
            fs::set_permissions(&locked, fs::Permissions::from_mode(0o700)).unwrap();
            return;
        }
        let mut store = Store::new(Some(locked.clone()));
        let h = store.load_scores();
        assert!(matches!(
            h.problem,
            Some(Problem::Corrupt {
                set_aside: Err(_),
                ..
            })
        ));
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o700)).unwrap();
        assert!(matches!(
            store.save_scores(&HighScores::default()),
            Err(SaveError::Protected(_))
        ));
        assert_eq!(fs::read(locked.join(SCORES_FILE)).unwrap(), b"not json");
    }

    #[test]
    fn no_directory_means_defaults_and_failed_saves() {
        let mut store = Store::new(None);
        assert!(matches!(
            store.load_settings().problem,
            Some(Problem::NoDirectory)
        ));
        assert!(matches!(
            store.save_settings(&Settings::default()),
            Err(SaveError::NoDirectory)
        ));
    }

    /// Runs `f` on another thread and fails the test if it has not returned within ten seconds.
    fn within_ten_seconds<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(f());
        });
        rx.recv_timeout(Duration::from_secs(10))
            .expect("still blocked after ten seconds")
    }

    #[cfg(unix)]
    #[test]
    fn a_named_pipe_in_place_of_a_save_file_is_unreadable_not_a_hang() {
        let dir = tempfile::tempdir().unwrap();
        for name in [SCORES_FILE, SETTINGS_FILE] {
            let made = std::process::Command::new("mkfifo")
                .arg(dir.path().join(name))
                .status()
                .unwrap();
            assert!(made.success());
        }
        let path = dir.path().to_path_buf();
        let (settings, scores, saved) = within_ten_seconds(move || {
            let mut store = Store::new(Some(path));
            let settings = store.load_settings().problem.map(|p| p.to_string());
            let scores = store.load_scores().problem.map(|p| p.to_string());
            let saved = store.save_scores(&HighScores::default()).is_ok();
            (settings, scores, saved)
        });
        for (name, line) in [(SETTINGS_FILE, settings), (SCORES_FILE, scores)] {
            let line = line.unwrap_or_default();
            assert!(
                line.contains(name) && line.contains("a named pipe, not a regular file"),
                "{line}"
            );
        }
        assert!(!saved, "a named pipe must not be replaced");
        use std::os::unix::fs::FileTypeExt;
        let kind = fs::symlink_metadata(dir.path().join(SCORES_FILE)).unwrap();
        assert!(kind.file_type().is_fifo());
    }

    #[test]
    fn a_save_file_over_one_mib_is_refused_unread_and_left_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(SCORES_FILE);
        // Valid JSON, padded past the limit: the size alone decides.
        let mut big = br#"{"arcade": [{"score": 900}]}"#.to_vec();
        big.resize(MAX_SAVE_BYTES as usize + 1, b' ');
        fs::write(&path, &big).unwrap();
        let mut store = store_in(&dir);
        let loaded = store.load_scores();
        let line = loaded
            .problem
            .as_ref()
            .map(|p| p.to_string())
            .unwrap_or_default();
        assert!(
            line.contains("scores.json") && line.contains("too large") && line.contains("1 MiB"),
            "{line}"
        );
        assert_eq!(loaded.value, HighScores::default());
        assert!(matches!(
            store.save_scores(&HighScores::default()),
            Err(SaveError::Protected(_))
        ));
        assert_eq!(fs::read(&path).unwrap(), big);
    }

    #[cfg(unix)]
    #[test]
    fn a_save_file_linked_to_a_device_is_refused_unread() {
        let dir = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink("/dev/zero", dir.path().join(SETTINGS_FILE)).unwrap();
        let line = within_ten_seconds({
            let path = dir.path().to_path_buf();
            move || {
                Store::new(Some(path))
                    .load_settings()
                    .problem
                    .map(|p| p.to_string())
            }
        })
        .unwrap_or_default();
        assert!(line.contains("a device, not a regular file"), "{line}");
    }
}
