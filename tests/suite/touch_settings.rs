//! The touch scheme in the settings: older files read as the buttons, and a choice survives a save.

use std::fs;

use spinfall::controls::TouchScheme;
use spinfall::store::{Store, SETTINGS_FILE};

#[test]
fn a_file_from_before_touch_reads_as_the_buttons() {
    let dir = tempfile::tempdir().unwrap();
    let text = r#"{ "version": 4, "reduce_flashing": true, "game_speed": 70 }"#;
    fs::write(dir.path().join(SETTINGS_FILE), text).unwrap();
    let loaded = Store::new(Some(dir.path().to_path_buf())).load_settings();
    assert!(loaded.problem.is_none(), "{:?}", loaded.problem);
    assert_eq!(loaded.value.touch, TouchScheme::Buttons);
    assert!(loaded.value.reduce_flashing);
}

#[test]
fn the_drag_scheme_is_saved_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::new(Some(dir.path().to_path_buf()));
    let mut settings = store.load_settings().value;
    settings.touch = TouchScheme::Drag;
    store.save_settings(&settings).unwrap();
    let text = fs::read_to_string(dir.path().join(SETTINGS_FILE)).unwrap();
    assert!(text.contains(r#""touch": "drag""#), "{text}");
    assert_eq!(store.load_settings().value.touch, TouchScheme::Drag);
}
