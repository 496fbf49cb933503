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
//! scores.arcade.record(ScoreEntry { score: 420, seed: 7, unix_time: 0, replay: None });
//! store.save_scores(&scores).unwrap();
//! assert_eq!(store.load_scores().value.arcade.best(), Some(420));
//! ```

use std::collections::HashSet;
use std::fmt;
use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// Environment variable that, when set to a non-empty path, replaces the platform's config directory.
pub const CONFIG_DIR_ENV: &str = "SPINFALL_CONFIG_DIR";

/// File name of the settings inside the config directory.
pub const SETTINGS_FILE: &str = "settings.json";

/// File name of the high scores inside the config directory.
pub const SCORES_FILE: &str = "scores.json";

/// How many entries each high-score table keeps.
pub const TABLE_LEN: usize = 5;

/// Format version written into both files, so a later release can migrate old files instead of guessing.
///
/// Version 2 lets a score entry name its replay; version 1 files read as entries without one.
pub const FORMAT_VERSION: u32 = 2;

/// The most bytes read from a settings or scores file: hundreds of times what the game writes, and
/// little enough that a huge stray file is refused at once instead of parsed for seconds.
pub const MAX_SAVE_BYTES: u64 = 1 << 20;

/// The file in the config directory that saves lock, so that several running games take turns; it is
/// never removed, since removing a lock file lets two games lock two different files.
pub const LOCK_FILE: &str = ".spinfall.lock";

/// How long a save waits for another game's save to finish before giving up.
const LOCK_WAIT: Duration = Duration::from_secs(5);

/// The age past which a temporary file is tidied even when a process of its id runs: a save writes
/// its file in milliseconds, and process ids are reused.
const STALE_TEMPORARY: Duration = Duration::from_secs(60);

/// The game mode as remembered between runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ModeKey {
    /// The tutorial's endless game: hits only flash and are counted.
    Classic,
    /// Three lives, a score and a game over.
    #[default]
    Arcade,
}

/// Player preferences.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Format version of the file this was read from.
    pub version: u32,
    /// Draw a red border instead of a full-screen red flash, for photosensitive players.
    pub reduce_flashing: bool,
    /// The mode chosen last on the title screen.
    pub last_mode: ModeKey,
    /// Sound volume from 0 (silent) to 1 (full).
    pub volume: f32,
    /// Gamepad rumble on hits.
    pub rumble: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            version: FORMAT_VERSION,
            reduce_flashing: false,
            last_mode: ModeKey::default(),
            volume: 0.8,
            rumble: true,
        }
    }
}

impl Settings {
    /// Clamps values a hand-edited file may have pushed out of range.
    fn sanitise(&mut self) {
        self.volume = if self.volume.is_finite() {
            self.volume.clamp(0.0, 1.0)
        } else {
            Settings::default().volume
        };
    }
}

/// One finished game in a high-score table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ScoreEntry {
    /// The score (in classic mode: the longest hit-free stretch, in simulation steps).
    pub score: u64,
    /// The world seed, so a remarkable game can be replayed.
    pub seed: u64,
    /// When the game ended, in seconds since the Unix epoch (0 if the clock was unavailable).
    pub unix_time: u64,
    /// The id of the game's replay, kept next to this file (see [`crate::replay::kept_path`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replay: Option<u64>,
}

/// The best [`TABLE_LEN`] results of one mode, best first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Table {
    entries: Vec<ScoreEntry>,
}

impl Table {
    /// The entries, best first.
    pub fn entries(&self) -> &[ScoreEntry] {
        &self.entries
    }

    /// The best score, if any game was recorded.
    pub fn best(&self) -> Option<u64> {
        self.entries.first().map(|e| e.score)
    }

    /// Whether `score` would beat every recorded score (true for the first game with a score above zero).
    pub fn is_new_best(&self, score: u64) -> bool {
        score > 0 && self.best().is_none_or(|best| score > best)
    }

