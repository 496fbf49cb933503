//! The command line's arguments and the web page's query string, as any text: options, or one
//! line saying what is wrong (help and version text aside), never a panic.
#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use spinfall::{cli, query};
use spinfall_fuzz::one_line;

/// Arguments as a player types them: option names the parser knows most often, then any text.
const WORDS: &[&str] = &[
    "--seed",
    "--mode",
    "arcade",
    "classic",
    "--assets",
    "--headless",
    "--seconds",
    "--pilot",
    "bot",
    "--speed",
    "--fullscreen",
    "--touch",
    "--record",
    "--replay",
    "--help",
    "--version",
    "-h",
    "--",
    "=",
    "0",
    "-1",
    "60",
    "1e309",
    "NaN",
    "inf",
    "18446744073709551616",
    "0x10",
];

fn run(u: &mut Unstructured<'_>) -> Result<()> {
    let count = u.int_in_range(0..=8)?;
    let mut args = vec!["spinfall".to_string()];
    for _ in 0..count {
        let word = if u.arbitrary()? {
            WORDS[u.choose_index(WORDS.len())?].to_string()
        } else {
            u.arbitrary::<String>()?
        };
        args.push(word);
    }
    if let Err(exit) = cli::parse_from(&args) {
        if exit.to_stderr {
            // Printed through `errln!`, which escapes control characters a typed argument holds.
            let printed = spinfall::collision::text::OneLine(&exit.text).to_string();
            assert!(one_line(&printed), "{printed:?}");
            assert!(
                exit.text.starts_with("spinfall: error: "),
                "{:?}",
                exit.text
            );
            assert_eq!(exit.code, 2);
        }
    }
    let text: String = u.arbitrary()?;
    let _ = query::parse_query(&text);
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
