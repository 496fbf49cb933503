//! The settings and high-score files as any bytes on disk: loaded (damaged parts set to their
//! defaults with one line each, a damaged file set aside) and saved again, and what was saved loads
//! back unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use spinfall::store::{Store, SCORES_FILE, SETTINGS_FILE};
use spinfall_fuzz::one_line;

fuzz_target!(|data: &[u8]| {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(dir.path().join(SETTINGS_FILE), data).expect("a settings file");
    std::fs::write(dir.path().join(SCORES_FILE), data).expect("a scores file");
    let mut store = Store::new(Some(dir.path().to_path_buf()));
    let settings = store.load_settings();
    let scores = store.load_scores();
    for line in settings.warnings.iter().chain(&scores.warnings) {
        assert!(one_line(line), "{line:?}");
    }
    for problem in [&settings.problem, &scores.problem].into_iter().flatten() {
        assert!(one_line(&problem.to_string()), "{problem:?}");
    }
    store.save_settings(&settings.value).expect("settings save");
    store.save_scores(&scores.value).expect("scores save");
    let mut again = Store::new(Some(dir.path().to_path_buf()));
    let (settings_again, scores_again) = (again.load_settings(), again.load_scores());
    assert!(settings_again.problem.is_none() && scores_again.problem.is_none());
    assert_eq!(settings_again.value, settings.value);
    assert_eq!(scores_again.value, scores.value);
});
