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
#[cfg(not(target_arch = "wasm32"))]
pub fn install_panic_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        super::error::exit_if_window_failed(info);
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
    use std::pin::Pin;
    use std::sync::atomic::Ordering;
    use std::task::{Context, Poll, RawWaker, RawWakerVTable, Waker};

    /// A sound still being decoded: in a browser the page decodes it over a few frames.
    type Decoding = Pin<Box<dyn Future<Output = Result<Sound, macroquad::Error>>>>;

    /// The loaded sound effects.
    pub struct Sfx {
        sounds: Vec<(Cue, Sound)>,
        volume: f32,
        /// Sounds whose decoding has not finished, with their file names; empty on the desktop,
        /// where decoding finishes at once.
        decoding: Vec<(Cue, String, Decoding)>,
    }

    impl Sfx {
        /// Decodes the given WAV files; a file that will not decode is reported once and stays silent.
        pub fn load(files: &[(Cue, &str, &[u8])], volume: f32) -> Sfx {
            let mut sfx = Sfx {
                sounds: Vec::new(),
                volume,
                decoding: Vec::new(),
            };
            if !AUDIO_DEAD.load(Ordering::SeqCst) {
                for &(cue, name, bytes) in files {
                    // The decoder panics or balloons on data it cannot play; such files never reach it.
                    if let Err(why) = spinfall::assets::check_wav(bytes) {
                        report(name, &why);
                        continue;
                    }
                    let bytes = bytes.to_vec();
                    let future: Decoding =
                        Box::pin(async move { load_sound_from_bytes(&bytes).await });
                    sfx.decoding.push((cue, name.to_string(), future));
                }
                sfx.poll_decoding();
            }
            sfx
        }

        /// Moves the sounds whose decoding finished since the last call into play; called every frame
        /// until none is left. Returns how many are ready when that changed, `None` otherwise.
        pub fn poll_decoding(&mut self) -> Option<usize> {
            let before = self.sounds.len();
            for (cue, name, mut future) in std::mem::take(&mut self.decoding) {
                match poll_once(&mut future) {
                    Some(Ok(sound)) => self.sounds.push((cue, sound)),
                    Some(Err(why)) => report(&name, &why),
                    None => self.decoding.push((cue, name, future)),
                }
            }
            (self.sounds.len() != before).then_some(self.sounds.len())
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

    /// Says once that a sound will stay silent, and why.
    fn report(name: &str, why: &str) {
        spinfall::errln!("spinfall: warning: cannot play {name} ({why}); it stays silent");
    }

    /// Polls a sound's decoding once, catching the decoder's panics on malformed data.
    fn poll_once(future: &mut Decoding) -> Option<Result<Sound, String>> {
        DECODING.store(true, Ordering::SeqCst);
        let result = std::panic::catch_unwind(AssertUnwindSafe(|| poll_ready(future.as_mut())));
        DECODING.store(false, Ordering::SeqCst);
        match result {
            Ok(Some(Ok(sound))) => Some(Ok(sound)),
            Ok(Some(Err(e))) => Some(Err(e.to_string())),
            Ok(None) => None,
            Err(_) => Some(Err("the audio decoder rejected it".to_string())),
        }
    }

    /// Polls a future once and returns its output, or `None` if it has not finished: macroquad's sound
    /// loading finishes at the first poll on the desktop, and after the page has decoded in a browser.
    fn poll_ready<F: Future + Unpin>(future: F) -> Option<F::Output> {
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
        let mut future = future;
        match Pin::new(&mut future).poll(&mut cx) {
            Poll::Ready(output) => Some(output),
            Poll::Pending => None,
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

        /// Has nothing to decode.
        pub fn poll_decoding(&mut self) -> Option<usize> {
            None
        }

        /// Plays nothing.
        pub fn play(&self, _cue: Cue) {}
    }
}

/// On a Linux machine with no sound card (a server, a container, CI), points ALSA at a configuration
/// whose default device is a null sink; it must run before the window opens, which starts the mixer.
///
/// Otherwise libasound prints a dozen lines of its own to stderr while failing to open the default
/// device; the game says one line instead and plays silently.
#[cfg(all(feature = "sound", target_os = "linux"))]
pub fn quiet_alsa_without_sound_cards() {
    let no_cards = match std::fs::read_to_string("/proc/asound/cards") {
        Ok(cards) => cards.contains("no soundcards"),
        Err(_) => true,
    };
    // A forwarded PulseAudio or PipeWire server plays without local cards; leave ALSA to it.
    let forwarded = ["PULSE_SERVER", "PIPEWIRE_REMOTE", "ALSA_CONFIG_PATH"]
        .iter()
        .any(|v| std::env::var_os(v).is_some());
    if !no_cards || forwarded {
        return;
    }
    let Some(path) = private_file("alsa-null.conf", b"pcm.!default { type null }\n") else {
        return;
    };
    // Single-threaded still: no other thread can be reading the environment yet.
    std::env::set_var("ALSA_CONFIG_PATH", &path);
    NO_SOUND_CARD.store(true, Ordering::SeqCst);
}

/// Set when ALSA was pointed at the null device; said once the window is open, so that a window
/// that cannot open stays the only line.
static NO_SOUND_CARD: AtomicBool = AtomicBool::new(false);

/// Whether sound can be heard: the build has sound, a sound card was found and its device is alive.
pub fn available() -> bool {
    cfg!(feature = "sound")
        && !NO_SOUND_CARD.load(Ordering::SeqCst)
        && !AUDIO_DEAD.load(Ordering::SeqCst)
}

/// Says that the game plays without sound, if no sound card was found.
pub fn report_no_sound_card() {
    if NO_SOUND_CARD.load(Ordering::SeqCst) {
        spinfall::errln!("spinfall: warning: no sound card found; playing without sound");
    }
}

/// Writes a small file where only this user can have put it: `$XDG_RUNTIME_DIR`, or else a
/// `spinfall-<uid>` directory of mode 0700 in the temporary directory, created if needed and used
/// only if this user owns it and it is no symbolic link. `None` when neither works.
#[cfg(all(feature = "sound", target_os = "linux"))]
fn private_file(name: &str, contents: &[u8]) -> Option<std::path::PathBuf> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
    let runtime = std::env::var_os("XDG_RUNTIME_DIR")
        .filter(|d| !d.is_empty())
        .map(std::path::PathBuf::from)
        .filter(|d| d.is_dir());
    let dir = match runtime {
        Some(dir) => dir,
        None => {
            let uid = std::fs::metadata("/proc/self").ok()?.uid();
            let dir = std::env::temp_dir().join(format!("spinfall-{uid}"));
            let _ = std::fs::DirBuilder::new().mode(0o700).create(&dir);
            let meta = std::fs::symlink_metadata(&dir).ok()?;
            let private =
                meta.is_dir() && meta.uid() == uid && meta.permissions().mode() & 0o077 == 0;
            if !private {
                return None;
            }
            dir
        }
    };
    let path = dir.join(format!("spinfall-{name}"));
    std::fs::write(&path, contents).ok()?;
    Some(path)
}
