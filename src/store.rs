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
//! half of each.
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
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

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

    /// Saves the high scores atomically.
    pub fn save_scores(&self, scores: &HighScores) -> Result<(), SaveError> {
        self.save(SCORES_FILE, scores)
    }

    fn load<T: FileFormat>(&mut self, name: &str) -> Loaded<T> {
        let (mut value, problem) = match self.read::<T>(name) {
            Ok(value) => (value, None),
            Err(problem) => (T::default(), Some(problem)),
        };
        value.sanitise();
        Loaded { value, problem }
    }

    /// Reads and checks one file; a file that exists but cannot be used is set aside or protected.
    fn read<T: FileFormat>(&mut self, name: &str) -> Result<T, Problem> {
        let dir = self.dir.as_ref().ok_or(Problem::NoDirectory)?;
        if dir.exists() && !dir.is_dir() {
            return Err(Problem::NotADirectory(dir.clone()));
        }
        let path = dir.join(name);
        let bytes = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(Problem::Missing(path)),
            Err(e) => {
                self.protected.insert(path.clone());
                return Err(Problem::Unreadable(path, e));
            }
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
            self.protected.insert(path.clone());
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
        if set_aside.is_err() {
            self.protected.insert(path.clone());
        }
        Err(Problem::Corrupt {
            path,
            error,
            set_aside,
        })
    }

    fn save<T: Serialize>(&self, name: &str, value: &T) -> Result<(), SaveError> {
        let dir = self.dir.as_deref().ok_or(SaveError::NoDirectory)?;
        let path = dir.join(name);
        if self.protected.contains(&path) {
            return Err(SaveError::Protected(path));
        }
        let mut json =
            serde_json::to_vec_pretty(value).map_err(|e| SaveError::Io(path.clone(), e.into()))?;
        json.push(b'\n');
        write_atomically(dir, &path, &json).map_err(|e| SaveError::Io(path, e))
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
    let tmp = dir.join(format!(".{file_name}.tmp-{}", std::process::id()));
    let result = (|| {
        let mut file = File::create(&tmp)?;
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
        assert_eq!(
            file_names(dir.path()),
            vec![SCORES_FILE.to_string(), SETTINGS_FILE.to_string()]
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
