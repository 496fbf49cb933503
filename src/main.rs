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
            eprintln!("spinfall: error: {e}");
            return ExitCode::from(1);
        }
    };
    let seed = options.resolve_seed();
    if options.headless {
        return match headless::run_options(&options, &assets) {
            Ok(report) => {
                println!("{}", report.to_json_line());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("spinfall: error: {e}");
                ExitCode::from(1)
            }
        };
    }
    println!("seed: {seed}");
    #[cfg(all(feature = "sound", target_os = "linux"))]
    quiet_alsa_without_sound_cards();
    match app::run(options, assets) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("spinfall: error: {e}");
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
    let path = std::env::temp_dir().join("spinfall-alsa-null.conf");
    if std::fs::write(&path, "pcm.!default { type null }\n").is_ok() {
        eprintln!("spinfall: warning: no sound card found; playing without sound");
        // Single-threaded still: no other thread can be reading the environment yet.
        std::env::set_var("ALSA_CONFIG_PATH", &path);
    }
}
