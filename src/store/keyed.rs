//! Settings and scores kept as two values in a key-value store, such as the browser's
//! `localStorage`, with the same checks, defaults and problems as the files on the desktop.
//!
//! A value that cannot be read or understood is treated as a damaged file is: a damaged one is moved
//! aside under `<key>.corrupt-<unix time>` before anything is saved over it, and one that cannot be
//! copied aside (the storage is full) or read at all is never saved over, so a full, disabled or
//! damaged storage costs no other saved value.

use std::collections::HashSet;
use std::io;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::format::{self, FileFormat, Undecodable};
use super::{
    HighScores, Loaded, Problem, SaveError, Settings, MAX_SAVE_BYTES, SCORES_FILE, SETTINGS_FILE,
};

/// A key-value store of strings: `localStorage` in a browser, a map in tests.
pub trait Keys {
    /// The value under `key`, `Ok(None)` when there is none, or why the store cannot be read.
    fn get(&self, key: &str) -> Result<Option<String>, String>;
    /// Stores `value` under `key`, or says why it could not.
    fn set(&self, key: &str, value: &str) -> Result<(), String>;
    /// Removes `key` and its value, or says why it could not.
    fn remove(&self, key: &str) -> Result<(), String>;
}

/// The prefix of every key, so the game's values stand apart from anything else on the same site.
pub const KEY_PREFIX: &str = "spinfall/";

/// Where settings and scores live in a key-value store, and the keys this run must not overwrite.
#[derive(Debug)]
pub struct KeyedStore<K> {
    keys: K,
    protected: HashSet<String>,
}

impl<K: Keys> KeyedStore<K> {
    /// A store keeping its values in `keys`.
    pub fn new(keys: K) -> KeyedStore<K> {
        KeyedStore {
            keys,
            protected: HashSet::new(),
        }
    }

    /// No directory: replays, which are files, are not kept beside these values.
    pub fn dir(&self) -> Option<&Path> {
        None
    }

    /// Nothing to tidy: a key-value store leaves no temporary files.
    pub fn tidy_temporary_files(&self) -> Vec<PathBuf> {
        Vec::new()
    }

    /// Loads the settings; never fails.
    pub fn load_settings(&mut self) -> Loaded<Settings> {
        self.load(SETTINGS_FILE)
    }

    /// Loads the high scores; never fails.
    pub fn load_scores(&mut self) -> Loaded<HighScores> {
        self.load(SCORES_FILE)
    }

    /// Saves the settings.
    pub fn save_settings(&self, settings: &Settings) -> Result<(), SaveError> {
        self.save(SETTINGS_FILE, settings)
    }

    /// Saves the high scores, keeping the scores another tab saved meanwhile.
    pub fn save_scores(&self, scores: &HighScores) -> Result<(), SaveError> {
        self.save(SCORES_FILE, scores)
    }

    fn load<T: FileFormat>(&mut self, name: &str) -> Loaded<T> {
        let key = format!("{KEY_PREFIX}{name}");
        let (mut value, problem) = match self.read::<T>(&key) {
            Ok(value) => (value, None),
            Err(problem) => {
                if problem.protects() {
                    self.protected.insert(key);
                }
                (T::default(), Some(problem))
            }
        };
        value.sanitise();
        let warnings = value
            .take_warnings()
            .into_iter()
            .map(|line| format!("{KEY_PREFIX}{name}: {line}"))
            .collect();
        Loaded {
            value,
            problem,
            warnings,
        }
    }

    /// Reads and checks one value; a damaged one is copied aside.
    fn read<T: FileFormat>(&self, key: &str) -> Result<T, Problem> {
        let path = PathBuf::from(key);
        let text = match self.keys.get(key) {
            Ok(Some(text)) => text,
            Ok(None) => return Err(Problem::Missing(path)),
            Err(why) => return Err(Problem::Unreadable(path, io::Error::other(why))),
        };
        if text.len() as u64 > MAX_SAVE_BYTES {
            let why = format!("larger than the {} MiB a save may be", MAX_SAVE_BYTES >> 20);
            return Err(Problem::Unreadable(path, io::Error::other(why)));
        }
        match format::decode::<T>(text.as_bytes()) {
            Ok(value) => Ok(value),
            Err(Undecodable::Empty) => Err(Problem::Empty(path)),
            Err(Undecodable::Newer(version)) => Err(Problem::Newer { path, version }),
            Err(Undecodable::Damaged(error)) => Err(Problem::Corrupt {
                set_aside: self.set_aside(key, &text),
                path,
                error,
            }),
        }
    }

    /// Moves a damaged value to a key of its own, so saving over it loses nothing.
    fn set_aside(&self, key: &str, text: &str) -> Result<PathBuf, String> {
        let base = format!("{key}.corrupt-{}", super::unix_now());
        for n in 0..100u32 {
            let aside = if n == 0 {
                base.clone()
            } else {
                format!("{base}-{n}")
            };
            match self.keys.get(&aside) {
                Ok(None) => {}
                Ok(Some(_)) => continue,
                Err(why) => return Err(why),
            }
            self.keys.set(&aside, text)?;
            // The copy is safe; should the original stay anyway, the next read moves it again.
            let _ = self.keys.remove(key);
            return Ok(PathBuf::from(aside));
        }
        Err("every name to set it aside under is taken".to_string())
    }

