//! The web page's address as options: `index.html?seed=7&mode=classic` reads as
//! `spinfall --seed 7 --mode classic` does, and `?headless&seconds=30` as `spinfall --headless
//! --seconds 30`.
//!
//! Each parameter is checked on its own by the command line's own parser, so a value the command line
//! refuses is refused here too; what cannot be used is left out and named, and the rest still applies.
//! Options that need a file system (`--assets`, `--record`, `--replay`) have no parameter.

use crate::cli::{self, Options};

/// The query parameters a page understands, each the command-line option of the same name.
pub const PAGE_PARAMETERS: [&str; 6] = ["seed", "mode", "pilot", "seconds", "speed", "headless"];

/// What a query string asks for: the options, and a description of each parameter left out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PageOptions {
    /// The options the usable parameters give.
    pub options: Options,
    /// The parameters left out, each as `name` or `name=value (why)`.
    pub ignored: Vec<String>,
}

impl PageOptions {
    /// The one console line naming the parameters left out, if any were.
    pub fn ignored_line(&self) -> Option<String> {
        (!self.ignored.is_empty()).then(|| {
            format!(
                "spinfall: ignoring query parameters: {} (known: {})",
                self.ignored.join(", "),
                PAGE_PARAMETERS.join(", ")
            )
        })
    }
}

/// Reads a query string (with or without its leading `?`) into options.
pub fn parse_query(query: &str) -> PageOptions {
    let mut accepted: Vec<(String, Vec<String>)> = Vec::new();
    let mut ignored = Vec::new();
    for pair in query.trim_start_matches('?').split('&') {
        if pair.is_empty() {
            continue;
        }
        let (raw_name, raw_value) = match pair.split_once('=') {
            Some((name, value)) => (name, Some(value)),
            None => (pair, None),
        };
        let name = decode(raw_name);
        let value = raw_value.map(decode);
        let shown = match &value {
            Some(value) => format!("{name}={value}"),
            None => name.clone(),
        };
        if !PAGE_PARAMETERS.contains(&name.as_str()) {
            ignored.push(shown);
            continue;
        }
        let args = match (name.as_str(), value) {
            // A flag: `?headless`, or a value that reads as yes.
            ("headless", None) => vec!["--headless".to_string()],
            ("headless", Some(v)) if ["", "1", "true", "yes"].contains(&v.as_str()) => {
                vec!["--headless".to_string()]
            }
            ("headless", Some(_)) => {
                ignored.push(format!("{shown} (a flag: give it no value)"));
                continue;
            }
            (_, None) => {
                ignored.push(format!("{shown} (needs a value)"));
                continue;
            }
            (_, Some(value)) => vec![format!("--{name}"), value],
        };
        match cli::parse_from(std::iter::once("spinfall".to_string()).chain(args.clone())) {
            Ok(_) => {
                // A repeated parameter: the last one counts, as in most web pages' readers.
                accepted.retain(|(n, _)| *n != name);
                accepted.push((name, args));
            }
            Err(exit) => {
                let why = exit
                    .text
                    .trim_start_matches("spinfall: error: ")
                    .to_string();
                ignored.push(format!("{shown} ({why})"));
            }
        }
    }
    let args =
        std::iter::once("spinfall".to_string()).chain(accepted.into_iter().flat_map(|(_, a)| a));
    // Each part parsed alone, and no two of these options conflict; should that ever change, the
    // page still starts, with defaults.
    let options = cli::parse_from(args).unwrap_or_default();
    PageOptions { options, ignored }
}

/// Decodes a query string's percent escapes and its `+` for a space; a broken escape stays as it is.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let hex = |b: u8| char::from(b).to_digit(16);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = match bytes.get(i..i + 3) {
            Some([b'%', hi, lo]) => hex(*hi).zip(hex(*lo)).map(|(hi, lo)| (hi * 16 + lo) as u8),
            _ => None,
        };
        match (escaped, bytes[i]) {
            (Some(byte), _) => {
                out.push(byte);
                i += 3;
                continue;
            }
            (None, b'+') => out.push(b' '),
            (None, byte) => out.push(byte),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::Pilot;
    use crate::sim::Mode;

    #[test]
    fn known_parameters_read_as_their_options() {
        let page = parse_query("?seed=42&mode=Classic&pilot=bot&seconds=12.5&speed=80&headless");
        assert!(page.ignored.is_empty(), "{:?}", page.ignored);
        let o = page.options;
        assert_eq!(o.seed, Some(42));
        assert_eq!(o.mode, Some(Mode::Classic));
        assert_eq!(o.pilot, Some(Pilot::Bot));
        assert_eq!(o.seconds, Some(12.5));
        assert_eq!(o.speed.map(|s| s.percent()), Some(80));
        assert!(o.headless);
        assert_eq!(page_ignored_line(""), None);
    }

    fn page_ignored_line(query: &str) -> Option<String> {
        parse_query(query).ignored_line()
    }

    #[test]
    fn unknown_and_malformed_parameters_are_named_and_the_rest_applies() {
        let page =
            parse_query("seed=abc&mode=arcade&volume=11&assets=/tmp&headless=no&seconds&seed=9");
        assert_eq!(page.options.seed, Some(9));
        assert_eq!(page.options.mode, Some(Mode::Arcade));
        assert!(!page.options.headless);
        assert!(page.options.assets.is_none());
        let line = page.ignored_line().unwrap();
        for part in [
            "seed=abc (",
            "volume=11",
            "assets=/tmp",
            "headless=no (",
            "seconds (needs",
        ] {
            assert!(line.contains(part), "{part}: {line}");
        }
        assert_eq!(line.lines().count(), 1);
    }

    #[test]
    fn nothing_or_garbage_gives_defaults() {
        assert_eq!(parse_query("").options, Options::default());
        assert_eq!(parse_query("?").options, Options::default());
        let page = parse_query("&&%zz=%&mode=sideways&seconds=-3");
        assert_eq!(page.options, Options::default());
        assert_eq!(page.ignored.len(), 3, "{:?}", page.ignored);
    }

    #[test]
    fn escapes_are_decoded() {
        assert_eq!(decode("a%20b+c"), "a b c");
        assert_eq!(decode("100%"), "100%");
        assert_eq!(decode("%4"), "%4");
        assert_eq!(decode("%C3%A9"), "é");
        assert_eq!(
            parse_query("mode=%61rcade").options.mode,
            Some(Mode::Arcade)
        );
    }
}
