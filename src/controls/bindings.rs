//! Which keys give which action: one or two keys each, no key for two actions, and the keys that
//! keep moving through menus whatever is bound.

use std::fmt;

use super::{fixed_job, Action, Key};

/// The keys of one action: a first key always, and a second if the player wants one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    /// The key shown first; an action always keeps at least this one, so it can never be lost.
    pub first: Key,
    /// Another key for the same action.
    pub second: Option<Key>,
}

impl Binding {
    /// The action's keys, first one first.
    pub fn keys(self) -> impl Iterator<Item = Key> {
        std::iter::once(self.first).chain(self.second)
    }

    /// The key in `slot`, if there is one.
    pub fn get(self, slot: Slot) -> Option<Key> {
        match slot {
            Slot::First => Some(self.first),
            Slot::Second => self.second,
        }
    }
}

/// Which of an action's two keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    /// The first key.
    First,
    /// The second, optional key.
    Second,
}

/// A direction through a menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuDir {
    /// The row above.
    Up,
    /// The row below.
    Down,
    /// The value one step down, or the column to the left.
    Left,
    /// The value one step up, or the column to the right.
    Right,
}

/// Why a key was not bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The key keeps a fixed job (see [`super::FIXED_KEYS`]).
    Fixed {
        /// The key pressed.
        key: Key,
        /// What it always does.
        job: &'static str,
    },
    /// The key already gives another action (or the same one, in its other slot).
    Taken {
        /// The key pressed.
        key: Key,
        /// The action it is bound to.
        by: Action,
    },
    /// Removing this key would leave the action with none.
    LastKey(Action),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Fixed { key, job } => write!(f, "{key} is fixed: {job}"),
            Refusal::Taken { key, by } => write!(f, "{key} is already bound to {}", by.label()),
            Refusal::LastKey(action) => write!(f, "{} needs at least one key", action.label()),
        }
    }
}

/// Every action's keys. A key gives at most one action, and no action has a fixed key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bindings {
    by_action: [Binding; Action::ALL.len()],
    /// What reading a damaged settings file had to put back to defaults, one line each, until the
    /// store takes them to report (see `Settings::take_warnings`).
    pub(super) repairs: Vec<String>,
}

impl Default for Bindings {
    fn default() -> Self {
        Bindings {
            by_action: Action::ALL.map(Action::default_keys),
            repairs: Vec::new(),
        }
    }
}

impl Bindings {
    /// The keys of `action`.
    pub fn get(&self, action: Action) -> Binding {
        self.by_action[action.index()]
    }

    /// The action `key` gives, if any.
    pub fn action_of(&self, key: Key) -> Option<Action> {
        Action::ALL
            .into_iter()
            .find(|&a| self.get(a).keys().any(|k| k == key))
    }

    /// Binds `key` to `action` in `slot`, replacing the key there; refuses a fixed key and one
    /// another action (or the other slot) already has, changing nothing.
    pub fn bind(&mut self, action: Action, slot: Slot, key: Key) -> Result<(), Refusal> {
        if let Some(job) = fixed_job(key) {
            return Err(Refusal::Fixed { key, job });
        }
        if self.get(action).get(slot) == Some(key) {
            return Ok(());
        }
        if let Some(by) = self.action_of(key) {
            return Err(Refusal::Taken { key, by });
        }
        let binding = &mut self.by_action[action.index()];
        match slot {
            Slot::First => binding.first = key,
            Slot::Second => binding.second = Some(key),
        }
        Ok(())
    }

    /// Removes the key in `slot`; the second key moves up when the first goes. Refused when it is the
    /// action's only key.
    pub fn clear(&mut self, action: Action, slot: Slot) -> Result<(), Refusal> {
        let binding = &mut self.by_action[action.index()];
        match (slot, binding.second) {
            (Slot::Second, _) => binding.second = None,
            (Slot::First, Some(second)) => {
                *binding = Binding {
                    first: second,
                    second: None,
                }
            }
            (Slot::First, None) => return Err(Refusal::LastKey(action)),
        }
        Ok(())
    }

    /// Puts every action back to its default keys.
    pub fn restore_defaults(&mut self) {
        self.by_action = Bindings::default().by_action;
    }

    /// Whether every action has its default keys.
    pub fn are_defaults(&self) -> bool {
        self.by_action == Bindings::default().by_action
    }

