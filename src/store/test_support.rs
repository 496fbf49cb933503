//! Helpers shared by the store's unit tests.

use std::fs;
use std::path::Path;

use super::{ScoreEntry, Store};

pub(super) fn store_in(dir: &tempfile::TempDir) -> Store {
    Store::new(Some(dir.path().to_path_buf()))
}

pub(super) fn entry(score: u64) -> ScoreEntry {
    ScoreEntry {
        score,
        seed: score * 10,
        unix_time: 1_700_000_000,
        replay: None,
        speed: None,
    }
}

pub(super) fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}
