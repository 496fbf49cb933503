//! The sound effects, one function per `.wav` file.

use rand::SeedableRng;
use rand_pcg::Pcg32;

use super::encode::RATE;
use super::maths::{sin_turns, unit};
use super::synth::{fades, mix_in, normalized, note, render, square};

/// Collision: a falling buzz over a short burst of filtered noise.
pub(super) fn hit() -> Vec<f64> {
    const LENGTH: f64 = 0.2;
    let mut rng = Pcg32::seed_from_u64(0x0417_7001);
    let (mut phase, mut noise) = (0.0, 0.0);
    let sound = render(LENGTH, |t| {
        let k = 1.0 - t / LENGTH;
        let frequency = 55.0 + 115.0 * k * k;
        phase += frequency / f64::from(RATE);
        noise += 0.3 * (2.0 * unit(&mut rng) - 1.0 - noise);
        let crack = (1.0 - t / 0.05).max(0.0);
        let buzz = 0.6 * sin_turns(phase) + 0.3 * square(phase) + 0.15 * square(phase * 2.02);
        (buzz * k * k + 1.2 * noise * crack * crack) * fades(t, LENGTH, 0.002, 0.01)
    });
    normalized(sound, 0.8)
}

/// A block passing by: a tiny, quiet upward blip.
pub(super) fn dodge() -> Vec<f64> {
    const LENGTH: f64 = 0.06;
    let mut phase = 0.0;
    let sound = render(LENGTH, |t| {
        let u = t / LENGTH;
        phase += (900.0 + 500.0 * u) / f64::from(RATE);
        // A smooth hump (zero at both ends) rather than a ramp keeps the blip soft.
        let hump = 4.0 * u * (1.0 - u);
        sin_turns(phase) * hump * hump
    });
    normalized(sound, 0.22)
}

/// The end of a run: G4, E-flat 4, C4, the last held with a slow vibrato.
pub(super) fn game_over() -> Vec<f64> {
    let voice = [(1.0, 0.7), (2.0, 0.2), (3.0, 0.12)];
    let mut sound = Vec::new();
    mix_in(&mut sound, 0.0, &note(392.00, 0.26, &voice, 1));
    mix_in(&mut sound, 0.24, &note(311.13, 0.26, &voice, 1));
    let (length, mut phase) = (0.52, 0.0);
    let last = render(length, |t| {
        let wobble = 1.0 + 0.012 * sin_turns(5.5 * t) * (t / length);
        phase += 261.63 * wobble / f64::from(RATE);
        let body: f64 = voice
            .iter()
            .map(|&(ratio, level)| level * sin_turns(phase * ratio))
            .sum();
        body * (1.0 - 0.5 * t / length) * fades(t, length, 0.004, 0.18)
    });
    mix_in(&mut sound, 0.48, &last);
    normalized(sound, 0.6)
}

/// Picking up a power-up: a bright C-major arpeggio rising to C7.
pub(super) fn collect() -> Vec<f64> {
    let voice = [(1.0, 0.6), (2.0, 0.3), (3.0, 0.15), (4.0, 0.08)];
    let mut sound = Vec::new();
    for (i, frequency) in [1046.50, 1318.51, 1567.98, 2093.00].into_iter().enumerate() {
        let start = 0.045 * i as f64;
        mix_in(&mut sound, start, &note(frequency, 0.25 - start, &voice, 2));
    }
    normalized(sound, 0.55)
}

/// A new run: a two-note bell chime, G5 then C6.
pub(super) fn start() -> Vec<f64> {
    let bell = [(1.0, 0.7), (2.0, 0.2), (2.76, 0.12), (5.4, 0.05)];
    let mut sound = Vec::new();
    mix_in(&mut sound, 0.0, &note(783.99, 0.2, &bell, 2));
    mix_in(&mut sound, 0.1, &note(1046.50, 0.2, &bell, 2));
    normalized(sound, 0.55)
}
