//! The saved settings and score tables: loading them at start (and creating missing files), saving
//! them after a change, and reporting a failure once instead of on every save.

use spinfall::sim::Mode;
use spinfall::store::{self, HighScores, ModeKey, Problem, Settings};

use super::platform::Store;
use super::App;

/// The saved files as the app starts with them: where they live, what they held, and which failed
/// saves were already reported.
pub(super) struct Saved {
    pub(super) store: Store,
    pub(super) settings: Settings,
    pub(super) scores: HighScores,
    pub(super) save_warned: SaveWarned,
    /// The first line reported, if any: what a player must know about their saved data.
    pub(super) notice: Option<String>,
}

impl Saved {
    /// Loads settings and scores, reports what went wrong, and writes whichever file is missing.
    pub(super) fn load() -> Saved {
        let mut store = Store::from_env();
        store.tidy_temporary_files();
        let settings_loaded = store.load_settings();
        let scores_loaded = store.load_scores();
        let settings_missing = settings_loaded
            .problem
            .as_ref()
            .is_some_and(Problem::is_missing);
        let scores_missing = scores_loaded
            .problem
            .as_ref()
            .is_some_and(Problem::is_missing);
        // Saves fail without a directory; the load warning already said nothing will be kept.
        let nowhere = [&settings_loaded.problem, &scores_loaded.problem]
            .iter()
            .any(|p| p.as_ref().is_some_and(Problem::keeps_nothing));
        let mut notice =
            report_load_problems(&store, settings_loaded.problem, scores_loaded.problem);
        // A damaged key binding costs only itself: one line each, and the rest of the file is used.
        for line in &settings_loaded.warnings {
            spinfall::errln!("spinfall: warning: {line}");
        }
        if !settings_loaded.warnings.is_empty() {
            let line =
                "Some of your saved keys were damaged: those use their defaults (see Controls)";
            notice = notice.or(Some(line.to_string()));
        }
        let settings = settings_loaded.value;
        let scores = scores_loaded.value;
        // Writing a missing file now makes its absence a first-run event, not a warning on every start
        // until a game ends; it also finds an unwritable directory before the player's first score.
        // Only missing files are written: any other file is either fine or must be left as it is.
        let mut save_warned = SaveWarned {
            settings: nowhere,
            scores: nowhere,
        };
        if settings_missing {
            match store.save_settings(&settings) {
                // On a first run both files fail alike: one line for the directory is enough.
                Err(e) if scores_missing => {
                    spinfall::errln!(
                        "spinfall: warning: {e}; settings and scores will not be kept"
                    );
                    let line = "Your settings and scores will not be kept: they cannot be saved";
                    notice = notice.or(Some(line.to_string()));
                    save_warned = SaveWarned {
                        settings: true,
                        scores: true,
                    };
                }
                result => {
                    let line = report_save(&mut save_warned.settings, result, "settings");
                    notice = notice.or(line);
                }
            }
        }
        if scores_missing && !save_warned.scores {
            let result = store.save_scores(&scores);
            notice = notice.or(report_save(&mut save_warned.scores, result, "scores"));
        }
        Saved {
            store,
            settings,
            scores,
            save_warned,
            notice,
        }
    }
}

impl App {
    pub(super) fn save_settings(&mut self) {
        let result = self.store.save_settings(&self.settings);
        let line = report_save(&mut self.save_warned.settings, result, "settings");
        self.storage_notice = self.storage_notice.take().or(line);
    }

    pub(super) fn save_scores(&mut self) {
        let result = self.store.save_scores(&self.scores);
        let line = report_save(&mut self.save_warned.scores, result, "scores");
        self.storage_notice = self.storage_notice.take().or(line);
    }
}

/// Which files a failed save was already reported for.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct SaveWarned {
    settings: bool,
    scores: bool,
}

/// Reports the first failed save of one file only: the game plays on, and one line is enough to act on.
/// Returns the line reported, if one was.
fn report_save(
    warned: &mut bool,
    result: Result<(), store::SaveError>,
    what: &str,
) -> Option<String> {
    let e = result.err().filter(|_| !*warned)?;
    spinfall::errln!("spinfall: warning: {e}; {what} will not be kept");
    *warned = true;
    let why = match &e {
        store::SaveError::NoDirectory => "there is nowhere to keep them".to_string(),
        store::SaveError::Protected(_) => "the saved copy could not be used".to_string(),
        store::SaveError::Io(_, e) => e.to_string(),
    };
    Some(format!("Your {what} will not be kept: {why}"))
}

