//! Shared by the visual examples, which play no sound.

/// The examples play no sound, but the game crate's `sound` feature makes macroquad open the audio
/// device; a null ALSA device keeps that from failing noisily on machines without a sound card.
pub fn silence_audio() {
    #[cfg(target_os = "linux")]
    if std::env::var_os("ALSA_CONFIG_PATH").is_none() {
        let path = std::env::temp_dir().join("spinfall-alsa-null.conf");
        if std::fs::write(&path, "pcm.!default { type null }\n").is_ok() {
            // Still single-threaded: nothing else reads the environment yet.
            std::env::set_var("ALSA_CONFIG_PATH", &path);
        }
    }
}