    /// Inserts a result and returns its rank (0 = best) if it made the table.
    ///
    /// Ties keep the older entry ahead, so a repeat of a score does not push the first achiever down.
    pub fn record(&mut self, entry: ScoreEntry) -> Option<usize> {
        if entry.score == 0 {
            return None;
        }
        let rank = self.entries.partition_point(|e| e.score >= entry.score);
        if rank >= TABLE_LEN {
            return None;
        }
        self.entries.insert(rank, entry);
        self.entries.truncate(TABLE_LEN);
        Some(rank)
    }

    /// Keeps the best [`TABLE_LEN`] entries of both tables; an entry in both (the same score, seed and
    /// second: the same game, or one replayed exactly) counts once.
    fn merge(&mut self, other: Table) {
        for entry in other.entries {
            if !self.entries.contains(&entry) {
                self.entries.push(entry);
            }
        }
        self.entries.retain(|e| e.score > 0);
        // Older first among equal scores, as `record` keeps them, and every game sees the same order.
        self.entries
            .sort_by_key(|e| (std::cmp::Reverse(e.score), e.unix_time, e.seed));
        self.entries.truncate(TABLE_LEN);
    }

    /// Restores the table's order and length after reading a hand-edited file.
    fn sanitise(&mut self) {
        self.entries.retain(|e| e.score > 0);
        // A stable sort keeps the file's order among equal scores.
        self.entries.sort_by_key(|e| std::cmp::Reverse(e.score));
        self.entries.truncate(TABLE_LEN);
    }
}

/// High-score tables of both modes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HighScores {
    /// Format version of the file this was read from.
    pub version: u32,
    /// Classic mode: longest hit-free stretches.
    pub classic: Table,
    /// Arcade mode: scores.
    pub arcade: Table,
}

impl Default for HighScores {
    fn default() -> Self {
        HighScores {
            version: FORMAT_VERSION,
            classic: Table::default(),
            arcade: Table::default(),
        }
    }
}

impl HighScores {
    /// The table of one mode.
    pub fn table(&self, mode: ModeKey) -> &Table {
        match mode {
            ModeKey::Classic => &self.classic,
            ModeKey::Arcade => &self.arcade,
        }
    }

    /// The table of one mode, for recording.
    pub fn table_mut(&mut self, mode: ModeKey) -> &mut Table {
        match mode {
            ModeKey::Classic => &mut self.classic,
            ModeKey::Arcade => &mut self.arcade,
        }
    }

    fn sanitise(&mut self) {
        self.classic.sanitise();
        self.arcade.sanitise();
        // Saved again, the tables are in this version's format (an older file may gain replays).
        self.version = self.version.max(FORMAT_VERSION);
    }
}

/// A file format this store reads: JSON whose shape is checked before it is trusted.
trait FileFormat: DeserializeOwned + Default {
    /// Why `json` is not this format's shape, beyond what deserializing checks: serde accepts an array
    /// for a struct, which a hand-edited or foreign file must not slip through as "empty".
    fn shape_error(json: &serde_json::Value) -> Option<String> {
        (!json.is_object()).then(|| format!("expected an object, found {}", json_kind(json)))
    }

    /// Defaults tidied as a loaded value would be.
    fn sanitise(&mut self);

    /// Folds in what is on disk when saving, which another running game may have written since this
    /// one loaded. By default this value wins whole: a setting's latest choice is the one that counts.
    fn merge_saved(&mut self, _saved: Self) {}
}

impl FileFormat for Settings {
    fn sanitise(&mut self) {
        Settings::sanitise(self);
    }
}

