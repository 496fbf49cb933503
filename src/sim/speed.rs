//! The game-speed assist: the whole simulation shown slower, so that a player who needs more time
//! to react gets it, while every rule stays as it is in game time.
//!
//! The world itself knows nothing of it: it always steps 1/60 s of game time. A slower game is the
//! same sequence of steps shown at fewer steps per real second, so blocks, spin, the figure's walk,
//! spawning, the difficulty's rise, power-up durations and the grace period all slow together, and
//! the score, which follows game time, is never inflated by playing slower. What does depend on the
//! speed is who plays: a person (or the casual pilot, see [`crate::sim::CasualLimits::at_speed`])
//! reacts in real seconds, which are more game steps at full speed than at a slow one.

use std::fmt;

use super::STEP_SECONDS;

/// A game speed: 60, 70, 80, 90 or 100 percent of full speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameSpeed(u8);

impl GameSpeed {
    /// Full speed, the default.
    pub const FULL: GameSpeed = GameSpeed(100);
    /// The slowest speed offered.
    pub const SLOWEST: GameSpeed = GameSpeed(60);
    /// Every speed offered, slowest first.
    pub const ALL: [GameSpeed; 5] = [
        GameSpeed(60),
        GameSpeed(70),
        GameSpeed(80),
        GameSpeed(90),
        GameSpeed(100),
    ];

    /// The speed of `percent` if it is one offered (60 to 100 in steps of 10).
    pub fn from_percent(percent: u32) -> Option<GameSpeed> {
        GameSpeed::ALL
            .into_iter()
            .find(|s| u32::from(s.0) == percent)
    }

    /// The speed in percent of full speed.
    pub fn percent(self) -> u32 {
        u32::from(self.0)
    }

    /// The speed as a fraction of full speed: game seconds per real second.
    pub fn fraction(self) -> f64 {
        f64::from(self.0) / 100.0
    }

    /// Whether this is full speed.
    pub fn is_full(self) -> bool {
        self == GameSpeed::FULL
    }

    /// The next speed offered in the direction of `step` (+1 faster, -1 slower), staying at the ends.
    pub fn stepped(self, step: i32) -> GameSpeed {
        let i = GameSpeed::ALL.iter().position(|&s| s == self).unwrap_or(4) as i32;
        GameSpeed::ALL[(i + step).clamp(0, 4) as usize]
    }

    /// Real seconds that `game_seconds` of game time take at this speed.
    pub fn real_seconds(self, game_seconds: f64) -> f64 {
        game_seconds / self.fraction()
    }
}

impl Default for GameSpeed {
    fn default() -> Self {
        GameSpeed::FULL
    }
}

impl fmt::Display for GameSpeed {
    /// `70%`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}%", self.0)
    }
}

/// Whole fixed steps out of real frame time at a game speed: the accumulator a window's loop runs
/// on. At full speed a frame's real seconds are its game seconds, unchanged.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pacer {
    /// Game seconds received and not yet stepped.
    carry: f32,
}

impl Pacer {
    /// Adds a frame of `real_seconds` shown at `speed`.
    pub fn add(&mut self, real_seconds: f32, speed: GameSpeed) {
        self.carry += if speed.is_full() {
            real_seconds
        } else {
            real_seconds * speed.fraction() as f32
        };
    }

    /// Takes one step's worth of game time, if there is that much; true when a step is due.
    pub fn take_step(&mut self) -> bool {
        if self.carry >= STEP_SECONDS {
            self.carry -= STEP_SECONDS;
            true
        } else {
            false
        }
    }

    /// How far the game is into its next step, 0 to 1: where to draw between two steps' poses.
    pub fn between_steps(&self) -> f32 {
        (self.carry / STEP_SECONDS).clamp(0.0, 1.0)
    }

    /// Drops any backlog beyond one step, for a machine that cannot keep up.
    pub fn drop_backlog(&mut self) {
        self.carry = self.carry.min(STEP_SECONDS);
    }

    /// Forgets all carried time (a new game, a resumed pause).
    pub fn reset(&mut self) {
        self.carry = 0.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_sixty_to_a_hundred_in_tens_are_speeds() {
        let offered: Vec<u32> = (0..=200)
            .filter(|&p| GameSpeed::from_percent(p).is_some())
            .collect();
        assert_eq!(offered, [60, 70, 80, 90, 100]);
        for s in GameSpeed::ALL {
            assert_eq!(GameSpeed::from_percent(s.percent()), Some(s));
        }
    }

    #[test]
    fn stepping_stays_within_the_offered_speeds() {
        assert_eq!(GameSpeed::FULL.stepped(1), GameSpeed::FULL);
        assert_eq!(GameSpeed::FULL.stepped(-1).percent(), 90);
        assert_eq!(GameSpeed::SLOWEST.stepped(-1), GameSpeed::SLOWEST);
        assert_eq!(GameSpeed::SLOWEST.stepped(1).percent(), 70);
    }

    #[test]
    fn a_pacer_steps_game_time_at_the_speed_of_the_game() {
        for speed in GameSpeed::ALL {
            let mut pacer = Pacer::default();
            let mut steps = 0u32;
            // Ten real seconds of 60 Hz frames.
            for _ in 0..600 {
                pacer.add(1.0 / 60.0, speed);
                while pacer.take_step() {
                    steps += 1;
                }
            }
            let expected = 600.0 * speed.fraction();
            assert!(
                (f64::from(steps) - expected).abs() <= 1.0,
                "{speed}: {steps} steps, expected {expected}"
            );
        }
    }

    #[test]
    fn a_slower_game_takes_more_real_time_for_the_same_game_time() {
        assert_eq!(GameSpeed::FULL.real_seconds(60.0), 60.0);
        assert!((GameSpeed::from_percent(60).unwrap().real_seconds(60.0) - 100.0).abs() < 1e-9);
    }
}