    /// The keys that move through menus in `dir`.
    ///
    /// Up and Down are fixed. Left and right are the keys bound to moving left and right. The keys
    /// that did the job before players chose their own (the arrows, W/A/S/D, Enter and Space for
    /// choosing, see [`Bindings::choose_keys`]) keep doing it while no action has them, so that
    /// rebinding movement to other keys never leaves a menu that cannot be stepped through.
    pub fn menu_keys(&self, dir: MenuDir) -> Vec<Key> {
        let (mut keys, spare): (Vec<Key>, &[Key]) = match dir {
            MenuDir::Up => (vec![Key::Up], &[Key::W]),
            MenuDir::Down => (vec![Key::Down], &[Key::S]),
            MenuDir::Left => (
                self.get(Action::Left).keys().collect(),
                &[Key::Left, Key::A],
            ),
            MenuDir::Right => (
                self.get(Action::Right).keys().collect(),
                &[Key::Right, Key::D],
            ),
        };
        keys.extend(self.spare(spare));
        keys
    }

    /// The keys that choose a menu row: those bound to confirming, and Enter and Space while no
    /// action has them.
    pub fn choose_keys(&self) -> Vec<Key> {
        let mut keys: Vec<Key> = self.get(Action::Confirm).keys().collect();
        keys.extend(self.spare(&[Key::Enter, Key::Space]));
        keys
    }

    /// Those of `keys` that no action has and that are not already listed.
    fn spare<'a>(&'a self, keys: &'a [Key]) -> impl Iterator<Item = Key> + 'a {
        keys.iter()
            .copied()
            .filter(|&k| self.action_of(k).is_none())
    }

    /// The action's keys as the screens' help lines name them: `"Enter / Space"`.
    pub fn names(&self, action: Action) -> String {
        self.get(action)
            .keys()
            .map(Key::name)
            .collect::<Vec<_>>()
            .join(" / ")
    }

    /// The movement keys as one help line names them: `"Left / Right or A / D"` when both sides have
    /// two keys, otherwise each side's keys: `"J and L / D"`.
    pub fn move_names(&self) -> String {
        let (left, right) = (self.get(Action::Left), self.get(Action::Right));
        match (left.second, right.second) {
            (Some(l2), Some(r2)) => format!("{} / {} or {l2} / {r2}", left.first, right.first),
            _ => format!(
                "{} and {}",
                self.names(Action::Left),
                self.names(Action::Right)
            ),
        }
    }

    /// Sets `action`'s keys as read from a file, unchecked; [`Bindings::settle_clashes`] checks
    /// them all afterwards.
    pub(super) fn set_unchecked(&mut self, action: Action, binding: Binding) {
        self.by_action[action.index()] = binding;
    }

    /// Puts back to its defaults any action whose keys another action also has (a hand-edited file
    /// can say anything), and returns a line for each. Of two clashing actions, one still at its
    /// defaults keeps its keys; otherwise the later one in [`Action::ALL`] gives way. Defaults never
    /// clash with each other, so each round restores one action and this ends.
    pub(super) fn settle_clashes(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        while let Some((a, b, key)) = self.first_clash() {
            let give_way = if self.get(b) == b.default_keys() {
                a
            } else {
                b
            };
            let other = if give_way == a { b } else { a };
            self.by_action[give_way.index()] = give_way.default_keys();
            lines.push(format!(
                "control \"{}\" shares {key} with \"{}\"; using its default keys ({})",
                give_way.name(),
                other.name(),
                self.names(give_way)
            ));
        }
        lines
    }