impl FileFormat for HighScores {
    fn shape_error(json: &serde_json::Value) -> Option<String> {
        let serde_json::Value::Object(map) = json else {
            return Some(format!("expected an object, found {}", json_kind(json)));
        };
        for (name, table) in map
            .iter()
            .filter(|(k, _)| *k == "classic" || *k == "arcade")
        {
            if let Some(entries) = table.as_array() {
                if let Some(bad) = entries.iter().find(|e| !e.is_object()) {
                    return Some(format!(
                        "a {name} score must be an object, found {}",
                        json_kind(bad)
                    ));
                }
            }
        }
        None
    }

    fn sanitise(&mut self) {
        HighScores::sanitise(self);
    }

    fn merge_saved(&mut self, saved: Self) {
        self.classic.merge(saved.classic);
        self.arcade.merge(saved.arcade);
    }
}

/// A JSON value's kind, for messages.
fn json_kind(json: &serde_json::Value) -> &'static str {
    match json {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

/// Why a file could not be used, so defaults were returned instead.
#[derive(Debug)]
pub enum Problem {
    /// No config directory could be determined (no home directory); nothing is loaded or saved.
    NoDirectory,
    /// The config directory's path exists but is not a directory; nothing is loaded or saved.
    NotADirectory(PathBuf),
    /// The file does not exist yet, as on the first run.
    Missing(PathBuf),
    /// The file exists but holds nothing (or only whitespace).
    Empty(PathBuf),
    /// The file exists but could not be read; it is left untouched and not saved over.
    Unreadable(PathBuf, io::Error),
    /// The file was written by a newer Spinfall (a higher format version); it is left untouched and not
    /// saved over, so that going back to an older release never costs the newer one's data.
    Newer {
        /// The file.
        path: PathBuf,
        /// The format version it declares.
        version: f64,
    },
    /// The file is not valid JSON of the expected shape; `set_aside` is where it was moved, if that worked.
    Corrupt {
        /// The damaged file.
        path: PathBuf,
        /// What the JSON parser said.
        error: String,
        /// Where the damaged file now lives, or the error that kept it in place.
        set_aside: Result<PathBuf, String>,
    },
}

impl Problem {
    /// Whether this is only the first-run case of a file that does not exist yet.
    pub fn is_missing(&self) -> bool {
        matches!(self, Problem::Missing(_))
    }

    /// Whether nothing can be kept at all this run (no usable config directory), so every save fails.
    pub fn keeps_nothing(&self) -> bool {
        matches!(self, Problem::NoDirectory | Problem::NotADirectory(_))
    }

    /// Whether the file stays exactly as it is and must not be saved over.
    fn protects(&self) -> bool {
        matches!(
            self,
            Problem::Unreadable(..)
                | Problem::Newer { .. }
                | Problem::Corrupt {
                    set_aside: Err(_),
                    ..
                }
        )
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::NoDirectory => write!(
                f,
                "no config directory found (set {CONFIG_DIR_ENV}); settings and scores will not be kept"
            ),
            Problem::NotADirectory(p) => write!(
                f,
                "config directory {} is not a directory; settings and scores will not be kept",
                p.display()
            ),
            Problem::Missing(p) => write!(f, "{} does not exist yet; using defaults", p.display()),
            Problem::Empty(p) => write!(f, "{} is empty; using defaults", p.display()),
            Problem::Unreadable(p, e) => write!(
                f,
                "cannot read {} ({e}); using defaults and leaving it untouched",
                p.display()
            ),
            Problem::Newer { path, version } => write!(
                f,
                "{} was written by a newer Spinfall (format {version}, this one reads {FORMAT_VERSION}); using defaults and leaving it untouched",
                path.display()
            ),
            Problem::Corrupt {
                path,
                error,
                set_aside: Ok(aside),
            } => write!(
                f,
                "{} is damaged ({error}); moved it to {} and using defaults",
                path.display(),
                aside.display()
            ),
            Problem::Corrupt {
                path,
                error,
                set_aside: Err(why),
            } => write!(
                f,
                "{} is damaged ({error}) and could not be moved aside ({why}); using defaults and leaving it untouched",
                path.display()
            ),
        }
    }
}

