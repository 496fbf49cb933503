//! The keyboard keys a player can bind, with the names the settings file and the screens use.
//!
//! The names are this crate's own, not the window library's, so the settings file and everything that
//! reads it stay engine-free; the window maps each key to its key codes in one place.

/// Declares [`Key`] with each key's name, and the list of them all, from one table, so that a key
/// added to the enum cannot be forgotten in the names.
macro_rules! keys {
    ($($(#[$doc:meta])* $key:ident => $name:literal,)*) => {
        /// A keyboard key, by where it is rather than what it types.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Key {
            $($(#[$doc])* #[doc = concat!("The `", $name, "` key.")] $key,)*
        }

        impl Key {
            /// Every key, in the order the enum lists them.
            pub const ALL: &'static [Key] = &[$(Key::$key,)*];

            /// The key's name, as the settings file stores it and the screens show it.
            pub fn name(self) -> &'static str {
                match self {
                    $(Key::$key => $name,)*
                }
            }
        }
    };
}

keys! {
    A => "A", B => "B", C => "C", D => "D", E => "E", F => "F", G => "G", H => "H", I => "I",
    J => "J", K => "K", L => "L", M => "M", N => "N", O => "O", P => "P", Q => "Q", R => "R",
    S => "S", T => "T", U => "U", V => "V", W => "W", X => "X", Y => "Y", Z => "Z",
    Key0 => "0", Key1 => "1", Key2 => "2", Key3 => "3", Key4 => "4",
    Key5 => "5", Key6 => "6", Key7 => "7", Key8 => "8", Key9 => "9",
    F1 => "F1", F2 => "F2", F3 => "F3", F4 => "F4", F5 => "F5", F6 => "F6",
    F7 => "F7", F8 => "F8", F9 => "F9", F10 => "F10", F11 => "F11", F12 => "F12",
    Left => "Left", Right => "Right", Up => "Up", Down => "Down",
    Space => "Space", Enter => "Enter", Backspace => "Backspace", Tab => "Tab",
    Escape => "Esc", Delete => "Delete", Insert => "Insert", Home => "Home", End => "End",
    PageUp => "Page Up", PageDown => "Page Down",
    Minus => "-", Equal => "=", LeftBracket => "[", RightBracket => "]", Backslash => "\\",
    Semicolon => ";", Apostrophe => "'", Comma => ",", Period => ".", Slash => "/",
    GraveAccent => "`",
    Kp0 => "Keypad 0", Kp1 => "Keypad 1", Kp2 => "Keypad 2", Kp3 => "Keypad 3",
    Kp4 => "Keypad 4", Kp5 => "Keypad 5", Kp6 => "Keypad 6", Kp7 => "Keypad 7",
    Kp8 => "Keypad 8", Kp9 => "Keypad 9", KpDecimal => "Keypad .", KpDivide => "Keypad /",
    KpMultiply => "Keypad *", KpSubtract => "Keypad -", KpAdd => "Keypad +",
    LeftShift => "Left Shift", RightShift => "Right Shift",
    LeftControl => "Left Ctrl", RightControl => "Right Ctrl",
    LeftAlt => "Left Alt", RightAlt => "Right Alt",
}

impl Key {
    /// The key a name stands for, ignoring case (a hand-edited `"space"` is Space); `None` for a
    /// name no key has.
    pub fn from_name(name: &str) -> Option<Key> {
        let name = name.trim();
        Key::ALL
            .iter()
            .copied()
            .find(|key| key.name().eq_ignore_ascii_case(name))
    }
}

impl std::fmt::Display for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::Key;
    use std::collections::HashSet;

    #[test]
    fn every_name_reads_back_as_its_key_and_names_are_unique() {
        let mut seen = HashSet::new();
        for &key in Key::ALL {
            assert!(seen.insert(key.name().to_ascii_lowercase()), "{key:?}");
            assert_eq!(Key::from_name(key.name()), Some(key));
        }
        assert!(Key::ALL.len() > 90);
    }

    #[test]
    fn names_are_read_without_regard_to_case_or_edge_spaces() {
        assert_eq!(Key::from_name("space"), Some(Key::Space));
        assert_eq!(Key::from_name(" page up "), Some(Key::PageUp));
        assert_eq!(Key::from_name("f3"), Some(Key::F3));
        assert_eq!(Key::from_name("Jump"), None);
        assert_eq!(Key::from_name(""), None);
    }
}