    /// Two actions that share a key, earlier one first, and the key.
    fn first_clash(&self) -> Option<(Action, Action, Key)> {
        for (i, a) in Action::ALL.into_iter().enumerate() {
            for b in Action::ALL.into_iter().skip(i + 1) {
                if let Some(key) = self
                    .get(a)
                    .keys()
                    .find(|&k| self.get(b).keys().any(|j| j == k))
                {
                    return Some((a, b, key));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_keys_the_game_always_had() {
        let keys = Bindings::default();
        assert_eq!(keys.names(Action::Left), "Left / A");
        assert_eq!(keys.names(Action::Right), "Right / D");
        assert_eq!(keys.names(Action::Confirm), "Enter / Space");
        assert_eq!(keys.names(Action::Pause), "P");
        assert_eq!(keys.names(Action::Back), "Q / Backspace");
        assert_eq!(keys.names(Action::ReduceFlashing), "F");
        assert_eq!(keys.names(Action::DebugView), "F3");
        assert!(keys.are_defaults());
        assert_eq!(keys.first_clash(), None);
    }

    #[test]
    fn movement_is_named_in_pairs_when_it_can_be() {
        let mut keys = Bindings::default();
        assert_eq!(keys.move_names(), "Left / Right or A / D");
        keys.clear(Action::Left, Slot::Second).unwrap();
        keys.bind(Action::Left, Slot::First, Key::J).unwrap();
        assert_eq!(keys.move_names(), "J and Right / D");
    }

    #[test]
    fn a_key_bound_elsewhere_is_refused_and_nothing_changes() {
        let mut keys = Bindings::default();
        let before = keys.clone();
        assert_eq!(
            keys.bind(Action::Pause, Slot::Second, Key::Space),
            Err(Refusal::Taken {
                key: Key::Space,
                by: Action::Confirm
            })
        );
        // The other slot of the same action counts as taken too: one key, one place.
        assert_eq!(
            keys.bind(Action::Left, Slot::First, Key::A),
            Err(Refusal::Taken {
                key: Key::A,
                by: Action::Left
            })
        );
        assert_eq!(keys, before);
        // The key already in that very slot is simply kept.
        assert_eq!(keys.bind(Action::Left, Slot::First, Key::Left), Ok(()));
        assert_eq!(keys, before);
    }

    #[test]
    fn fixed_keys_are_refused_with_their_job() {
        let mut keys = Bindings::default();
        for key in [Key::Escape, Key::Up, Key::Down, Key::F11, Key::Delete] {
            let refusal = keys.bind(Action::Confirm, Slot::First, key).unwrap_err();
            assert!(matches!(refusal, Refusal::Fixed { .. }), "{key}");
        }
        assert_eq!(
            keys.bind(Action::Pause, Slot::First, Key::Escape)
                .unwrap_err()
                .to_string(),
            "Esc is fixed: cancel, pause and back"
        );
        assert!(keys.are_defaults());
    }

    #[test]
    fn a_rebound_key_moves_and_frees_the_old_one() {
        let mut keys = Bindings::default();
        keys.bind(Action::Pause, Slot::First, Key::K).unwrap();
        assert_eq!(keys.action_of(Key::K), Some(Action::Pause));
        assert_eq!(keys.action_of(Key::P), None);
        keys.bind(Action::Confirm, Slot::Second, Key::P).unwrap();
        assert_eq!(keys.names(Action::Confirm), "Enter / P");
        assert!(!keys.are_defaults());
        keys.restore_defaults();
        assert!(keys.are_defaults());
    }

    #[test]
    fn clearing_keeps_at_least_one_key() {
        let mut keys = Bindings::default();
        keys.clear(Action::Back, Slot::First).unwrap();
        assert_eq!(keys.names(Action::Back), "Backspace");
        assert_eq!(
            keys.clear(Action::Back, Slot::First),
            Err(Refusal::LastKey(Action::Back))
        );
        keys.clear(Action::Back, Slot::Second).unwrap();
        assert_eq!(keys.names(Action::Back), "Backspace");
    }

    #[test]
    fn menus_keep_their_old_keys_while_nothing_else_has_them() {
        let mut keys = Bindings::default();
        assert_eq!(keys.menu_keys(MenuDir::Up), vec![Key::Up, Key::W]);
        assert_eq!(keys.menu_keys(MenuDir::Left), vec![Key::Left, Key::A]);
        // Movement on J and L: the arrows still step menus, and so do J and L.
        keys.bind(Action::Left, Slot::First, Key::J).unwrap();
        keys.bind(Action::Left, Slot::Second, Key::H).unwrap();
        assert_eq!(
            keys.menu_keys(MenuDir::Left),
            vec![Key::J, Key::H, Key::Left, Key::A]
        );
        // W given to pausing no longer moves up a menu; the Up arrow always does.
        keys.bind(Action::Pause, Slot::Second, Key::W).unwrap();
        assert_eq!(keys.menu_keys(MenuDir::Up), vec![Key::Up]);
        // Enter given to pausing no longer chooses.
        keys.bind(Action::Confirm, Slot::First, Key::K).unwrap();
        keys.bind(Action::Pause, Slot::First, Key::Enter).unwrap();
        assert_eq!(keys.choose_keys(), vec![Key::K, Key::Space]);
    }

    #[test]
    fn clashes_from_a_file_put_the_later_custom_action_back() {
        let mut keys = Bindings::default();
        keys.set_unchecked(
            Action::Pause,
            Binding {
                first: Key::Space,
                second: None,
            },
        );
        let lines = keys.settle_clashes();
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(lines[0].contains("\"pause\" shares Space"), "{}", lines[0]);
        assert!(keys.are_defaults());

        // Two custom actions: the later one gives way, and its default then clashes with a third.
        let mut keys = Bindings::default();
        let one = |first| Binding {
            first,
            second: None,
        };
        keys.set_unchecked(Action::Left, one(Key::P));
        keys.set_unchecked(Action::Confirm, one(Key::P));
        keys.set_unchecked(Action::Pause, one(Key::Enter));
        let lines = keys.settle_clashes();
        assert_eq!(keys.first_clash(), None);
        // Confirm gave way to Left over P; Pause gave way to Confirm's Enter; then Left, no longer
        // alone on P, gave way to Pause at its default.
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert!(keys.are_defaults(), "{keys:?}");
    }
}
