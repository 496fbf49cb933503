//! Spinfall's own sprites and sound effects, drawn and synthesized in code.
//!
//! The output must be byte-for-byte reproducible, because `tests/suite/assets.rs` checks the committed
//! `assets/` against it. Noise therefore comes from fixed-seed generators, and floating point is
//! limited to operations IEEE 754 specifies exactly (`+ - * /`, `sqrt`, rounding, comparisons):
//! `sin`, `exp` and `powf` come from the platform's maths library and may differ in the last
//! bit from one machine to the next.

mod background;
mod block;
mod draw;
mod encode;
mod figure;
mod icon;
mod maths;
mod powerup;
mod sounds;
mod synth;

use background::background;
use block::block;
use encode::{png, wav};
use figure::figure;
use icon::icon;
use powerup::{powerup, GROW, SHIELD, SHRINK, SLOW};
use sounds::{collect, dodge, game_over, hit, start};

/// Every generated asset as `(file name, file bytes)`, in a fixed order.
pub fn generate() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("figure.png", png(&figure())),
        ("block.png", png(&block())),
        ("background.png", png(&background())),
        ("powerup_shrink.png", png(&powerup(&SHRINK))),
        ("powerup_grow.png", png(&powerup(&GROW))),
        ("powerup_shield.png", png(&powerup(&SHIELD))),
        ("powerup_slow.png", png(&powerup(&SLOW))),
        ("hit.wav", wav(&hit())),
        ("dodge.wav", wav(&dodge())),
        ("game_over.wav", wav(&game_over())),
        ("collect.wav", wav(&collect())),
        ("start.wav", wav(&start())),
        // The web page's app icons: web.sh copies them into the site beside its manifest.
        ("icon-192.png", png(&icon(192))),
        ("icon-512.png", png(&icon(512))),
    ]
}
