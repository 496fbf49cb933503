//! What the two save files are: their names, format version and size cap, and the checked JSON
//! both are read as.

use serde::de::DeserializeOwned;

/// File name of the settings inside the config directory.
pub const SETTINGS_FILE: &str = "settings.json";

/// File name of the high scores inside the config directory.
pub const SCORES_FILE: &str = "scores.json";

/// Format version written into both files, so a later release can migrate old files instead of guessing.
///
/// Version 2 lets a score entry name its replay; version 1 files read as entries without one.
/// Version 3 adds the game speed to the settings and to entries played below full speed; older files
/// read as full speed, and an older Spinfall leaves a version 3 file untouched instead of setting
/// aside what it does not know. Version 4 adds the player's key bindings to the settings; older files
/// read as the default keys. Version 5 adds the touch scheme to the settings; older files read as the
/// buttons.
pub const FORMAT_VERSION: u32 = 5;

/// The most bytes read from a settings or scores file: hundreds of times what the game writes, and
/// little enough that a huge stray file is refused at once instead of parsed for seconds.
pub const MAX_SAVE_BYTES: u64 = 1 << 20;

/// A file format this store reads: JSON whose shape is checked before it is trusted.
pub(super) trait FileFormat: DeserializeOwned + Default {
    /// Why `json` is not this format's shape, beyond what deserializing checks: serde accepts an array
    /// for a struct, which a hand-edited or foreign file must not slip through as "empty".
    fn shape_error(json: &serde_json::Value) -> Option<String> {
        (!json.is_object()).then(|| format!("expected an object, found {}", json_kind(json)))
    }

    /// Defaults tidied as a loaded value would be.
    fn sanitise(&mut self);

    /// Takes the lines saying which parts of the file were damaged and fell back to their defaults
    /// while the rest was kept; none by default, where any damage sets the whole file aside.
    fn take_warnings(&mut self) -> Vec<String> {
        Vec::new()
    }

    /// Folds in what is on disk when saving, which another running game may have written since this
    /// one loaded. By default this value wins whole: a setting's latest choice is the one that counts.
    fn merge_saved(&mut self, _saved: Self) {}
}

/// Why a save file's bytes are not a usable value.
#[derive(Debug)]
pub(super) enum Undecodable {
    /// Nothing but whitespace.
    Empty,
    /// A newer Spinfall's file, of this format version.
    Newer(f64),
    /// Not JSON, or JSON of another shape; what the check said.
    Damaged(String),
}

/// Reads a save file's bytes as `T`.
///
/// The version is checked before the shape: a newer release may have changed the shape, and its file
/// must survive a detour through this one.
pub(super) fn decode<T: FileFormat>(bytes: &[u8]) -> Result<T, Undecodable> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(Undecodable::Empty);
    }
    let parsed = serde_json::from_slice::<serde_json::Value>(bytes).map_err(|e| e.to_string());
    if let Some(version) = parsed
        .as_ref()
        .ok()
        .and_then(|json| json.get("version")?.as_f64())
        .filter(|&v| v > f64::from(FORMAT_VERSION))
    {
        return Err(Undecodable::Newer(version));
    }
    let checked = parsed.and_then(|json| match T::shape_error(&json) {
        Some(e) => Err(e),
        None => Ok(json),
    });
    checked
        .and_then(|json| T::deserialize(json).map_err(|e| e.to_string()))
        .map_err(Undecodable::Damaged)
}

/// A JSON value's kind, for messages.
pub(super) fn json_kind(json: &serde_json::Value) -> &'static str {
    match json {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}
