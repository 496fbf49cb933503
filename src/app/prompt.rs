//! Control prompts that name keyboard keys in words and gamepad buttons as drawn glyphs.
//!
//! A prompt is written as text with buttons in braces: `"Enter / Space  {A}  to start"`. Keys stay
//! words; `{A}` `{B}` `{X}` `{Y}` become the face buttons in an Xbox pad's colours (a letter in a
//! coloured disc), `{Start}` and `{Back}` a light pill. Keeping the two apart matters because the
//! letters overlap: on a keyboard A moves left, while on a gamepad A confirms.

use macroquad::prelude::*;

use super::view::{Align, Text};

/// A gamepad button as prompts draw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    /// The bottom face button (confirm).
    A,
    /// The right face button (back).
    B,
    /// The left face button.
    X,
    /// The top face button.
    Y,
    /// The start (menu) button.
    Start,
    /// The select (back, view) button.
    Back,
}

impl Button {
    fn from_name(name: &str) -> Option<Button> {
        Some(match name {
            "A" => Button::A,
            "B" => Button::B,
            "X" => Button::X,
            "Y" => Button::Y,
            "Start" => Button::Start,
            "Back" => Button::Back,
            _ => return None,
        })
    }

    fn label(self) -> &'static str {
        match self {
            Button::A => "A",
            Button::B => "B",
            Button::X => "X",
            Button::Y => "Y",
            Button::Start => "Start",
            Button::Back => "Back",
        }
    }

    /// The disc's colour for a face button; `None` for the pill-shaped ones.
    fn face_colour(self) -> Option<Color> {
        match self {
            Button::A => Some(Color::new(0.36, 0.78, 0.24, 1.0)),
            Button::B => Some(Color::new(0.86, 0.20, 0.18, 1.0)),
            Button::X => Some(Color::new(0.16, 0.45, 0.92, 1.0)),
            Button::Y => Some(Color::new(0.98, 0.76, 0.08, 1.0)),
            Button::Start | Button::Back => None,
        }
    }
}

/// One piece of a prompt: words, or a gamepad button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part<'a> {
    /// Text drawn as it is.
    Words(&'a str),
    /// A button drawn as a glyph.
    Pad(Button),
}

/// Splits a prompt into words and buttons; braces around anything but a button name stay text.
pub fn parse(prompt: &str) -> Vec<Part<'_>> {
    let mut parts = Vec::new();
    let mut rest = prompt;
    while let Some(open) = rest.find('{') {
        let Some(len) = rest[open..].find('}') else {
            break;
        };
        let Some(button) = Button::from_name(&rest[open + 1..open + len]) else {
            // Not a button: keep the brace as text and look further on.
            parts.push(Part::Words(&rest[..open + 1]));
            rest = &rest[open + 1..];
            continue;
        };
        if open > 0 {
            parts.push(Part::Words(&rest[..open]));
        }
        parts.push(Part::Pad(button));
        rest = &rest[open + len + 1..];
    }
    if !rest.is_empty() {
        parts.push(Part::Words(rest));
    }
    parts
}

/// How a prompt line looks.
#[derive(Clone, Copy, Debug)]
pub struct Look {
    /// Text size in playfield pixels.
    pub size: f32,
    /// The words' colour; its alpha also fades the glyphs.
    pub color: Color,
    /// Whether the words get a drop shadow (over the playfield rather than a panel).
    pub shadow: bool,
}

/// The size of the words on a pill-shaped button, as a fraction of the text size.
const PILL_TEXT: f32 = 0.66;

/// Room on each side of a glyph, as a fraction of the text size.
const GAP: f32 = 0.15;

fn glyph_width(text: &Text, button: Button, size: f32) -> f32 {
    let body = match button.face_colour() {
        Some(_) => size * 1.05,
        None => text.width(button.label(), size * PILL_TEXT) + size * 0.7,
    };
    body + 2.0 * GAP * size
}

/// The width of `prompt` at `size`, in playfield pixels.
pub fn width(text: &Text, prompt: &str, size: f32) -> f32 {
    parse(prompt)
        .iter()
        .map(|part| match *part {
            Part::Words(w) => text.width(w, size),
            Part::Pad(b) => glyph_width(text, b, size),
        })
        .sum()
}

