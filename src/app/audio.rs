//! Sound effects through macroquad's audio, behind the `sound` feature.
//!
//! Without the feature, or without a working audio device, [`Sfx`] is silent and every call is a no-op.
//! macroquad's mixer opens the audio device on a thread of its own and panics there if it cannot; the
//! panic hook installed by [`install_panic_hook`] turns that into one warning line and a silent game.

use std::sync::atomic::{AtomicBool, Ordering};

/// The sound effects the game plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    /// A hit that counts.
    Hit,
    /// A block passed the player; played quietly.
    Dodge,
    /// The last life is gone.
    GameOver,
    /// A power-up caught.
    Collect,
    /// A game starts.
    Start,
}

impl Cue {
    /// Loudness relative to the master volume, so frequent cues do not tire the ear.
    #[cfg_attr(not(feature = "sound"), allow(dead_code))]
    fn gain(self) -> f32 {
        match self {
            Cue::Hit => 0.9,
            Cue::Dodge => 0.25,
            Cue::GameOver => 0.9,
            Cue::Collect => 0.6,
            Cue::Start => 0.6,
        }
    }
}

/// Set when the audio thread has died (no device): nothing may be sent to it any more, because the
/// mixer prints a line to stdout for every message it cannot deliver.
static AUDIO_DEAD: AtomicBool = AtomicBool::new(false);

/// Set while a sound is being decoded, so a decoder panic on bad bytes is reported as one line.
static DECODING: AtomicBool = AtomicBool::new(false);

/// Installs a panic hook that reports audio failures as one warning line, a window that cannot open
/// as one error line, and leaves every other panic to the default hook.
pub fn install_panic_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        super::exit_if_window_failed(info);
        let in_audio = info
            .location()
            .map(|l| l.file().contains("quad-snd") || l.file().contains("audrey"))
            .unwrap_or(false);
        if in_audio && std::thread::current().name() != Some("main") {
            if !AUDIO_DEAD.swap(true, Ordering::SeqCst) {
                spinfall::errln!(
                    "spinfall: warning: no usable audio device; playing without sound"
                );
            }
            return;
        }
        if DECODING.load(Ordering::SeqCst) {
            // The caller reports the failure with the file's name.
            return;
        }
        default(info);
    }));
}

#[cfg(feature = "sound")]
pub use enabled::Sfx;

#[cfg(not(feature = "sound"))]
pub use disabled::Sfx;

#[cfg(feature = "sound")]
mod enabled {
    use super::{Cue, AUDIO_DEAD, DECODING};
    use macroquad::audio::{load_sound_from_bytes, play_sound, PlaySoundParams, Sound};
    use std::future::Future;
    use std::panic::AssertUnwindSafe;
    use std::pin::pin;
    use std::sync::atomic::Ordering;
    use std::task::{Context, Poll, RawWaker, RawWakerVTable, Waker};

    /// The loaded sound effects.
    pub struct Sfx {
        sounds: Vec<(Cue, Sound)>,
        volume: f32,
    }

    impl Sfx {
        /// Decodes the given WAV files; a file that will not decode is reported once and stays silent.
        pub fn load(files: &[(Cue, &str, &[u8])], volume: f32) -> Sfx {
            let mut sounds = Vec::new();
            if !AUDIO_DEAD.load(Ordering::SeqCst) {
                for &(cue, name, bytes) in files {
                    match decode(bytes) {
                        Ok(sound) => sounds.push((cue, sound)),
                        Err(why) => spinfall::errln!(
                            "spinfall: warning: cannot play {name} ({why}); it stays silent"
                        ),
                    }
                }
            }
            Sfx { sounds, volume }
        }

        /// Sets the master volume (0..=1).
        pub fn set_volume(&mut self, volume: f32) {
            self.volume = volume.clamp(0.0, 1.0);
        }

        /// Plays a cue once.
        pub fn play(&self, cue: Cue) {
            if self.volume <= 0.0 || AUDIO_DEAD.load(Ordering::Relaxed) {
                return;
            }
            if let Some((_, sound)) = self.sounds.iter().find(|(c, _)| *c == cue) {
                play_sound(
                    sound,
                    PlaySoundParams {
                        looped: false,
                        volume: self.volume * cue.gain(),
                    },
                );
            }
        }
    }

