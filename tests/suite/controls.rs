//! The player's key bindings kept with the settings: saved and read back, clashes refused, settings
//! from before bindings read as the defaults, and a damaged binding falling back alone while the rest
//! of the settings file is kept.

use std::fs;

use spinfall::controls::{Action, Key, Refusal, Slot};
use spinfall::store::{Settings, Store, SETTINGS_FILE};

#[test]
fn a_binding_changed_and_saved_is_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::new(Some(dir.path().to_path_buf()));
    let mut settings = store.load_settings().value;
    settings
        .controls
        .bind(Action::Left, Slot::First, Key::J)
        .unwrap();
    settings
        .controls
        .bind(Action::Pause, Slot::Second, Key::Tab)
        .unwrap();
    settings.controls.clear(Action::Back, Slot::Second).unwrap();
    store.save_settings(&settings).unwrap();

    let text = fs::read_to_string(dir.path().join(SETTINGS_FILE)).unwrap();
    assert!(
        text.contains("\"left\": [\n      \"J\",\n      \"A\"\n    ]"),
        "{text}"
    );
    let loaded = Store::new(Some(dir.path().to_path_buf())).load_settings();
    assert!(loaded.problem.is_none(), "{:?}", loaded.problem);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    assert_eq!(loaded.value, settings);
    assert_eq!(loaded.value.controls.names(Action::Left), "J / A");
    assert_eq!(loaded.value.controls.names(Action::Pause), "P / Tab");
    assert_eq!(loaded.value.controls.names(Action::Back), "Q");
}

#[test]
fn a_clash_is_refused_and_saves_nothing_new() {
    let mut settings = Settings::default();
    let refusal = settings
        .controls
        .bind(Action::Confirm, Slot::First, Key::F)
        .unwrap_err();
    assert_eq!(
        refusal,
        Refusal::Taken {
            key: Key::F,
            by: Action::ReduceFlashing
        }
    );
    assert_eq!(refusal.to_string(), "F is already bound to Reduce flashing");
    assert_eq!(settings, Settings::default());
}

#[test]
fn settings_from_before_bindings_read_as_the_defaults() {
    let dir = tempfile::tempdir().unwrap();
    let old = r#"{"version": 3, "reduce_flashing": true, "last_mode": "classic", "volume": 0.3, "rumble": false, "game_speed": 80}"#;
    fs::write(dir.path().join(SETTINGS_FILE), old).unwrap();
    let mut store = Store::new(Some(dir.path().to_path_buf()));
    let loaded = store.load_settings();
    assert!(loaded.problem.is_none(), "{:?}", loaded.problem);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    assert!(loaded.value.controls.are_defaults());
    assert!(loaded.value.reduce_flashing);
    assert_eq!(loaded.value.game_speed, 80);
    // Saved again, it is in this version's format, with the bindings written out.
    store.save_settings(&loaded.value).unwrap();
    let text = fs::read_to_string(dir.path().join(SETTINGS_FILE)).unwrap();
    assert!(
        text.contains(&format!("\"version\": {}", spinfall::store::FORMAT_VERSION)),
        "{text}"
    );
    assert!(text.contains("\"debug_view\""), "{text}");
}

#[test]
fn a_damaged_binding_falls_back_alone_and_the_rest_of_the_file_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let text = r#"{
        "version": 4, "reduce_flashing": true, "volume": 0.4, "game_speed": 70,
        "controls": { "left": ["J", "Warp"], "right": ["L"], "pause": ["Tab"] }
    }"#;
    fs::write(dir.path().join(SETTINGS_FILE), text).unwrap();
    let loaded = Store::new(Some(dir.path().to_path_buf())).load_settings();
    assert!(loaded.problem.is_none(), "{:?}", loaded.problem);
    assert_eq!(loaded.warnings.len(), 1, "{:?}", loaded.warnings);
    let warning = &loaded.warnings[0];
    assert!(warning.contains(SETTINGS_FILE), "{warning}");
    assert!(
        warning.contains("control \"left\" is damaged (no key is called \"Warp\")")
            && warning.contains("default keys (Left / A)"),
        "{warning}"
    );
    let s = &loaded.value;
    assert_eq!(s.controls.names(Action::Left), "Left / A");
    assert_eq!(s.controls.names(Action::Right), "L");
    assert_eq!(s.controls.names(Action::Pause), "Tab");
    assert!(s.reduce_flashing);
    assert_eq!((s.volume, s.game_speed), (0.4, 70));
    // Nothing was set aside: the player's file stays where it is, for them to mend.
    let names: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![SETTINGS_FILE]);
    assert_eq!(
        fs::read_to_string(dir.path().join(SETTINGS_FILE)).unwrap(),
        text
    );
}