/// Prints what went wrong loading the saved files, as few lines as possible; returns the first
/// problem's short form for the title, if any.
fn report_load_problems(
    store: &Store,
    settings: Option<Problem>,
    scores: Option<Problem>,
) -> Option<String> {
    let both_missing = [&settings, &scores]
        .iter()
        .all(|p| p.as_ref().is_some_and(Problem::is_missing));
    if both_missing {
        let dir = store.dir().map_or_else(
            || "the browser's storage".to_string(),
            |d| d.display().to_string(),
        );
        spinfall::errln!("spinfall: no saved settings or scores yet; they will be kept in {dir}");
        return None;
    }
    // One missing file beside a present one is simply created; the same directory-wide problem
    // (no directory, or a file in its place) is named once.
    let problems: Vec<Problem> = [settings, scores]
        .into_iter()
        .flatten()
        .filter(|p| !p.is_missing())
        .collect();
    let lines: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    for (i, line) in lines.iter().enumerate() {
        if !lines[..i].contains(line) {
            spinfall::errln!("spinfall: warning: {line}");
        }
    }
    let titles: Vec<String> = problems.iter().map(title_line).collect();
    match titles.as_slice() {
        // The same trouble with both (a storage that cannot be read at all) reads as one sentence.
        [settings, scores] if settings.replacen("settings", "scores", 1) == *scores => {
            Some(settings.replacen("settings", "settings and scores", 1))
        }
        _ => titles.into_iter().next(),
    }
}

/// A problem with the saved data in a few words for the title screen: what it means for the player.
/// The console's line names the file and the details.
fn title_line(problem: &Problem) -> String {
    let what = |path: &std::path::Path| {
        let settings = path.to_string_lossy().contains(store::SETTINGS_FILE);
        if settings {
            "settings"
        } else {
            "scores"
        }
    };
    match problem {
        Problem::NoDirectory | Problem::NotADirectory(_) => {
            "Your settings and scores will not be kept: there is nowhere to keep them".to_string()
        }
        Problem::Missing(p) | Problem::Empty(p) => {
            format!("Your saved {} were empty: starting from defaults", what(p))
        }
        Problem::Unreadable(p, e) => {
            format!(
                "Your saved {} cannot be read ({e}): using defaults",
                what(p)
            )
        }
        Problem::Newer { path, .. } => format!(
            "Your saved {} come from a newer Spinfall: left as they are",
            what(path)
        ),
        Problem::Corrupt {
            path,
            set_aside: Ok(_),
            ..
        } => format!(
            "Your saved {} were damaged: set aside, starting from defaults",
            what(path)
        ),
        Problem::Corrupt {
            path,
            set_aside: Err(why),
            ..
        } => format!(
            "Your saved {} are damaged and left as they are ({why}): using defaults",
            what(path)
        ),
    }
}

pub(super) fn mode_key(mode: Mode) -> ModeKey {
    match mode {
        Mode::Classic => ModeKey::Classic,
        Mode::Arcade => ModeKey::Arcade,
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    fn corrupt(name: &str, set_aside: Result<PathBuf, String>) -> Problem {
        Problem::Corrupt {
            path: PathBuf::from(format!("spinfall/{name}")),
            error: "expected value at line 1 column 1".to_string(),
            set_aside,
        }
    }

    #[test]
    fn title_lines_say_what_it_means_in_a_few_words() {
        let aside = Ok(PathBuf::from("spinfall/settings.json.corrupt-1"));
        let line = title_line(&corrupt(store::SETTINGS_FILE, aside));
        assert_eq!(
            line,
            "Your saved settings were damaged: set aside, starting from defaults"
        );
        let full = Err("the browser's storage is full".to_string());
        let line = title_line(&corrupt(store::SCORES_FILE, full));
        assert!(line.starts_with("Your saved scores are damaged and left as they are"));
        assert!(line.contains("storage is full"), "{line}");
        assert!(
            !line.contains("line 1"),
            "the parser's words stay in the console: {line}"
        );
    }

    #[test]
    fn one_trouble_with_both_files_is_one_sentence() {
        let store = Store::new(None);
        let unreadable = |name: &str| {
            Problem::Unreadable(
                PathBuf::from(format!("spinfall/{name}")),
                std::io::Error::other("the browser's storage is disabled for this page"),
            )
        };
        let line = report_load_problems(
            &store,
            Some(unreadable(store::SETTINGS_FILE)),
            Some(unreadable(store::SCORES_FILE)),
        )
        .unwrap();
        assert!(
            line.starts_with("Your saved settings and scores cannot be read"),
            "{line}"
        );
        let line = report_load_problems(
            &store,
            Some(corrupt(store::SETTINGS_FILE, Ok(PathBuf::from("x")))),
            Some(unreadable(store::SCORES_FILE)),
        )
        .unwrap();
        assert!(
            line.starts_with("Your saved settings were damaged"),
            "{line}"
        );
    }
}
