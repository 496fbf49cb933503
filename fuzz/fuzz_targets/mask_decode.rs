//! `Mask::decode` and `Mask::open` on any bytes: a mask within the stated limits or one-line error,
//! the same from memory and from a file, and never a panic or an allocation past the limits.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pixel_collide::{Mask, MaskRule};
use spinfall_fuzz::one_line;

fuzz_target!(|data: &[u8]| {
    let rules = [
        MaskRule::default(),
        MaskRule::alpha(127),
        MaskRule::magenta_key(),
    ];
    let decoded: Vec<_> = rules.iter().map(|&rule| Mask::decode(data, rule)).collect();
    for mask in &decoded {
        match mask {
            Ok(m) => {
                assert!(m.width() <= Mask::MAX_IMAGE_SIDE && m.height() <= Mask::MAX_IMAGE_SIDE);
                assert!(m.solid_count() <= u64::from(m.width()) * u64::from(m.height()));
            }
            Err(e) => assert!(one_line(&e.to_string()), "{e:?}"),
        }
    }
    // The file path reads the same bytes: one input in eight goes through a file, which costs a write.
    if data.len() % 8 == 0 {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("fuzz.png");
        std::fs::write(&path, data).expect("a temporary file");
        let opened = Mask::open(&path, rules[0]);
        match (&opened, &decoded[0]) {
            (Ok(a), Ok(b)) => assert!(a == b),
            (Err(e), Err(_)) => assert!(one_line(&e.to_string())),
            _ => panic!("open and decode disagree: {opened:?}"),
        }
    }
});