/// The result of a load: always a usable value, and the problem that forced defaults, if any.
#[derive(Debug)]
pub struct Loaded<T> {
    /// The loaded value, or defaults.
    pub value: T,
    /// Why defaults were used, if they were.
    pub problem: Option<Problem>,
}

/// Why a save failed. The game reports it once and plays on.
#[derive(Debug)]
pub enum SaveError {
    /// No config directory could be determined.
    NoDirectory,
    /// The file on disk could not be used and is kept as it is (unreadable, damaged and impossible to
    /// move aside, or from a newer version); this run does not save over it.
    Protected(PathBuf),
    /// Creating the directory, writing, syncing or renaming failed.
    Io(PathBuf, io::Error),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::NoDirectory => write!(f, "no config directory; not saving"),
            SaveError::Protected(p) => write!(
                f,
                "not overwriting {}, which this run could not use; move it away to save again",
                p.display()
            ),
            SaveError::Io(p, e) => write!(f, "cannot save {} ({e})", p.display()),
        }
    }
}

impl std::error::Error for SaveError {}

/// Where settings and scores live, and the files this run must not overwrite.
#[derive(Debug)]
pub struct Store {
    dir: Option<PathBuf>,
    /// Files this run could not use and did not move aside: saving over them would silently lose them.
    protected: HashSet<PathBuf>,
}

/// The config directory: [`CONFIG_DIR_ENV`] if set and non-empty, else the platform's (for example
/// `~/.config/spinfall` on Linux), or `None` when there is no home directory.
pub fn config_dir() -> Option<PathBuf> {
    config_dir_from(std::env::var_os(CONFIG_DIR_ENV))
}

