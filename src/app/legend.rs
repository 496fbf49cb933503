//! What each power-up does, in words: the legend on the title and pause screens, and the line shown
//! the first time each kind is caught in a game.

use macroquad::prelude::*;

use spinfall::sim::{steps_to_seconds, PowerUpKind, GROW_SCALE};

use super::render::{draw_solid_panel, GOLD, SOFT};
use super::view::{Align, Text};
use super::App;

/// The power-up's name as the screens print it.
pub fn name(kind: PowerUpKind) -> &'static str {
    match kind {
        PowerUpKind::Shrink => "Shrink",
        PowerUpKind::Grow => "Grow",
        PowerUpKind::Shield => "Shield",
        PowerUpKind::Slow => "Slow",
    }
}

/// A few words on what the power-up does, short enough for a legend column.
pub fn effect(kind: PowerUpKind) -> &'static str {
    match kind {
        PowerUpKind::Shrink => "half size: a smaller target",
        PowerUpKind::Grow => "AVOID: bigger target, x2 dodge points",
        PowerUpKind::Shield => "absorbs the next hit",
        PowerUpKind::Slow => "blocks fall and spin at half speed",
    }
}

/// The one line shown when the power-up is caught for the first time in a game.
pub fn explanation(kind: PowerUpKind) -> String {
    let seconds = steps_to_seconds(u64::from(kind.duration()));
    match kind {
        PowerUpKind::Shrink => format!("Shrink: half size for {seconds:.0} s, a smaller target"),
        PowerUpKind::Grow => format!(
            "Grow (a hazard): {GROW_SCALE}x size for {seconds:.0} s, but dodges score double"
        ),
        PowerUpKind::Shield => {
            format!("Shield: absorbs the next hit (lasts up to {seconds:.0} s)")
        }
        PowerUpKind::Slow => format!("Slow: blocks at half speed for {seconds:.0} s"),
    }
}

/// Which kinds the player has caught so far in the current game, so each is explained once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FirstCatches {
    seen: [bool; PowerUpKind::ALL.len()],
}

impl FirstCatches {
    /// Notes a catch; returns the explanation when it is the game's first of that kind.
    pub fn caught(&mut self, kind: PowerUpKind) -> Option<String> {
        let seen = std::mem::replace(&mut self.seen[kind.index()], true);
        (!seen).then(|| explanation(kind))
    }
}

impl App {
    /// What each power-up does: a two-column panel of tokens and words, `top` its upper edge.
    ///
    /// The panel is opaque: on the title it sits where the attract game's figure walks, and the figure
    /// showing through made the small print hard to read.
    ///
    /// On a phone held upright it is one column, narrow enough to be enlarged to a readable size.
    pub(super) fn draw_legend(&self, text: &Text, top: f32) {
        let columns = self.legend_columns();
        let row_h = 28.0;
        // As wide as its longest entry needs: a phone's text floor can draw the words larger than
        // the design's 16 and 15 pixels.
        let column_w = PowerUpKind::ALL
            .into_iter()
            .map(|kind| {
                24.0 + 30.0 + 16.0 + text.width(name(kind), 16.0) + text.width(effect(kind), 15.0)
            })
            .fold(if columns == 2 { 340.0 } else { 440.0 }, f32::max);
        let w = column_w * columns as f32;
        let x = 400.0 - w / 2.0;
        draw_solid_panel(x, top, w, self.legend_height());
        for (i, kind) in PowerUpKind::ALL.into_iter().enumerate() {
            let cx = x + 24.0 + (i % columns) as f32 * column_w;
            let cy = top + 5.0 + row_h / 2.0 + (i / columns) as f32 * row_h;
            let pulse = 0.5 + 0.5 * (self.clock * 5.0 + i as f32).sin();
            self.draw_token(kind, vec2(cx, cy), vec2(20.0, 20.0), 0.0, pulse);
            let base = cy + 5.5;
            let name_w = text.draw(name(kind), cx + 22.0, base, 16.0, Align::Left, WHITE);
            let color = if kind.is_hazard() { GOLD } else { SOFT };
            text.draw(
                effect(kind),
                cx + 30.0 + name_w,
                base,
                15.0,
                Align::Left,
                color,
            );
        }
    }
}

impl App {
    /// One column on a narrow phone screen, two elsewhere.
    fn legend_columns(&self) -> usize {
        if self.touch.layout.narrow() {
            1
        } else {
            2
        }
    }

    /// The legend's height, in design pixels.
    pub(super) fn legend_height(&self) -> f32 {
        PowerUpKind::ALL.len().div_ceil(self.legend_columns()) as f32 * 28.0 + 10.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_is_explained_on_its_first_catch_of_a_game_only() {
        let mut game = FirstCatches::default();
        for kind in PowerUpKind::ALL {
            let line = game.caught(kind).expect("first catch is explained");
            assert!(line.starts_with(name(kind)), "{line}");
            assert_eq!(game.caught(kind), None, "{kind:?} explained twice");
        }
        // A new game explains them again.
        let mut next = FirstCatches::default();
        assert!(next.caught(PowerUpKind::Grow).is_some());
    }

    #[test]
    fn explanations_follow_the_sims_durations_and_call_grow_a_hazard() {
        for kind in PowerUpKind::ALL {
            let seconds = steps_to_seconds(u64::from(kind.duration()));
            let line = explanation(kind);
            assert!(line.contains(&format!("{seconds:.0} s")), "{line}");
        }
        assert!(explanation(PowerUpKind::Grow).contains("hazard"));
        assert!(explanation(PowerUpKind::Grow).contains("1.5x"));
        for kind in PowerUpKind::ALL {
            assert_eq!(
                kind.is_hazard(),
                effect(kind).starts_with("AVOID"),
                "{kind:?}"
            );
        }
    }
}
