//! The command line: `spinfall [--seed N] [--mode classic|arcade] [--assets DIR]
//! [--headless [--seconds S] [--pilot idle|bot|casual] [--record FILE]] [--fullscreen] [--touch]` and
//! `spinfall [--headless] --replay FILE`.
//!
//! Mistakes get one line and exit code 2, because a wall of usage text hides the one thing that was
//! wrong; `--help` and `--version` print as usual.

use std::hash::{BuildHasher, Hasher};
use std::path::PathBuf;

use clap::builder::PossibleValue;
use clap::{ColorChoice, Parser, ValueEnum};

use crate::sim::{GameSpeed, Mode};

/// Seconds a headless run simulates when `--seconds` is not given.
pub const DEFAULT_HEADLESS_SECONDS: f64 = 60.0;

/// The most `--seconds` accepts: one day of game time (a headless classic run never ends early, and
/// a day takes minutes of wall time on a laptop).
pub const MAX_SECONDS: f64 = 86_400.0;

/// Who steers the player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, ValueEnum)]
pub enum Pilot {
    /// Never moves.
    #[default]
    Idle,
    /// The built-in dodging bot (the attract mode's player).
    Bot,
    /// The bot with a person's reaction time, lookahead and precision, for tuning the difficulty.
    Casual,
}

impl Pilot {
    /// The pilot's lower-case name, as the command line and the headless report spell it.
    pub fn name(self) -> &'static str {
        match self {
            Pilot::Idle => "idle",
            Pilot::Bot => "bot",
            Pilot::Casual => "casual",
        }
    }
}

impl ValueEnum for Mode {
    fn value_variants<'a>() -> &'a [Self] {
        &[Mode::Classic, Mode::Arcade]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            Mode::Classic => PossibleValue::new("classic").help("endless; hits are counted"),
            Mode::Arcade => PossibleValue::new("arcade").help("three lives, score, game over"),
        })
    }
}

/// The parsed command line.
#[derive(Clone, Debug, Default, PartialEq, Parser)]
#[command(
    name = "spinfall",
    version,
    about = "Dodge the falling spinner blocks.",
    color = ColorChoice::Never
)]
pub struct Options {
    /// Seed for the world's random generator (random, and printed, when absent).
    #[arg(long, value_name = "N", value_parser = parse_seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,

    /// Game mode, in any case; a window run preselects it on the title screen, a headless run defaults
    /// to arcade.
    #[arg(long, value_enum, value_name = "MODE", ignore_case = true)]
    pub mode: Option<Mode>,

    /// Read art and sound from this directory instead of the built-in set (every file must be there).
    #[arg(long, value_name = "DIR")]
    pub assets: Option<PathBuf>,

    /// Run the simulation without a window as fast as possible and print one JSON line.
    #[arg(long)]
    pub headless: bool,

    /// Seconds of game time to simulate in a headless run (default 60, at most 86400); a window run
    /// quits after them.
    #[arg(long, value_name = "S", value_parser = parse_seconds, allow_hyphen_values = true)]
    pub seconds: Option<f64>,

    /// Who plays: idle never moves, bot dodges, casual dodges like a person (a headless run defaults
    /// to idle; a window run lets the pilot play when given).
    #[arg(long, value_enum, value_name = "PILOT", ignore_case = true)]
    pub pilot: Option<Pilot>,

    /// Game speed in percent: 60, 70, 80, 90 or 100 (the default). The whole game runs slower and
    /// scores the same per second of game time; a window run starts at this speed.
    #[arg(long, value_name = "PERCENT", value_parser = parse_speed, allow_hyphen_values = true)]
    pub speed: Option<GameSpeed>,

    /// Start in fullscreen.
    #[arg(long, conflicts_with = "headless")]
    pub fullscreen: bool,

    /// Lay out the touch controls from the start, as on a phone (a touch-screen desktop or kiosk);
    /// without it they appear at the first touch.
    #[arg(long, conflicts_with = "headless")]
    pub touch: bool,

    /// Write the headless run's replay to this file.
    #[arg(long, value_name = "FILE", requires = "headless")]
    pub record: Option<PathBuf>,

    /// Watch a replay file in a window, or with --headless print the line its recorded run printed.
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = ["seed", "mode", "pilot", "seconds", "record", "speed"]
    )]
    pub replay: Option<PathBuf>,
}

impl Options {
    /// The mode to play: the one given, or arcade.
    pub fn mode_or_default(&self) -> Mode {
        self.mode.unwrap_or_default()
    }

    /// The game speed: the one given, or full speed.
    pub fn speed_or_default(&self) -> GameSpeed {
        self.speed.unwrap_or_default()
    }

    /// The pilot to use: the one given, or idle.
    pub fn pilot_or_default(&self) -> Pilot {
        self.pilot.unwrap_or_default()
    }

