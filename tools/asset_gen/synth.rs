//! Building blocks of the sound effects: waveforms, envelopes, notes and mixing.

use super::encode::RATE;
use super::maths::sin_turns;

pub(super) fn square(turns: f64) -> f64 {
    if turns - turns.floor() < 0.5 {
        1.0
    } else {
        -1.0
    }
}

/// A linear ramp in over `attack` and out over `release` seconds, so that every sound starts and
/// ends at zero and never clicks.
pub(super) fn fades(t: f64, length: f64, attack: f64, release: f64) -> f64 {
    (t / attack).min((length - t) / release).clamp(0.0, 1.0)
}

/// Samples `voice(t)` for `length` seconds.
pub(super) fn render(length: f64, mut voice: impl FnMut(f64) -> f64) -> Vec<f64> {
    let count = (length * f64::from(RATE)).round() as usize;
    (0..count)
        .map(|i| voice(i as f64 / f64::from(RATE)))
        .collect()
}

/// Adds `part` into `track` starting `start` seconds in, growing `mix` as needed.
pub(super) fn mix_in(track: &mut Vec<f64>, start: f64, part: &[f64]) {
    let offset = (start * f64::from(RATE)).round() as usize;
    if track.len() < offset + part.len() {
        track.resize(offset + part.len(), 0.0);
    }
    for (out, &s) in track[offset..].iter_mut().zip(part) {
        *out += s;
    }
}

/// Scales the sound so that its loudest sample is `peak`, making levels independent of how
/// the voices happened to add up.
pub(super) fn normalized(mut samples: Vec<f64>, peak: f64) -> Vec<f64> {
    let loudest = samples.iter().fold(0.0f64, |m, s| m.max(s.abs()));
    if loudest > 0.0 {
        for s in &mut samples {
            *s *= peak / loudest;
        }
    }
    samples
}

/// A pitched note whose partials are `(frequency ratio, level)` pairs, decaying as `(1 - t/len)^decay`.
pub(super) fn note(frequency: f64, length: f64, partials: &[(f64, f64)], decay: u32) -> Vec<f64> {
    render(length, |t| {
        let falloff = (0..decay).fold(1.0, |a, _| a * (1.0 - t / length));
        let body: f64 = partials
            .iter()
            .map(|&(ratio, level)| level * sin_turns(frequency * ratio * t))
            .sum();
        body * falloff * fades(t, length, 0.003, 0.008)
    })
}
