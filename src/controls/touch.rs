//! Touch play's rules, engine-free: the two schemes a player chooses between, and how fingers become
//! the same per-step movement a keyboard gives.
//!
//! Whatever the fingers do, movement comes out as -1, 0 or 1, whole steps as the keyboard gives, so a
//! touch game records the same [`Input`](crate::sim::Input) a keyboard game does: its replay verifies
//! and plays back on the desktop, and touch is no advantage in the score tables.

use serde::{Deserialize, Serialize};

/// How fingers move the figure, chosen in the settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TouchScheme {
    /// Two large areas, left and right of the field: a finger held on one walks that way.
    #[default]
    Buttons,
    /// The figure walks, at its top speed, towards the finger's horizontal position.
    Drag,
}

impl TouchScheme {
    /// The other scheme (there are two, so stepping either way gives the same).
    pub fn next(self) -> TouchScheme {
        match self {
            TouchScheme::Buttons => TouchScheme::Drag,
            TouchScheme::Drag => TouchScheme::Buttons,
        }
    }

    /// The name the menu shows.
    pub fn name(self) -> &'static str {
        match self {
            TouchScheme::Buttons => "Buttons",
            TouchScheme::Drag => "Drag",
        }
    }
}

/// Which side a finger on the buttons scheme presses, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The left area.
    Left,
    /// The right area.
    Right,
}

/// Movement from the buttons scheme: the side under the oldest finger that is on a side decides.
///
/// `sides` lists every finger down, oldest first, with the side it is on (`None` off both areas), so
/// a second finger neither blocks nor reverses the first; it takes over when the first lifts or leaves
/// its area.
pub fn buttons_move(sides: &[Option<Side>]) -> f32 {
    match sides.iter().flatten().next() {
        Some(Side::Left) => -1.0,
        Some(Side::Right) => 1.0,
        None => 0.0,
    }
}

/// Movement from the drag scheme: a whole step towards `target_x` from `figure_x` (both in playfield
/// px), or none when the figure is within one step (`step`, its top speed per step) of it, so it stops
/// under the finger instead of trembling about it.
///
/// The result is -1, 0 or 1, exactly what the keyboard gives, so the figure never walks faster than
/// it does under the keys.
pub fn drag_move(target_x: f32, figure_x: f32, step: f32) -> f32 {
    let gap = target_x - figure_x;
    if !gap.is_finite() || gap.abs() < step.abs().max(f32::EPSILON) {
        0.0
    } else {
        gap.signum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_finger_on_a_side_keeps_it_whatever_a_second_does() {
        use Side::{Left, Right};
        assert_eq!(buttons_move(&[]), 0.0);
        assert_eq!(buttons_move(&[Some(Left)]), -1.0);
        // A second finger on the other side neither blocks nor reverses the first.
        assert_eq!(buttons_move(&[Some(Left), Some(Right)]), -1.0);
        assert_eq!(buttons_move(&[Some(Right), Some(Left)]), 1.0);
        // A first finger off both areas (on the field, say) leaves the second in charge.
        assert_eq!(buttons_move(&[None, Some(Right)]), 1.0);
        assert_eq!(buttons_move(&[None, None]), 0.0);
    }

    #[test]
    fn dragging_moves_by_whole_steps_and_stops_within_one() {
        assert_eq!(drag_move(700.0, 400.0, 5.0), 1.0);
        assert_eq!(drag_move(10.0, 400.0, 5.0), -1.0);
        assert_eq!(drag_move(403.0, 400.0, 5.0), 0.0);
        assert_eq!(drag_move(396.0, 400.0, 5.0), 0.0);
        assert_eq!(drag_move(f32::NAN, 400.0, 5.0), 0.0);
        // Never more than the keyboard's whole step, however far the finger is.
        for target in [-1e9, -50.0, 0.0, 399.0, 820.0, 1e9] {
            assert!(drag_move(target, 400.0, 5.0).abs() <= 1.0);
        }
    }

    #[test]
    fn schemes_step_round_and_have_names() {
        assert_eq!(TouchScheme::default(), TouchScheme::Buttons);
        assert_eq!(TouchScheme::Buttons.next().next(), TouchScheme::Buttons);
        assert_eq!(TouchScheme::Drag.name(), "Drag");
    }
}
