//! The game as a browser page: the address's query in place of the command line, a headless run that
//! writes its line into the page, and a panic shown on the page instead of a frozen canvas.

use spinfall::assets::Assets;
use spinfall::query::parse_query;
use spinfall::web::{self, Level};
use spinfall::{cli::Options, headless};

/// The page's entry point: reads the query, then runs the headless simulation or opens the game.
pub fn main() {
    web::show_panics();
    let page = parse_query(&web::query());
    if let Some(line) = page.ignored_line() {
        web::log(Level::Warn, &line);
    }
    let mut options = page.options;
    let assets = Assets::embedded();
    let seed = options.resolve_seed();
    if options.headless {
        run_headless(&options, &assets);
        return;
    }
    web::log(Level::Info, &format!("seed: {seed}"));
    if let Err(e) = super::run(options, assets) {
        let line = format!("Spinfall cannot start: {e}");
        web::log(Level::Error, &line);
        web::show_fault(&line);
    }
}

/// Runs the simulation the query asks for and writes the same JSON line `spinfall --headless`
/// prints into the page's `result` element (and the console).
fn run_headless(options: &Options, assets: &Assets) {
    match headless::run_options(options, assets) {
        Ok(report) => web::show_result(&report.to_json_line()),
        Err(e) => {
            let line = format!("spinfall: error: {e}");
            web::log(Level::Error, &line);
            web::show_fault(&line);
        }
    }
}