/// Draws `prompt` with its baseline at `y`, anchored at `x`.
pub fn draw(text: &Text, prompt: &str, x: f32, y: f32, align: Align, look: Look) {
    let size = look.size;
    let total = width(text, prompt, size);
    let mut left = match align {
        Align::Left => x,
        Align::Centre => x - total / 2.0,
        Align::Right => x - total,
    };
    for part in parse(prompt) {
        match part {
            Part::Words(w) => {
                left += if look.shadow {
                    text.shadowed(w, left, y, size, Align::Left, look.color)
                } else {
                    text.draw(w, left, y, size, Align::Left, look.color)
                };
            }
            Part::Pad(button) => {
                let w = glyph_width(text, button, size);
                let centre = vec2(left + w / 2.0, y - size * 0.34);
                draw_glyph(text, button, centre, size, look.color.a);
                left += w;
            }
        }
    }
}

/// Draws one button centred on `centre`, faded by `alpha`.
fn draw_glyph(text: &Text, button: Button, centre: Vec2, size: f32, alpha: f32) {
    let with_alpha = |c: Color| Color::new(c.r, c.g, c.b, c.a * alpha);
    let edge = with_alpha(Color::new(0.02, 0.03, 0.08, 0.85));
    match button.face_colour() {
        Some(fill) => {
            let r = size * 0.52;
            draw_circle(centre.x, centre.y, r + 1.5, edge);
            draw_circle(centre.x, centre.y, r, with_alpha(fill));
            // Dark letters on the light yellow, white on the others, as on the pads themselves.
            let ink = if button == Button::Y {
                Color::new(0.1, 0.08, 0.0, 1.0)
            } else {
                WHITE
            };
            let letter = size * 0.8;
            text.draw(
                button.label(),
                centre.x,
                centre.y + letter * 0.36,
                letter,
                Align::Centre,
                with_alpha(ink),
            );
        }
        None => {
            let letter = size * PILL_TEXT;
            let w = text.width(button.label(), letter) + size * 0.7;
            let h = size * 0.95;
            let r = h / 2.0;
            let pill = |grow: f32, c: Color| {
                draw_rectangle(
                    centre.x - w / 2.0 + r,
                    centre.y - r - grow,
                    w - 2.0 * r,
                    h + 2.0 * grow,
                    c,
                );
                draw_circle(centre.x - w / 2.0 + r, centre.y, r + grow, c);
                draw_circle(centre.x + w / 2.0 - r, centre.y, r + grow, c);
            };
            pill(1.5, edge);
            pill(0.0, with_alpha(Color::new(0.86, 0.88, 0.92, 1.0)));
            text.draw(
                button.label(),
                centre.x,
                centre.y + letter * 0.36,
                letter,
                Align::Centre,
                with_alpha(Color::new(0.08, 0.09, 0.14, 1.0)),
            );
        }
    }
}

/// Test helper: `help` draws `{A}` and `{B}` as the gamepad's glyphs, never as the letters.
#[cfg(test)]
pub(in crate::app) fn help_draws_a_and_b_as_glyphs(help: &str) {
    let parts = parse(help);
    assert!(parts.contains(&Part::Pad(Button::A)));
    assert!(parts.contains(&Part::Pad(Button::B)));
    let words: String = parts
        .iter()
        .filter_map(|p| match p {
            Part::Words(w) => Some(*w),
            Part::Pad(_) => None,
        })
        .collect();
    assert!(!words.contains(" A:") && !words.contains(" B:"), "{words}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buttons_in_braces_become_glyphs_and_keys_stay_words() {
        assert_eq!(
            parse("Press Enter / Space  or  {A}  to start"),
            vec![
                Part::Words("Press Enter / Space  or  "),
                Part::Pad(Button::A),
                Part::Words("  to start"),
            ]
        );
        assert_eq!(
            parse("{Start}{Back} end"),
            vec![
                Part::Pad(Button::Start),
                Part::Pad(Button::Back),
                Part::Words(" end"),
            ]
        );
    }

    #[test]
    fn braces_that_name_no_button_stay_text() {
        let words: String = parse("a {Z} b {unclosed")
            .iter()
            .map(|p| match p {
                Part::Words(w) => *w,
                Part::Pad(_) => panic!("no button here"),
            })
            .collect();
        assert_eq!(words, "a {Z} b {unclosed");
    }
}