    /// The seconds a headless run simulates: the ones given, or [`DEFAULT_HEADLESS_SECONDS`].
    pub fn seconds_or_default(&self) -> f64 {
        self.seconds.unwrap_or(DEFAULT_HEADLESS_SECONDS)
    }

    /// The seed given, or a fresh random one stored back so that every later reader sees the same.
    pub fn resolve_seed(&mut self) -> u64 {
        *self.seed.get_or_insert_with(random_seed)
    }
}

/// How parsing ended when it did not produce options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exit {
    /// The process exit code (0 for `--help` and `--version`, 2 for mistakes).
    pub code: i32,
    /// What to print, without a trailing newline.
    pub text: String,
    /// Whether `text` goes to standard error (mistakes) rather than standard output (help, version).
    pub to_stderr: bool,
}

/// Parses `args` (the program name first) into options, or says what to print and how to exit.
pub fn parse_from<I, T>(args: I) -> Result<Options, Exit>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    Options::try_parse_from(args).map_err(|e| {
        if e.use_stderr() {
            Exit {
                code: 2,
                text: format!("spinfall: error: {}", one_line(&e.to_string())),
                to_stderr: true,
            }
        } else {
            Exit {
                code: e.exit_code(),
                text: e.to_string().trim_end().to_string(),
                to_stderr: false,
            }
        }
    })
}

/// Parses the process's arguments, printing and exiting on `--help`, `--version` or a mistake.
pub fn parse_or_exit() -> Options {
    match parse_from(std::env::args_os()) {
        Ok(options) => options,
        Err(exit) if exit.to_stderr => {
            crate::errln!("{}", exit.text);
            std::process::exit(exit.code);
        }
        Err(exit) => {
            if let Err(e) = print_line(&exit.text) {
                crate::errln!("spinfall: error: {e}");
                std::process::exit(1);
            }
            std::process::exit(exit.code);
        }
    }
}

/// Writes one line to standard output and flushes it; a closed pipe or a full disk comes back as an
/// error naming standard output, where `println!` would panic.
pub fn print_line(text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}")
        .and_then(|()| out.flush())
        .map_err(|e| {
            std::io::Error::new(e.kind(), format!("cannot write to standard output ({e})"))
        })
}

/// Reduces clap's multi-line error to its first line plus the hints worth keeping (possible values,
/// a similar argument), leaving out the usage block.
fn one_line(rendered: &str) -> String {
    let mut lines = rendered.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next().unwrap_or("invalid arguments");
    let mut text = first.strip_prefix("error: ").unwrap_or(first).to_string();
    for line in lines {
        if line.starts_with("[possible values:") {
            text.push(' ');
            text.push_str(line);
        } else if let Some(tip) = line.strip_prefix("tip: ") {
            text.push_str(" (");
            text.push_str(tip);
            text.push(')');
        } else if line.starts_with("Usage:") {
            break;
        } else if first.ends_with(':') && line.starts_with('-') {
            // "the following required arguments were not provided:" lists them on lines of their own.
            text.push(' ');
            text.push_str(line);
        }
    }
    text
}

/// A fresh seed from the standard library's per-process random hasher keys and the clock.
pub fn random_seed() -> u64 {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    if let Some(since) = crate::clock::since_epoch() {
        hasher.write_u128(since.as_nanos());
    }
    hasher.finish()
}

/// Accepts a game speed in percent: an integer from 60 to 100 in steps of 10.
fn parse_speed(text: &str) -> Result<GameSpeed, String> {
    text.trim()
        .parse::<u32>()
        .ok()
        .and_then(GameSpeed::from_percent)
        .ok_or_else(|| "expected 60, 70, 80, 90 or 100 (percent of full speed)".to_string())
}

/// Accepts a number of seconds from 0 to [`MAX_SECONDS`] (a negative zero is read as 0).
fn parse_seconds(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| "expected a number of seconds".to_string())?;
    if !value.is_finite() {
        return Err("expected a finite number of seconds".into());
    }
    if value < 0.0 {
        return Err("seconds cannot be negative".into());
    }
    if value > MAX_SECONDS {
        return Err(format!("at most {MAX_SECONDS} seconds (one day)"));
    }
    Ok(value + 0.0)
}

