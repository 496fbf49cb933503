//! Helpers for a host that prints the crate's messages: text kept to one line, control characters
//! escaped, so that errors naming files keep to one line, and so can a host's own lines that quote a
//! file name.

use std::fmt;

/// Text shown with its control characters escaped, so that a file name or a decoder message holding a
/// newline cannot break an error's one line.
///
/// ```
/// assert_eq!(pixel_collide::text::OneLine("a\nb").to_string(), "a\\nb");
/// ```
pub struct OneLine<'a>(pub &'a str);

impl fmt::Display for OneLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            if c.is_control() {
                write!(f, "{}", c.escape_default())?;
            } else {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}
