//! The browser's `localStorage` as the place settings and scores are kept.

use super::keyed::{KeyedStore, Keys};
use crate::web;

/// The page's `localStorage`.
#[derive(Clone, Copy, Debug, Default)]
pub struct LocalStorage;

impl Keys for LocalStorage {
    fn get(&self, key: &str) -> Result<Option<String>, String> {
        web::storage_get(key).map_err(|e| e.to_string())
    }

    fn set(&self, key: &str, value: &str) -> Result<(), String> {
        web::storage_set(key, value).map_err(|e| e.to_string())
    }

    fn remove(&self, key: &str) -> Result<(), String> {
        web::storage_remove(key).map_err(|e| e.to_string())
    }
}

/// Settings and scores in the page's `localStorage`.
pub type PageStore = KeyedStore<LocalStorage>;

impl PageStore {
    /// The store the page's game uses.
    pub fn from_env() -> PageStore {
        KeyedStore::new(LocalStorage)
    }
}
