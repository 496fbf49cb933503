//! A replay's inputs step by step: recording them as a game is played, and playing them back.

use super::{Replay, INPUT_UNITS};
use crate::sim::{GameSpeed, Input, World};

/// The recorded inputs of a [`Replay`], one per step.
#[derive(Clone, Debug)]
pub struct Inputs<'a> {
    pub(super) runs: &'a [(i16, u32)],
    pub(super) run: usize,
    pub(super) used: u32,
}

impl Iterator for Inputs<'_> {
    type Item = Input;

    fn next(&mut self) -> Option<Input> {
        next_input(self.runs, &mut self.run, &mut self.used)
    }
}

/// A replay being played back step by step, owning it (for a window that steps it frame by frame).
#[derive(Clone, Debug)]
pub struct Playback {
    replay: Replay,
    run: usize,
    used: u32,
    played: u64,
}

impl Playback {
    /// Playback from the first step.
    pub fn new(replay: Replay) -> Playback {
        Playback {
            replay,
            run: 0,
            used: 0,
            played: 0,
        }
    }

    /// The replay being played.
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// The next step's input, or `None` once every recorded step was played.
    pub fn next_input(&mut self) -> Option<Input> {
        let input = next_input(&self.replay.runs, &mut self.run, &mut self.used)?;
        self.played += 1;
        Some(input)
    }

    /// Steps played so far.
    pub fn played(&self) -> u64 {
        self.played
    }

    /// Whether every recorded step was played.
    pub fn is_done(&self) -> bool {
        self.played >= self.replay.steps
    }
}

/// The input at (`run`, `used`) of `runs`, moving the position on by one step.
fn next_input(runs: &[(i16, u32)], run: &mut usize, used: &mut u32) -> Option<Input> {
    let &(value, count) = runs.get(*run)?;
    *used += 1;
    if *used >= count {
        *run += 1;
        *used = 0;
    }
    Some(from_units(value))
}

/// Records a game's inputs as it is played.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    runs: Vec<(i16, u32)>,
    steps: u64,
}

impl Recorder {
    /// An empty recording.
    pub fn new() -> Recorder {
        Recorder::default()
    }

    /// Notes `input` for the next step and returns it at the replay's resolution (1/128 of full
    /// stick): step the world with the returned input, so the replay holds exactly what it played.
    pub fn record(&mut self, input: Input) -> Input {
        let units = to_units(input);
        self.steps += 1;
        match self.runs.last_mut() {
            Some((value, count)) if *value == units && *count < u32::MAX => *count += 1,
            _ => self.runs.push((units, 1)),
        }
        from_units(units)
    }

    /// Steps recorded so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The replay of `world`, which must be the world every recorded input stepped, from its seed;
    /// `seconds` is the game time the run asked for. It says full speed: set [`Replay::speed`] for a
    /// game played slower.
    pub fn finish(&self, world: &World, seconds: f64) -> Replay {
        Replay {
            game_version: env!("CARGO_PKG_VERSION").to_string(),
            seed: world.seed(),
            mode: world.mode(),
            seconds,
            score: world.score(),
            speed: GameSpeed::FULL,
            game_over: world.is_over(),
            runs: self.runs.clone(),
            steps: self.steps,
        }
    }
}

/// An input in 128ths of full stick, rounded to the nearest.
fn to_units(input: Input) -> i16 {
    let x = Input::new(input.move_x).move_x;
    // |x| <= 1, so this fits.
    (x * INPUT_UNITS as f32).round() as i16
}

/// The input `units` 128ths of full stick stand for: exact, as 128 is a power of two.
fn from_units(units: i16) -> Input {
    Input::new(f32::from(units) / INPUT_UNITS as f32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_keep_a_128th_of_stick_exactly() {
        let mut r = Recorder::new();
        assert_eq!(r.record(Input::new(1.0)), Input::new(1.0));
        assert_eq!(r.record(Input::new(-1.0)), Input::new(-1.0));
        assert_eq!(r.record(Input::new(0.5)).move_x, 0.5);
        assert_eq!(r.record(Input::new(0.3)).move_x, 38.0 / 128.0);
        assert_eq!(r.record(Input::new(f32::NAN)), Input::IDLE);
        assert_eq!(r.record(Input::new(-0.0)), Input::IDLE);
        assert_eq!(r.record(Input { move_x: 9.0 }).move_x, 1.0);
        assert_eq!(r.steps(), 7);
        assert_eq!(
            r.runs,
            vec![(128, 1), (-128, 1), (64, 1), (38, 1), (0, 2), (128, 1)]
        );
    }
}
