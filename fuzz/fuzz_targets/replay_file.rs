//! A replay file a player may share, as any bytes: read into a replay or refused with one line
//! naming the file, and a replay read back from its own text is the same replay.
#![no_main]

use libfuzzer_sys::fuzz_target;
use spinfall::replay::Replay;
use spinfall_fuzz::one_line;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = Path::new("shared.replay");
    match Replay::from_json(text, path) {
        Ok(replay) => {
            let written = replay.to_json();
            let again =
                Replay::from_json(&written, path).expect("a replay reads its own text back");
            assert_eq!(again, replay);
            assert_eq!(again.to_json(), written);
            // Its inputs can be walked to the end without a panic.
            assert_eq!(replay.inputs().count() as u64, replay.steps());
        }
        Err(e) => assert!(one_line(&e.to_string()), "{e:?}"),
    }
});
