//! The Spinfall game binary: parses the command line, loads the assets, then runs the window or a
//! headless simulation.

mod app;

#[cfg(not(target_arch = "wasm32"))]
use std::process::ExitCode;

#[cfg(not(target_arch = "wasm32"))]
use spinfall::assets::Assets;
#[cfg(not(target_arch = "wasm32"))]
use spinfall::{cli, headless};

/// In a browser there is no command line: the page's address says what to run.
#[cfg(target_arch = "wasm32")]
fn main() {
    app::page::main();
}

#[cfg(not(target_arch = "wasm32"))]
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
    options.resolve_seed();
    if options.headless {
        return match headless::run_and_print(&options, &assets) {
            Ok(_) => ExitCode::SUCCESS,
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
    match app::run(options, assets) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            spinfall::errln!("spinfall: error: {e}");
            ExitCode::from(1)
        }
    }
}