    /// Decodes one sound, catching the decoder's panics on malformed data.
    fn decode(bytes: &[u8]) -> Result<Sound, String> {
        check_wav(bytes)?;
        DECODING.store(true, Ordering::SeqCst);
        let result = std::panic::catch_unwind(AssertUnwindSafe(|| {
            poll_ready(load_sound_from_bytes(bytes))
        }));
        DECODING.store(false, Ordering::SeqCst);
        match result {
            Ok(Some(Ok(sound))) => Ok(sound),
            Ok(Some(Err(e))) => Err(e.to_string()),
            Ok(None) => Err("the decoder did not finish".to_string()),
            Err(_) => Err("the audio decoder rejected it".to_string()),
        }
    }

    /// Rejects data that is not a plain PCM WAV file before it reaches the decoder, which panics on it.
    fn check_wav(bytes: &[u8]) -> Result<(), String> {
        if bytes.len() < 12 || &bytes[0..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
            return Err("not a WAV file".to_string());
        }
        let mut at = 12;
        let mut fmt_ok = false;
        while at + 8 <= bytes.len() {
            let id = &bytes[at..at + 4];
            let len =
                u32::from_le_bytes([bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]])
                    as usize;
            let body = at + 8;
            if id == b"fmt " {
                if len < 16 || body + 16 > bytes.len() {
                    return Err("truncated WAV format chunk".to_string());
                }
                let channels = u16::from_le_bytes([bytes[body + 2], bytes[body + 3]]);
                if !(1..=2).contains(&channels) {
                    return Err(format!("{channels} channels (mono or stereo expected)"));
                }
                fmt_ok = true;
            } else if id == b"data" {
                return if fmt_ok {
                    Ok(())
                } else {
                    Err("WAV data before its format chunk".to_string())
                };
            }
            at = body.saturating_add(len).saturating_add(len & 1);
        }
        Err("WAV file without sound data".to_string())
    }

    /// Polls a future that is known to finish without waiting (macroquad's sound loading on native
    /// targets) and returns its output, or `None` if it did not finish.
    fn poll_ready<F: Future>(future: F) -> Option<F::Output> {
        fn noop_raw() -> RawWaker {
            fn clone(_: *const ()) -> RawWaker {
                noop_raw()
            }
            fn noop(_: *const ()) {}
            static VTABLE: RawWakerVTable = RawWakerVTable::new(clone, noop, noop, noop);
            RawWaker::new(std::ptr::null(), &VTABLE)
        }
        // SAFETY: every vtable function ignores the null data pointer, so the contract holds trivially.
        let waker = unsafe { Waker::from_raw(noop_raw()) };
        let mut cx = Context::from_waker(&waker);
        match pin!(future).poll(&mut cx) {
            Poll::Ready(output) => Some(output),
            Poll::Pending => None,
        }
    }

    #[cfg(test)]
    mod tests {
        use super::check_wav;

        fn wav(channels: u16) -> Vec<u8> {
            let mut v = b"RIFF\0\0\0\0WAVEfmt ".to_vec();
            v.extend(16u32.to_le_bytes());
            v.extend(1u16.to_le_bytes());
            v.extend(channels.to_le_bytes());
            v.extend(44_100u32.to_le_bytes());
            v.extend(88_200u32.to_le_bytes());
            v.extend(2u16.to_le_bytes());
            v.extend(16u16.to_le_bytes());
            v.extend(b"data");
            v.extend(4u32.to_le_bytes());
            v.extend([0, 0, 0, 0]);
            v
        }

        #[test]
        fn wav_check_accepts_pcm_and_rejects_junk() {
            assert!(check_wav(&wav(1)).is_ok());
            assert!(check_wav(&wav(2)).is_ok());
            assert!(check_wav(&wav(6)).is_err());
            assert!(check_wav(b"").is_err());
            assert!(check_wav(b"RIFF\xff\xff\xff\xffWAVEfmt \xff\xff\xff\xff").is_err());
            assert!(check_wav(&wav(1)[..30]).is_err());
        }
    }
}

#[cfg(not(feature = "sound"))]
mod disabled {
    use super::Cue;

    /// Silence: this build was made without the `sound` feature.
    pub struct Sfx;

    impl Sfx {
        /// Loads nothing.
        pub fn load(_files: &[(Cue, &str, &[u8])], _volume: f32) -> Sfx {
            Sfx
        }

        /// Ignores the volume.
        pub fn set_volume(&mut self, _volume: f32) {}

        /// Plays nothing.
        pub fn play(&self, _cue: Cue) {}
    }
}