/// [`config_dir`] with the override variable's value passed in, so it can be tested without touching
/// the process environment.
fn config_dir_from(override_dir: Option<std::ffi::OsString>) -> Option<PathBuf> {
    match override_dir {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => {
            directories::ProjectDirs::from("", "", "spinfall").map(|p| p.config_dir().to_path_buf())
        }
    }
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
        Loaded { value, problem }
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
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Err(Problem::Empty(path));
        }
        let parsed = serde_json::from_slice::<serde_json::Value>(&bytes).map_err(|e| e.to_string());
        // Before any shape check: a newer release may have changed the shape, and its file must
        // survive a detour through this one.
        if let Some(version) = parsed
            .as_ref()
            .ok()
            .and_then(|json| json.get("version")?.as_f64())
            .filter(|&v| v > f64::from(FORMAT_VERSION))
        {
            return Err(Problem::Newer { path, version });
        }
        let checked = parsed.and_then(|json| match T::shape_error(&json) {
            Some(e) => Err(e),
            None => Ok(json),
        });
        let error = match checked.and_then(|json| T::deserialize(json).map_err(|e| e.to_string())) {
            Ok(value) => return Ok(value),
            Err(error) => error,
        };
        let set_aside = set_aside(&path);
        Err(Problem::Corrupt {
            path,
            error,
            set_aside,
        })
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
        let lock = lock(dir).map_err(|e| SaveError::Io(path.clone(), e))?;
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

    /// Removes the temporary files of saves that were killed mid-write (the game's own
    /// `.<file>.tmp-<process id>` names only): those whose process no longer runs, and any older than
    /// a minute. Returns the files removed.
    pub fn tidy_temporary_files(&self) -> Vec<PathBuf> {
        let Some(entries) = self.dir.as_deref().and_then(|d| fs::read_dir(d).ok()) else {
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
}

/// Moves a damaged file to `<name>.corrupt-<unix time>` (with a counter if that name is taken).
fn set_aside(path: &Path) -> Result<PathBuf, String> {
    // Built on the OS string, so a file name that is not UTF-8 keeps its exact bytes.
    let mut base = path.as_os_str().to_owned();
    base.push(format!(".corrupt-{}", unix_now()));
    for n in 0..100u32 {
        let mut target = base.clone();
        if n > 0 {
            target.push(format!("-{n}"));
        }
        let target = PathBuf::from(target);
        if target.exists() {
            continue;
        }
        return fs::rename(path, &target)
            .map(|()| target)
            .map_err(|e| e.to_string());
    }
    Err("too many damaged copies already set aside".to_string())
}

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
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Takes the save lock of `dir`, waiting up to [`LOCK_WAIT`] for another game's save to finish; the
/// lock is released when the returned file is dropped (or the process ends, however it ends).
fn lock(dir: &Path) -> io::Result<File> {
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

/// Seconds since the Unix epoch, or 0 when the clock is before it.
pub fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store_in(dir: &tempfile::TempDir) -> Store {
        Store::new(Some(dir.path().to_path_buf()))
    }

    fn entry(score: u64) -> ScoreEntry {
        ScoreEntry {
            score,
            seed: score * 10,
            unix_time: 1_700_000_000,
            replay: None,
        }
    }

    fn file_names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn entries_keep_their_replay_and_version_1_files_read_without_one() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(
            dir.path().join(SCORES_FILE),
            br#"{"version": 1, "arcade": [{"score": 70, "seed": 4, "unix_time": 9}]}"#,
        )
        .unwrap();
        let mut store = store_in(&dir);
        let mut scores = store.load_scores().value;
        assert_eq!(scores.arcade.entries()[0].replay, None);
        scores.arcade.record(ScoreEntry {
            replay: Some(12),
            ..entry(90)
        });
        store.save_scores(&scores).unwrap();
        let text = fs::read_to_string(dir.path().join(SCORES_FILE)).unwrap();
        assert!(text.contains("\"version\": 2"), "{text}");
        // An entry without a replay is written as version 1 wrote it.
        assert_eq!(text.matches("\"replay\"").count(), 1, "{text}");
        let loaded = store.load_scores().value;
        let replays: Vec<Option<u64>> = loaded.arcade.entries().iter().map(|e| e.replay).collect();
        assert_eq!(replays, vec![Some(12), None]);
    }

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
    fn corrupt_file_is_set_aside_with_its_bytes_and_defaults_returned() {
        let dir = tempfile::tempdir().unwrap();
        let garbage: &[u8] = b"{\"arcade\": [ {\"score\": 12, oops \xff";
        fs::write(dir.path().join(SCORES_FILE), garbage).unwrap();
        let mut store = store_in(&dir);
        let h = store.load_scores();
        assert_eq!(h.value, HighScores::default());
        let Some(Problem::Corrupt {
            set_aside: Ok(aside),
            ..
        }) = &h.problem
        else {
            panic!("expected a corrupt file set aside, got {:?}", h.problem);
        };
        assert!(!dir.path().join(SCORES_FILE).exists());
        let aside_name = aside.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            aside_name.starts_with("scores.json.corrupt-"),
            "{aside_name}"
        );
        assert_eq!(fs::read(aside).unwrap(), garbage);
        assert!(h
            .problem
            .as_ref()
            .unwrap()
            .to_string()
            .contains("moved it to"));

        // Saving afterwards writes a fresh file and leaves the damaged copy alone.
        store.save_scores(&HighScores::default()).unwrap();
        assert_eq!(fs::read(aside).unwrap(), garbage);
        assert!(store.load_scores().problem.is_none());
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

    #[cfg(unix)]
    #[test]
    fn set_aside_keeps_a_non_utf8_name_exactly() {
        use std::os::unix::ffi::{OsStrExt, OsStringExt};
        let dir = tempfile::tempdir().unwrap();
        let name = std::ffi::OsStr::from_bytes(b"scores-\xff.json");
        let path = dir.path().join(name);
        if fs::write(&path, b"damaged").is_err() {
            return; // a file system that refuses such names
        }
        let aside = set_aside(&path).unwrap();
        let bytes = aside.file_name().unwrap().to_os_string().into_vec();
        assert!(bytes.starts_with(b"scores-\xff.json.corrupt-"), "{aside:?}");
        assert_eq!(fs::read(&aside).unwrap(), b"damaged");
    }

    #[test]
    fn second_corruption_in_the_same_second_gets_its_own_name() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = store_in(&dir);
        fs::write(dir.path().join(SCORES_FILE), b"first").unwrap();
        let _ = store.load_scores();
        fs::write(dir.path().join(SCORES_FILE), b"second").unwrap();
        let _ = store.load_scores();
        let names = file_names(dir.path());
        assert_eq!(names.len(), 2, "{names:?}");
        let contents: HashSet<Vec<u8>> = names
            .iter()
            .map(|n| fs::read(dir.path().join(n)).unwrap())
            .collect();
        assert!(contents.contains(&b"first"[..]) && contents.contains(&b"second"[..]));
    }

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

    #[test]
    fn table_keeps_five_best_and_ties_keep_the_older_first() {
        let mut t = Table::default();
        assert!(t.is_new_best(1));
        assert!(!t.is_new_best(0));
        assert_eq!(t.record(entry(0)), None);
        for s in [50, 10, 40, 20, 30] {
            assert!(t.record(entry(s)).is_some());
        }
        assert_eq!(t.record(entry(5)), None);
        let tie = ScoreEntry {
            score: 40,
            seed: 999,
            unix_time: 1,
            replay: Some(3),
        };
        assert_eq!(t.record(tie), Some(2));
        let scores: Vec<u64> = t.entries().iter().map(|e| e.score).collect();
        assert_eq!(scores, vec![50, 40, 40, 30, 20]);
        assert_eq!(t.entries()[1].seed, 400);
        assert!(t.is_new_best(51));
        assert!(!t.is_new_best(50));
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

    #[test]
    fn saving_merges_the_scores_another_game_saved_since_loading() {
        let dir = tempfile::tempdir().unwrap();
        let mut first = store_in(&dir);
        let mut second = store_in(&dir);
        let mut a = first.load_scores().value;
        let mut b = second.load_scores().value;
        a.arcade.record(entry(300));
        first.save_scores(&a).unwrap();
        b.arcade.record(entry(200));
        b.classic.record(entry(7));
        second.save_scores(&b).unwrap();
        // The first game saves again, knowing nothing of the second's scores: they stay.
        a.arcade.record(entry(100));
        first.save_scores(&a).unwrap();
        let saved = store_in(&dir).load_scores().value;
        let scores = |t: &Table| t.entries().iter().map(|e| e.score).collect::<Vec<_>>();
        assert_eq!(scores(&saved.arcade), vec![300, 200, 100]);
        assert_eq!(scores(&saved.classic), vec![7]);
    }

    #[test]
    fn merged_tables_keep_the_five_best_and_count_one_game_once() {
        let mut mine = Table::default();
        let mut theirs = Table::default();
        for s in [90, 70, 50, 30] {
            mine.record(entry(s));
        }
        for s in [80, 70, 60, 40, 20] {
            theirs.record(entry(s));
        }
        mine.merge(theirs);
        let scores: Vec<u64> = mine.entries().iter().map(|e| e.score).collect();
        assert_eq!(scores, vec![90, 80, 70, 60, 50]);
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
        File::options()
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

    #[test]
    fn env_var_overrides_the_directory() {
        let dir = PathBuf::from("/some/where/else");
        assert_eq!(
            config_dir_from(Some(dir.clone().into_os_string())),
            Some(dir)
        );
        // An empty value counts as unset rather than as the current directory.
        assert_ne!(config_dir_from(Some("".into())), Some(PathBuf::new()));
        assert_eq!(config_dir_from(Some("".into())), config_dir_from(None));
    }
}
