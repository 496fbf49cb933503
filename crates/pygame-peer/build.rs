//! Finds pygame's `src_c/bitmask.c` and compiles it twice (`-O2`, and `-O3 -march=native`), each copy
//! with its symbols renamed, so the report can time both beside pixel-collide.
//!
//! Nothing is fetched unless asked: `PYGAME_SRC=<dir holding src_c/bitmask.c>` uses an unpacked sdist,
//! and `PYGAME_FETCH=1` downloads pygame 2.6.1's sdist from PyPI (with `fetch_sdist.py`) into the
//! build directory. Without either, or when the source cannot be had, the crate builds without the
//! peer and says why at run time.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Every function `bitmask.h` declares, renamed per build so both copies link into one binary.
const SYMBOLS: [&str; 15] = [
    "bitmask_create",
    "bitmask_free",
    "bitmask_copy",
    "bitmask_clear",
    "bitmask_fill",
    "bitmask_invert",
    "bitmask_count",
    "bitmask_overlap",
    "bitmask_overlap_pos",
    "bitmask_overlap_area",
    "bitmask_overlap_mask",
    "bitmask_draw",
    "bitmask_erase",
    "bitmask_scale",
    "bitmask_convolve",
];

fn main() {
    println!("cargo:rerun-if-env-changed=PYGAME_SRC");
    println!("cargo:rerun-if-env-changed=PYGAME_FETCH");
    println!("cargo:rerun-if-changed=fetch_sdist.py");
    println!("cargo:rustc-check-cfg=cfg(pygame)");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let status = match source(&out) {
        Ok(src) => match compile(&src, &out) {
            Ok(()) => {
                println!("cargo:rustc-cfg=pygame");
                "ok".to_string()
            }
            Err(e) => format!("pygame's bitmask.c did not compile: {e}"),
        },
        Err(why) => why,
    };
    std::fs::write(out.join("status.txt"), status).expect("OUT_DIR is writable");
}

/// The directory holding `src_c/bitmask.c` and `src_c/include/bitmask.h`, or why there is none.
fn source(out: &Path) -> Result<PathBuf, String> {
    if let Ok(dir) = std::env::var("PYGAME_SRC") {
        let dir = PathBuf::from(dir);
        return if dir.join("src_c/bitmask.c").is_file() {
            Ok(dir)
        } else {
            Err(format!(
                "PYGAME_SRC={} holds no src_c/bitmask.c",
                dir.display()
            ))
        };
    }
    if std::env::var("PYGAME_FETCH").as_deref() != Ok("1") {
        return Err(
            "pygame's source was not asked for (set PYGAME_FETCH=1 to fetch pygame 2.6.1's \
                    sdist from PyPI, or PYGAME_SRC to an unpacked one)"
                .into(),
        );
    }
    // Cargo names the package's folder each time it runs the script: a build script kept from another
    // checkout would otherwise run that checkout's copy.
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf(),
        Into::into,
    );
    let script = manifest_dir.join("fetch_sdist.py");
    let fetched = out.join("pygame-sdist");
    let ran = Command::new("python3")
        .arg(&script)
        .arg(&fetched)
        .status()
        .map_err(|e| format!("python3 could not run to fetch pygame's sdist: {e}"))?;
    if !ran.success() || !fetched.join("src_c/bitmask.c").is_file() {
        return Err("pygame 2.6.1's sdist could not be fetched from PyPI".into());
    }
    Ok(fetched)
}

/// Compiles `bitmask.c` at both optimisation levels, each with its symbols prefixed.
fn compile(src: &Path, out: &Path) -> Result<(), String> {
    let c = src.join("src_c/bitmask.c");
    for (prefix, flags) in [
        ("pg_o2_", &["-O2"][..]),
        ("pg_o3n_", &["-O3", "-march=native"][..]),
    ] {
        // A wrapper that renames the public symbols and then includes the original file unchanged.
        let wrapper = out.join(format!("{prefix}bitmask.c"));
        let mut text = String::new();
        for s in SYMBOLS {
            text.push_str(&format!("#define {s} {prefix}{s}\n"));
        }
        text.push_str(&format!("#include \"{}\"\n", c.display()));
        std::fs::write(&wrapper, text).map_err(|e| e.to_string())?;
        let mut build = cc::Build::new();
        build.file(&wrapper).opt_level(2).warnings(false);
        for f in flags {
            build.flag(f);
        }
        build
            .try_compile(&format!("{prefix}bitmask"))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}
