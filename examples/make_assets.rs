//! Regenerates spinfall's sprites and sounds: `cargo run --example make_assets [DIR]`.
//!
//! DIR defaults to the crate's `assets/` folder, whatever the working directory, so that the
//! committed files are refreshed in place; `tests/suite/assets.rs` fails until they are.

#[path = "../tools/asset_gen/mod.rs"]
mod asset_gen;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let dir = match (args.next(), args.next()) {
        // The checkout cargo runs it in, not the one a cached build of it came from.
        (None, _) => std::env::var_os("CARGO_MANIFEST_DIR")
            .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from)
            .join("assets"),
        (Some(dir), None) => PathBuf::from(dir),
        (Some(_), Some(_)) => {
            eprintln!("usage: make_assets [DIR]");
            return ExitCode::from(2);
        }
    };

    if let Err(error) = std::fs::create_dir_all(&dir) {
        eprintln!("error: cannot create directory {}: {error}", dir.display());
        return ExitCode::FAILURE;
    }
    let mut stdout = std::io::stdout().lock();
    for (name, bytes) in asset_gen::generate() {
        let path = dir.join(name);
        if let Err(error) = std::fs::write(&path, &bytes) {
            eprintln!("error: cannot write {}: {error}", path.display());
            return ExitCode::FAILURE;
        }
        // A closed stdout (say, piped into `head`) must not stop the remaining files being written.
        let _ = writeln!(stdout, "wrote {} ({} bytes)", path.display(), bytes.len());
    }
    ExitCode::SUCCESS
}
