//! The committed header is what cbindgen makes of the source now: a change to the boundary that
//! forgets the header fails here. `PIXEL_COLLIDE_BLESS=1` writes the header instead.

use std::path::Path;

#[test]
fn the_committed_header_is_generated_from_the_source() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).unwrap();
    let mut made = Vec::new();
    cbindgen::Builder::new()
        .with_crate(crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen reads the crate")
        .write(&mut made);
    let made = String::from_utf8(made).unwrap();
    let committed_path = crate_dir.join("include/pixel_collide.h");
    if std::env::var_os("PIXEL_COLLIDE_BLESS").is_some() {
        std::fs::write(&committed_path, &made).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&committed_path).unwrap_or_default();
    assert!(
        committed == made,
        "include/pixel_collide.h is stale: run `PIXEL_COLLIDE_BLESS=1 cargo test -p pixel-collide-c --test header`"
    );
}