    /// Saves `value` under `name`'s key, merged with what another tab may have saved meanwhile.
    fn save<T: FileFormat + Serialize + Clone>(
        &self,
        name: &str,
        value: &T,
    ) -> Result<(), SaveError> {
        let key = format!("{KEY_PREFIX}{name}");
        let path = PathBuf::from(&key);
        if self.protected.contains(&key) {
            return Err(SaveError::Protected(path));
        }
        let mut value = value.clone();
        match self.read::<T>(&key) {
            Ok(mut saved) => {
                saved.sanitise();
                value.merge_saved(saved);
            }
            Err(problem) if problem.protects() => return Err(SaveError::Protected(path)),
            Err(_) => {}
        }
        let mut json = serde_json::to_string_pretty(&value)
            .map_err(|e| SaveError::Io(path.clone(), e.into()))?;
        json.push('\n');
        self.keys
            .set(&key, &json)
            .map_err(|why| SaveError::Io(path, io::Error::other(why)))
    }
}

#[cfg(test)]
mod tests {
    use std::cell::{Cell, RefCell};
    use std::collections::BTreeMap;

    use super::*;
    use crate::store::{ModeKey, ScoreEntry};

    /// An in-memory store that can be made to refuse reads or writes, as a browser's can.
    #[derive(Default)]
    struct Memory {
        values: RefCell<BTreeMap<String, String>>,
        disabled: Cell<bool>,
        full: Cell<bool>,
    }

    impl Keys for &Memory {
        fn get(&self, key: &str) -> Result<Option<String>, String> {
            if self.disabled.get() {
                return Err("storage disabled".into());
            }
            Ok(self.values.borrow().get(key).cloned())
        }

        fn set(&self, key: &str, value: &str) -> Result<(), String> {
            if self.disabled.get() {
                return Err("storage disabled".into());
            }
            if self.full.get() {
                return Err("storage full".into());
            }
            self.values.borrow_mut().insert(key.into(), value.into());
            Ok(())
        }

        fn remove(&self, key: &str) -> Result<(), String> {
            if self.disabled.get() {
                return Err("storage disabled".into());
            }
            self.values.borrow_mut().remove(key);
            Ok(())
        }
    }

    fn entry(score: u64) -> ScoreEntry {
        ScoreEntry {
            score,
            seed: 1,
            unix_time: 0,
            replay: None,
            speed: None,
        }
    }

    #[test]
    fn settings_and_scores_round_trip_and_a_fresh_store_says_missing() {
        let memory = Memory::default();
        let mut store = KeyedStore::new(&memory);
        assert!(store.load_scores().problem.unwrap().is_missing());
        let settings = Settings {
            reduce_flashing: true,
            last_mode: ModeKey::Classic,
            ..Settings::default()
        };
        let mut scores = HighScores::default();
        scores.arcade.record(entry(120));
        store.save_settings(&settings).unwrap();
        store.save_scores(&scores).unwrap();
        let mut again = KeyedStore::new(&memory);
        assert_eq!(again.load_settings().value, settings);
        assert_eq!(again.load_scores().value.arcade.best(), Some(120));
        assert!(memory.values.borrow().contains_key("spinfall/scores.json"));
    }

    #[test]
    fn a_damaged_value_is_set_aside_and_the_other_value_kept() {
        let memory = Memory::default();
        let store = KeyedStore::new(&memory);
        let mut scores = HighScores::default();
        scores.classic.record(entry(77));
        store.save_scores(&scores).unwrap();
        memory
            .values
            .borrow_mut()
            .insert("spinfall/settings.json".into(), "{not json".into());
        let mut store = KeyedStore::new(&memory);
        let loaded = store.load_settings();
        let line = loaded.problem.unwrap().to_string();
        assert!(line.contains("spinfall/settings.json is damaged"), "{line}");
        assert_eq!(loaded.value, Settings::default());
        assert_eq!(store.load_scores().value.classic.best(), Some(77));
        store.save_settings(&Settings::default()).unwrap();
        let values = memory.values.borrow();
        let aside: Vec<_> = values.keys().filter(|k| k.contains(".corrupt-")).collect();
        assert_eq!(aside.len(), 1);
        assert_eq!(values[aside[0]], "{not json");
    }

    #[test]
    fn a_full_store_refuses_saves_without_losing_what_it_holds() {
        let memory = Memory::default();
        let store = KeyedStore::new(&memory);
        let mut scores = HighScores::default();
        scores.arcade.record(entry(300));
        store.save_scores(&scores).unwrap();
        memory.full.set(true);
        scores.arcade.record(entry(500));
        let err = store.save_scores(&scores).unwrap_err().to_string();
        assert!(err.contains("storage full"), "{err}");
        // Damaged and impossible to copy aside: left as it is and never saved over.
        memory
            .values
            .borrow_mut()
            .insert("spinfall/settings.json".into(), "[]".into());
        let mut store = KeyedStore::new(&memory);
        assert!(store.load_settings().problem.unwrap().protects());
        memory.full.set(false);
        assert!(matches!(
            store.save_settings(&Settings::default()),
            Err(SaveError::Protected(_))
        ));
        assert_eq!(memory.values.borrow()["spinfall/settings.json"], "[]");
        assert_eq!(store.load_scores().value.arcade.best(), Some(300));
    }

    #[test]
    fn a_disabled_store_plays_on_with_defaults() {
        let memory = Memory::default();
        memory.disabled.set(true);
        let mut store = KeyedStore::new(&memory);
        let loaded = store.load_scores();
        assert_eq!(loaded.value, HighScores::default());
        let line = loaded.problem.unwrap().to_string();
        assert!(line.contains("storage disabled"), "{line}");
        assert!(store.save_scores(&HighScores::default()).is_err());
    }
}