/// Accepts a whole number that fits a seed.
fn parse_seed(text: &str) -> Result<u64, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("expected a whole number from 0 to {}", u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Options, Exit> {
        parse_from(std::iter::once("spinfall").chain(args.iter().copied()))
    }

    #[test]
    fn full_headless_line_parses() {
        let o = parse(&[
            "--headless",
            "--seed",
            "7",
            "--seconds",
            "2.5",
            "--pilot",
            "bot",
            "--mode",
            "classic",
        ])
        .unwrap();
        assert!(o.headless);
        assert_eq!(o.seed, Some(7));
        assert_eq!(o.seconds, Some(2.5));
        assert_eq!(o.pilot, Some(Pilot::Bot));
        assert_eq!(o.mode, Some(Mode::Classic));
    }

    #[test]
    fn defaults_are_arcade_idle_and_sixty_seconds() {
        let o = parse(&["--headless"]).unwrap();
        assert_eq!(o.mode_or_default(), Mode::Arcade);
        assert_eq!(o.pilot_or_default(), Pilot::Idle);
        assert_eq!(o.seconds_or_default(), 60.0);
    }

    #[test]
    fn mistakes_are_one_line_with_code_two() {
        for args in [
            &["--bogus"][..],
            &["--seconds", "-5"],
            &["--seconds", "abc"],
            &["--seconds", "inf"],
            &["--seed", "-1"],
            &["--seed", "1.5"],
            &["--seconds", "1e30"],
            &["--seconds", "86400.5"],
            &["--mode", "hard"],
            &["--headless", "--fullscreen"],
            &["--headless", "--touch"],
            &["--record", "run.json"],
            &["--replay", "run.json", "--seed", "3"],
            &["--headless", "--replay", "run.json", "--pilot", "bot"],
        ] {
            let exit = parse(args).unwrap_err();
            assert_eq!(exit.code, 2, "{args:?}");
            assert!(exit.to_stderr);
            assert_eq!(exit.text.lines().count(), 1, "{args:?}: {}", exit.text);
            assert!(exit.text.starts_with("spinfall: error: "), "{}", exit.text);
        }
    }

    #[test]
    fn record_without_headless_names_what_it_needs() {
        let exit = parse(&["--record", "run.json"]).unwrap_err();
        assert!(exit.text.contains("--headless"), "{}", exit.text);
    }

    #[test]
    fn seed_mistakes_name_the_seed_option() {
        let exit = parse(&["--seed", "-1"]).unwrap_err();
        assert!(exit.text.contains("'--seed <N>'"), "{}", exit.text);
        assert!(exit.text.contains("whole number"), "{}", exit.text);
    }

    #[test]
    fn seconds_beyond_a_day_are_refused_and_negative_zero_is_zero() {
        let exit = parse(&["--seconds", "1e30"]).unwrap_err();
        assert!(exit.text.contains("at most 86400 seconds"), "{}", exit.text);
        assert_eq!(
            parse(&["--seconds", "86400"]).unwrap().seconds,
            Some(MAX_SECONDS)
        );
        let zero = parse(&["--seconds", "-0"]).unwrap().seconds.unwrap();
        assert!(zero == 0.0 && zero.is_sign_positive(), "{zero}");
    }

    #[test]
    fn hyphenated_values_that_are_not_numbers_name_the_option_and_the_value() {
        for (args, option, problem) in [
            (&["--seconds", "-inf"][..], "'--seconds <S>'", "finite"),
            (&["--seconds", "-NaN"], "'--seconds <S>'", "finite"),
            (&["--seconds", "-x"], "'--seconds <S>'", "number of seconds"),
            (&["--seed", "-inf"], "'--seed <N>'", "whole number"),
        ] {
            let exit = parse(args).unwrap_err();
            assert_eq!(exit.code, 2, "{args:?}");
            let value = format!("'{}'", args[1]);
            assert!(
                exit.text.contains(option) && exit.text.contains(&value),
                "{args:?}: {}",
                exit.text
            );
            assert!(exit.text.contains(problem), "{args:?}: {}", exit.text);
        }
    }

    #[test]
    fn mode_names_are_accepted_in_any_case() {
        for (text, mode) in [
            ("Arcade", Mode::Arcade),
            ("ARCADE", Mode::Arcade),
            ("Classic", Mode::Classic),
        ] {
            assert_eq!(parse(&["--mode", text]).unwrap().mode, Some(mode), "{text}");
        }
    }

    #[test]
    fn pilot_names_are_accepted_in_any_case() {
        for (text, pilot) in [
            ("Bot", Pilot::Bot),
            ("IDLE", Pilot::Idle),
            ("Casual", Pilot::Casual),
        ] {
            assert_eq!(
                parse(&["--pilot", text]).unwrap().pilot,
                Some(pilot),
                "{text}"
            );
        }
    }

    #[test]
    fn help_goes_to_stdout_with_code_zero() {
        let exit = parse(&["--help"]).unwrap_err();
        assert_eq!(exit.code, 0);
        assert!(!exit.to_stderr);
        assert!(exit.text.contains("--headless"));
    }

    #[test]
    fn resolved_seed_sticks() {
        let mut o = Options::default();
        let seed = o.resolve_seed();
        assert_eq!(o.resolve_seed(), seed);
    }
}
