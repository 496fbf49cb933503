//! The player's [`Key`]s as the window's key codes, both ways.
//!
//! The bindings name keys in the game's own terms (see [`spinfall::controls`]); this is the one place
//! that knows macroquad's codes for them.

use macroquad::prelude::KeyCode;
use spinfall::controls::Key;

/// Maps between [`Key`] and [`KeyCode`] for keys whose variants share a name, from one list, so
/// neither direction can leave a key out.
macro_rules! same_names {
    ($($key:ident),* $(,)?) => {
        /// The key codes that count as `key`: one each, but Enter counts for both Enter keys.
        pub(super) fn codes(key: Key) -> &'static [KeyCode] {
            match key {
                Key::Enter => &[KeyCode::Enter, KeyCode::KpEnter],
                $(Key::$key => &[KeyCode::$key],)*
            }
        }

        /// The key a key code stands for; `None` for a code no binding can use (the Super keys,
        /// Caps Lock, Print Screen, a key the window does not know).
        pub(super) fn key_of(code: KeyCode) -> Option<Key> {
            Some(match code {
                KeyCode::Enter | KeyCode::KpEnter => Key::Enter,
                $(KeyCode::$key => Key::$key,)*
                _ => return None,
            })
        }
    };
}

same_names!(
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
    I,
    J,
    K,
    L,
    M,
    N,
    O,
    P,
    Q,
    R,
    S,
    T,
    U,
    V,
    W,
    X,
    Y,
    Z, //
    Key0,
    Key1,
    Key2,
    Key3,
    Key4,
    Key5,
    Key6,
    Key7,
    Key8,
    Key9, //
    F1,
    F2,
    F3,
    F4,
    F5,
    F6,
    F7,
    F8,
    F9,
    F10,
    F11,
    F12, //
    Left,
    Right,
    Up,
    Down,
    Space,
    Backspace,
    Tab,
    Escape,
    Delete,
    Insert,
    Home,
    End,
    PageUp,
    PageDown,
    Minus,
    Equal,
    LeftBracket,
    RightBracket,
    Backslash,
    Semicolon,
    Apostrophe,
    Comma,
    Period,
    Slash,
    GraveAccent, //
    Kp0,
    Kp1,
    Kp2,
    Kp3,
    Kp4,
    Kp5,
    Kp6,
    Kp7,
    Kp8,
    Kp9,
    KpDecimal,
    KpDivide,
    KpMultiply,
    KpSubtract,
    KpAdd,
    LeftShift,
    RightShift,
    LeftControl,
    RightControl,
    LeftAlt,
    RightAlt,
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_has_codes_that_map_back_to_it() {
        for &key in Key::ALL {
            let codes = codes(key);
            assert!(!codes.is_empty(), "{key:?}");
            for &code in codes {
                assert_eq!(key_of(code), Some(key), "{key:?} {code:?}");
            }
        }
        assert_eq!(key_of(KeyCode::LeftSuper), None);
    }
}
