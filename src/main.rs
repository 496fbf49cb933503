//! The Spinfall game binary: parses the command line, loads the assets, then runs the window or a
//! headless simulation.

mod app;

use std::process::ExitCode;

use spinfall::assets::Assets;
use spinfall::{cli, headless};

fn main() -> ExitCode {
    let mut options = cli::parse_or_exit();
    let assets = match &options.assets {
        Some(dir) => Assets::from_dir(dir),
        None => Ok(Assets::embedded()),
    };
    // The masks are built here too, so a bad figure or block fails before a window opens.
    let assets = match assets.and_then(|a| a.shapes().map(|_| a)) {
        Ok(assets) => assets,
        Err(e) => {
            spinfall::errln!("spinfall: error: {e}");
            return ExitCode::from(1);
        }
    };
    let seed = options.resolve_seed();
    if options.headless {
        return match headless::run_options(&options, &assets) {
            Ok(report) => match cli::print_line(&report.to_json_line()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    spinfall::errln!("spinfall: error: {e}");
                    ExitCode::from(1)
                }
            },
            Err(e) => {
                spinfall::errln!("spinfall: error: {e}");
                ExitCode::from(1)
            }
        };
    }
    if let Err(e) = app::check_display() {
        spinfall::errln!("spinfall: error: {e}");
        return ExitCode::from(1);
    }
    spinfall::outln!("seed: {seed}");
    #[cfg(all(feature = "sound", target_os = "linux"))]
    quiet_alsa_without_sound_cards();
    match app::run(options, assets) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            spinfall::errln!("spinfall: error: {e}");
            ExitCode::from(1)
        }
    }
}

/// On a Linux machine with no sound card (a server, a container, CI), points ALSA at a configuration
/// whose default device is a null sink before the mixer starts.
///
/// Otherwise libasound prints a dozen lines of its own to stderr while failing to open the default
/// device; the game says one line instead and plays silently.
#[cfg(all(feature = "sound", target_os = "linux"))]
fn quiet_alsa_without_sound_cards() {
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
    spinfall::errln!("spinfall: warning: no sound card found; playing without sound");
    // Single-threaded still: no other thread can be reading the environment yet.
    std::env::set_var("ALSA_CONFIG_PATH", &path);
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
