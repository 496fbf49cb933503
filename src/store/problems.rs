//! Why a load fell back to defaults or a save was refused, and moving a damaged file aside.

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::format::FORMAT_VERSION;
use super::location::CONFIG_DIR_ENV;
use super::scores::unix_now;

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
    pub(super) fn protects(&self) -> bool {
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
    /// Parts of a file that was otherwise used which fell back to their defaults (a damaged key
    /// binding), one line each, each naming the file; the file itself is left as it is.
    pub warnings: Vec<String>,
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

/// Moves a damaged file to `<name>.corrupt-<unix time>` (with a counter if that name is taken).
pub(super) fn set_aside(path: &Path) -> Result<PathBuf, String> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_support::{file_names, store_in};
    use crate::store::{HighScores, SCORES_FILE};
    use std::collections::HashSet;

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
}
