//! Bindings in the settings file, read leniently: each action's keys stand or fall alone.
//!
//! The rest of the settings file is read strictly (an unknown key sets the whole file aside), but a
//! binding is a player's hand-made list of key names, and one typo must not cost the others or the
//! rest of the settings. So the `controls` object is read as plain JSON: an action whose entry is
//! damaged (not one or two key names, a name no key has, a fixed key, the same key twice, or a key
//! another action has) falls back to its default keys, with one line saying so.
//!
//! ```json
//! "controls": { "left": ["Left", "A"], "pause": ["P"] }
//! ```
//!
//! An action the file leaves out keeps its defaults, so a settings file from before bindings existed
//! reads as the default keys.

use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use super::{fixed_job, Action, Binding, Bindings, Key};

/// The longest piece of a hand-edited file quoted in a warning, in characters.
const QUOTE_CHARS: usize = 40;

impl Serialize for Bindings {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(Action::ALL.len()))?;
        for action in Action::ALL {
            let names: Vec<&str> = self.get(action).keys().map(Key::name).collect();
            map.serialize_entry(action.name(), &names)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Bindings {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        Ok(read_leniently(&value))
    }
}

impl Bindings {
    /// Takes the lines saying what reading the file put back to defaults, leaving none.
    pub fn take_repairs(&mut self) -> Vec<String> {
        std::mem::take(&mut self.repairs)
    }
}

/// Reads the `controls` object, never failing: what cannot be used falls back to defaults and is
/// noted in the result's repairs.
fn read_leniently(value: &Value) -> Bindings {
    let mut keys = Bindings::default();
    let mut repairs = Vec::new();
    let Some(map) = value.as_object() else {
        repairs.push(format!(
            "\"controls\" is {}, not an object; using the default keys",
            kind(value)
        ));
        keys.repairs = repairs;
        return keys;
    };
    for (name, entry) in map {
        let Some(action) = Action::from_name(name) else {
            repairs.push(format!(
                "\"controls\" has no action \"{}\"; ignored",
                quote(name)
            ));
            continue;
        };
        match binding_from(entry) {
            Ok(binding) => keys.set_unchecked(action, binding),
            Err(why) => repairs.push(format!(
                "control \"{name}\" is damaged ({why}); using its default keys ({})",
                keys.names(action)
            )),
        }
    }
    repairs.extend(keys.settle_clashes());
    keys.repairs = repairs;
    keys
}

/// One action's keys from its entry: one or two key names (a single name may stand alone).
fn binding_from(entry: &Value) -> Result<Binding, String> {
    let names: Vec<&Value> = match entry {
        Value::String(_) => vec![entry],
        Value::Array(items) if (1..=2).contains(&items.len()) => items.iter().collect(),
        other => {
            return Err(format!(
                "expected one or two key names, found {}",
                kind(other)
            ))
        }
    };
    let mut keys = Vec::with_capacity(2);
    for name in names {
        let Value::String(name) = name else {
            return Err(format!("expected a key name, found {}", kind(name)));
        };
        let key =
            Key::from_name(name).ok_or_else(|| format!("no key is called \"{}\"", quote(name)))?;
        if let Some(job) = fixed_job(key) {
            return Err(format!("{key} is fixed: {job}"));
        }
        if keys.contains(&key) {
            return Err(format!("{key} twice"));
        }
        keys.push(key);
    }
    Ok(Binding {
        first: keys[0],
        second: keys.get(1).copied(),
    })
}

/// A JSON value's kind, for warnings.
fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(items) if items.is_empty() => "an empty list",
        Value::Array(_) => "a list of more than two",
        Value::Object(_) => "an object",
    }
}

/// At most [`QUOTE_CHARS`] characters of a hand-edited string, so a warning stays one short line.
fn quote(text: &str) -> String {
    let mut quoted: String = text.chars().take(QUOTE_CHARS).collect();
    if text.chars().count() > QUOTE_CHARS {
        quoted.push_str("...");
    }
    quoted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controls::Slot;
    use serde_json::json;

    fn read(value: Value) -> (Bindings, Vec<String>) {
        let mut keys: Bindings = serde_json::from_value(value).unwrap();
        let repairs = keys.take_repairs();
        (keys, repairs)
    }

    #[test]
    fn bindings_written_are_read_back() {
        let mut keys = Bindings::default();
        keys.bind(Action::Left, Slot::First, Key::J).unwrap();
        keys.clear(Action::Confirm, Slot::Second).unwrap();
        keys.bind(Action::DebugView, Slot::Second, Key::F4).unwrap();
        let json = serde_json::to_value(&keys).unwrap();
        assert_eq!(json["left"], json!(["J", "A"]));
        assert_eq!(json["confirm"], json!(["Enter"]));
        let (back, repairs) = read(json);
        assert_eq!(back, keys);
        assert!(repairs.is_empty(), "{repairs:?}");
    }

    #[test]
    fn an_empty_object_is_the_defaults_without_a_word() {
        let (keys, repairs) = read(json!({}));
        assert!(keys.are_defaults());
        assert!(repairs.is_empty());
    }

    #[test]
    fn each_damaged_binding_falls_back_alone_with_one_line() {
        let (keys, repairs) = read(json!({
            "left": ["J", "Hyperspace"],
            "right": "L",
            "pause": [],
            "back": ["Esc"],
            "confirm": ["K", "K"],
            "reduce_flashing": [7],
            "debug_view": ["F4", "F5", "F6"],
        }));
        assert_eq!(keys.names(Action::Right), "L", "a good binding survives");
        for action in [
            Action::Left,
            Action::Pause,
            Action::Back,
            Action::Confirm,
            Action::ReduceFlashing,
            Action::DebugView,
        ] {
            assert_eq!(keys.get(action), action.default_keys(), "{action:?}");
        }
        assert_eq!(repairs.len(), 6, "{repairs:#?}");
        let all = repairs.join("\n");
        for part in [
            "control \"left\" is damaged (no key is called \"Hyperspace\"); using its default keys (Left / A)",
            "\"pause\" is damaged (expected one or two key names, found an empty list)",
            "\"back\" is damaged (Esc is fixed: cancel, pause and back)",
            "\"confirm\" is damaged (K twice)",
            "\"reduce_flashing\" is damaged (expected a key name, found a number)",
            "\"debug_view\" is damaged (expected one or two key names, found a list of more than two)",
        ] {
            assert!(all.contains(part), "missing {part:?} in\n{all}");
        }
    }

    #[test]
    fn a_clash_in_the_file_puts_one_side_back_and_an_unknown_action_is_dropped() {
        let (keys, repairs) = read(json!({ "pause": ["D"], "jump": ["J"] }));
        assert!(keys.are_defaults());
        assert_eq!(repairs.len(), 2, "{repairs:?}");
        assert!(repairs[0].contains("no action \"jump\""), "{}", repairs[0]);
        assert!(
            repairs[1].contains("\"pause\" shares D with \"right\""),
            "{}",
            repairs[1]
        );
    }

    #[test]
    fn controls_of_another_kind_are_all_defaults_with_one_line() {
        let (keys, repairs) = read(json!(["Left", "A"]));
        assert!(keys.are_defaults());
        assert_eq!(repairs.len(), 1, "{repairs:?}");
        assert!(repairs[0].contains("an object"), "{}", repairs[0]);
    }

    #[test]
    fn a_long_name_is_quoted_short() {
        let long = "x".repeat(500);
        let (_, repairs) = read(json!({ "left": [long] }));
        assert!(repairs[0].len() < 160, "{}", repairs[0]);
    }
}
