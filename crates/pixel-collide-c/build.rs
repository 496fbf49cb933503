//! Gives the shared library the name the installed file is found by (`libpixel_collide.so.0`), so
//! that programs linked against the installed library load it by that name, as with any C library.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if os == "linux" || os == "android" || os.ends_with("bsd") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libpixel_collide.so.0");
    }
}
