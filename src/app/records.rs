//! Which games count: only games the player played are kept in the high-score tables.
//!
//! A `--pilot` run (a bot or an idle figure playing in a window) and the title's attract game are
//! demos; recording them would leave the player a best score they never set and could never beat.

use spinfall::cli::Pilot;
use spinfall::store::{HighScores, ModeKey, ScoreEntry};

/// Who is at the controls of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Driver {
    /// The player, with keyboard or gamepad.
    Player,
    /// A pilot from the command line or the attract mode: its results are shown, never kept.
    Demo,
}

impl Driver {
    /// The driver of a window run's games: any `--pilot` makes them demos.
    pub fn of(pilot: Option<Pilot>) -> Driver {
        match pilot {
            None => Driver::Player,
            Some(_) => Driver::Demo,
        }
    }
}

/// Records a finished game in its mode's table when the player drove it, returning its rank there;
/// a demo's result leaves the table as it was and returns `None`.
pub fn record(
    scores: &mut HighScores,
    driver: Driver,
    mode: ModeKey,
    entry: ScoreEntry,
) -> Option<usize> {
    match driver {
        Driver::Player => scores.table_mut(mode).record(entry),
        Driver::Demo => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use spinfall::assets::Assets;
    use spinfall::sim::{Bot, Mode, World};

    /// Lets the bot play twenty seconds of an arcade game and returns its result.
    fn bot_game(seed: u64) -> ScoreEntry {
        let shapes = Assets::embedded().shapes().unwrap();
        let mut world = World::new(Mode::Arcade, seed, shapes);
        let mut bot = Bot::new();
        while !world.is_over() && world.stats().steps < 20 * 60 {
            let input = bot.input(&world);
            world.step(input);
        }
        ScoreEntry {
            score: world.score(),
            seed,
            unix_time: 0,
            replay: None,
            speed: None,
        }
    }

    #[test]
    fn every_pilot_makes_a_demo_and_no_pilot_is_the_player() {
        assert_eq!(Driver::of(None), Driver::Player);
        assert_eq!(Driver::of(Some(Pilot::Bot)), Driver::Demo);
        assert_eq!(Driver::of(Some(Pilot::Idle)), Driver::Demo);
    }

    #[test]
    fn a_pilots_game_is_never_recorded() {
        let entry = bot_game(5);
        assert!(entry.score > 0, "the bot scores something");
        let mut scores = HighScores::default();
        for mode in [ModeKey::Arcade, ModeKey::Classic] {
            assert_eq!(
                record(&mut scores, Driver::of(Some(Pilot::Bot)), mode, entry),
                None
            );
        }
        assert_eq!(scores, HighScores::default());

        // The same result played by the player is kept.
        let rank = record(&mut scores, Driver::of(None), ModeKey::Arcade, entry);
        assert_eq!(rank, Some(0));
        assert_eq!(scores.arcade.best(), Some(entry.score));
    }
}
