//! The keys the player chooses: the actions that can be bound, the keys that stay fixed, and the
//! bindings kept with the settings.
//!
//! Engine-free, so the rules (defaults, the clash rule, reading a hand-edited file leniently) are
//! tested without a window; the window maps [`Key`]s to its own key codes. Bindings only choose which
//! keys give which action: movement still becomes the same per-step [`Input`](crate::sim::Input) the
//! simulation records, so replays and scores do not depend on them.
//!
//! ```
//! use spinfall::controls::{Action, Bindings, Key, Slot};
//!
//! let mut keys = Bindings::default();
//! keys.bind(Action::Left, Slot::Second, Key::J).unwrap();
//! assert_eq!(keys.action_of(Key::J), Some(Action::Left));
//! // D already moves right: the clash is refused and says why.
//! let refusal = keys.bind(Action::Left, Slot::First, Key::D).unwrap_err();
//! assert_eq!(refusal.to_string(), "D is already bound to Move right");
//! ```

mod bindings;
mod key;
mod lenient;
mod touch;

pub use bindings::{Binding, Bindings, MenuDir, Refusal, Slot};
pub use key::Key;
pub use touch::{buttons_move, drag_move, Side, TouchScheme};

/// Something the player does that a key can be bound to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Move the figure left (and step a menu value down).
    Left,
    /// Move the figure right (and step a menu value up).
    Right,
    /// Start, play again, resume, choose a menu row.
    Confirm,
    /// Pause and resume a game.
    Pause,
    /// Leave to the title from pause or game over; leave a menu.
    Back,
    /// Switch "reduce flashing", on any screen.
    ReduceFlashing,
    /// Switch the collision debug view.
    DebugView,
}

impl Action {
    /// Every action, in the order the Controls screen lists them.
    pub const ALL: [Action; 7] = [
        Action::Left,
        Action::Right,
        Action::Confirm,
        Action::Pause,
        Action::Back,
        Action::ReduceFlashing,
        Action::DebugView,
    ];

    /// The action's name in the settings file.
    pub fn name(self) -> &'static str {
        match self {
            Action::Left => "left",
            Action::Right => "right",
            Action::Confirm => "confirm",
            Action::Pause => "pause",
            Action::Back => "back",
            Action::ReduceFlashing => "reduce_flashing",
            Action::DebugView => "debug_view",
        }
    }

    /// The action as the screens name it.
    pub fn label(self) -> &'static str {
        match self {
            Action::Left => "Move left",
            Action::Right => "Move right",
            Action::Confirm => "Confirm / start",
            Action::Pause => "Pause / resume",
            Action::Back => "Back / quit to title",
            Action::ReduceFlashing => "Reduce flashing",
            Action::DebugView => "Collision debug view",
        }
    }

    /// The action a settings-file name stands for.
    pub fn from_name(name: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|a| a.name() == name)
    }

    /// The keys this action had before players could choose: its defaults.
    pub fn default_keys(self) -> Binding {
        let (first, second) = match self {
            Action::Left => (Key::Left, Some(Key::A)),
            Action::Right => (Key::Right, Some(Key::D)),
            Action::Confirm => (Key::Enter, Some(Key::Space)),
            Action::Pause => (Key::P, None),
            Action::Back => (Key::Q, Some(Key::Backspace)),
            Action::ReduceFlashing => (Key::F, None),
            Action::DebugView => (Key::F3, None),
        };
        Binding { first, second }
    }

    /// The position of this action in [`Action::ALL`].
    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

/// The keys no binding may take, and the job each keeps whatever the player binds.
///
/// Escape is the universal way out (cancel a prompt, pause, leave), so a player can never lock
/// themselves out; Up and Down always move through menus; F11 always switches fullscreen (Alt+Enter
/// too, a chord that leaves Enter free); Delete removes a key on the Controls screen.
pub const FIXED_KEYS: [(Key, &str); 5] = [
    (Key::Escape, "cancel, pause and back"),
    (Key::Up, "menu up"),
    (Key::Down, "menu down"),
    (Key::F11, "fullscreen"),
    (Key::Delete, "removes a key on this screen"),
];

/// The fixed job of `key`, if it is one of the [`FIXED_KEYS`].
pub fn fixed_job(key: Key) -> Option<&'static str> {
    FIXED_KEYS
        .iter()
        .find(|(fixed, _)| *fixed == key)
        .map(|(_, job)| *job)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_are_listed_in_index_order_and_named_both_ways() {
        for (i, action) in Action::ALL.into_iter().enumerate() {
            assert_eq!(action.index(), i);
            assert_eq!(Action::from_name(action.name()), Some(action));
        }
        assert_eq!(Action::from_name("jump"), None);
    }

    #[test]
    fn no_default_key_is_fixed() {
        for action in Action::ALL {
            for key in action.default_keys().keys() {
                assert_eq!(fixed_job(key), None, "{action:?} {key}");
            }
        }
        assert_eq!(fixed_job(Key::Escape), Some("cancel, pause and back"));
    }
}
