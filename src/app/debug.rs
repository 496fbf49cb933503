//! The collision debug view (F3): the bounds of every block and power-up, coloured by what the
//! collision pipeline concluded about it in the last step, the player's bounds, the touching block's
//! time of impact and contact point with the push-out that would free the figure, and a panel of
//! per-step and per-second counters.
//!
//! The app keeps an `Option<DebugView>` and only the `Some` side records anything, so a game that never
//! shows the view pays one branch per step and per frame. The sim has no clock by design; the times
//! shown are taken here, around `World::step`, and by running the step's per-pixel tests (the time of
//! impact of each body the prefilter let through) again.

use std::collections::VecDeque;
use std::hint::black_box;
use std::time::Duration;

use macroquad::prelude::*;

use spinfall::collision::{push_out, sprite_transform, time_of_impact, PushOut, Rect, Sprite};
use spinfall::mq_math::ToMq;
use spinfall::sim::{CheckOutcome, World, STEPS_PER_SECOND};

use super::view::{Align, Text};

/// Bounds the prefilter rejected: quiet, because they are most of the field.
const REJECTED: Color = Color::new(0.92, 0.95, 1.0, 0.9);
/// Bounds that reached the per-pixel test and missed.
const MISSED: Color = Color::new(1.0, 0.76, 0.1, 1.0);
/// Bounds whose per-pixel test hit.
const HIT: Color = Color::new(1.0, 0.2, 0.85, 1.0);
/// The contact point and the push-out arrow.
const PUSH: Color = Color::new(0.3, 0.95, 1.0, 1.0);
/// The player's bounds.
const PLAYER: Color = Color::new(0.25, 1.0, 0.45, 1.0);
/// The dark edge under every outline, so the colours read on the sky, the painting and the red flash.
const CASING: Color = Color::new(0.0, 0.0, 0.08, 0.75);
/// The panel's background.
const PANEL: Color = Color::new(0.0, 0.02, 0.08, 0.68);
/// The panel's outline.
const PANEL_EDGE: Color = Color::new(0.6, 0.7, 1.0, 0.5);
/// Row labels.
const LABEL: Color = Color::new(0.8, 0.85, 0.95, 1.0);
/// The panel's text size, in playfield px.
const SIZE: f32 = 14.0;
/// The panel's line spacing, in playfield px.
const LINE: f32 = 17.0;

/// How many steps the per-second column adds up: one second of game time.
const WINDOW_STEPS: usize = STEPS_PER_SECOND as usize;
/// How much wall time the frame rate is averaged over, in seconds.
const FRAME_WINDOW: f32 = 1.0;

/// What one step did, as the debug view counts it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct StepSample {
    /// Blocks alive after the step.
    blocks: u64,
    /// Bounding-rectangle tests the step ran.
    rect_tests: u64,
    /// Per-pixel tests the step ran.
    pixel_tests: u64,
    /// Blocks the pipeline found touching the player: every touch, unlike the HUD's hits, which skip
    /// touches in a grace period, under a shield, or by a block that already hit.
    touching: u64,
    /// Bounding-rectangle tests between power-ups and the player.
    powerup_rect_tests: u64,
    /// Per-pixel tests between power-ups and the player.
    powerup_pixel_tests: u64,
    /// Wall time of the whole `World::step` call.
    step: Duration,
    /// Wall time of the re-run per-pixel tests.
    collide: Duration,
    /// How many per-pixel tests were re-run for `collide`.
    retimed: u64,
}

impl StepSample {
    /// The two samples' counters and times added together (blocks alive is not a flow; it keeps the later).
    fn plus(self, other: StepSample) -> StepSample {
        StepSample {
            blocks: other.blocks,
            rect_tests: self.rect_tests + other.rect_tests,
            pixel_tests: self.pixel_tests + other.pixel_tests,
            touching: self.touching + other.touching,
            powerup_rect_tests: self.powerup_rect_tests + other.powerup_rect_tests,
            powerup_pixel_tests: self.powerup_pixel_tests + other.powerup_pixel_tests,
            step: self.step + other.step,
            collide: self.collide + other.collide,
            retimed: self.retimed + other.retimed,
        }
    }
}

/// The panel's numbers: the last step, and the sum over the recorded window.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Summary {
    last: StepSample,
    total: StepSample,
    /// Steps in the window (fewer than a second's worth just after the view is turned on).
    steps: usize,
    /// Frames per second of wall time, averaged over the frame window.
    fps: f32,
    /// Steps per frame, averaged over the frame window.
    steps_per_frame: f32,
}

/// The debug view's memory: the last second of steps and of frames.
#[derive(Debug)]
pub struct DebugView {
    steps: VecDeque<StepSample>,
    /// Each recent frame's wall time in seconds and the steps it ran, newest last.
    frames: VecDeque<(f32, u32)>,
    /// Steps run so far in the frame being built.
    frame_steps: u32,
    /// The first touching block's contact in the last step.
    contact: Option<ContactInfo>,
}

/// Where and when a block first touched the figure in a step, and how to push the figure off it.
#[derive(Clone, Copy, Debug, PartialEq)]
struct ContactInfo {
    /// The time of impact, as a fraction of the step.
    time: f32,
    /// A point where the two touch at that time.
    point: Vec2,
    /// The centre of the figure's bounds where the step ended.
    figure_centre: Vec2,
    /// The shortest move of the figure off the block where the step ended, if they still overlap.
    push: Option<PushOut>,
}

impl DebugView {
    /// An empty view, as when F3 is first pressed.
    pub fn new() -> DebugView {
        DebugView {
            steps: VecDeque::with_capacity(WINDOW_STEPS),
            frames: VecDeque::with_capacity(256),
            frame_steps: 0,
            contact: None,
        }
    }

    /// Records the step the world just took, given how long `World::step` took.
    ///
    /// This is where the collision time is measured: the per-pixel tests are run again, the time of
    /// impact of every block and power-up the prefilter let through, and timed together.
    pub fn record_step(&mut self, world: &World, step: Duration) {
        let counts = world.last_step_stats();
        let (collide, retimed) = retime_pixel_tests(world);
        self.contact = contact_info(world);
        self.push_step(StepSample {
            blocks: world.blocks().len() as u64,
            rect_tests: counts.rect_tests,
            pixel_tests: counts.pixel_tests,
            touching: counts.hits,
            powerup_rect_tests: counts.powerup_rect_tests,
            powerup_pixel_tests: counts.powerup_pixel_tests,
            step,
            collide,
            retimed,
        });
        self.frame_steps += 1;
    }

    /// Closes the frame that just ended, which lasted `seconds` of wall time.
    pub fn end_frame(&mut self, seconds: f32) {
        self.frames
            .push_back((seconds.max(0.0), std::mem::take(&mut self.frame_steps)));
        let mut kept = 0.0;
        let mut keep = 0;
        for &(dt, _) in self.frames.iter().rev() {
            if kept + dt > FRAME_WINDOW && keep > 0 {
                break;
            }
            kept += dt;
            keep += 1;
        }
        let drop = self.frames.len() - keep;
        self.frames.drain(..drop);
    }

    /// Marks the touching block's contact point and draws the push-out that would free the figure
    /// from the figure's centre, with the contact normal beside it.
    pub fn draw_contact(&self) {
        let Some(c) = self.contact else {
            return;
        };
        for (w, color) in [(4.0, CASING), (2.0, PUSH)] {
            let r = 5.0;
            draw_line(
                c.point.x - r,
                c.point.y - r,
                c.point.x + r,
                c.point.y + r,
                w,
                color,
            );
            draw_line(
                c.point.x - r,
                c.point.y + r,
                c.point.x + r,
                c.point.y - r,
                w,
                color,
            );
        }
        let Some(push) = c.push else {
            return;
        };
        let from = c.figure_centre;
        let to = from + push.offset.mq();
        // The way out of the block: against the pair's normal, which points into it.
        let normal_end = from - push.normal.mq() * 24.0;
        for (w, color) in [(5.0, CASING), (3.0, PUSH)] {
            draw_line(from.x, from.y, to.x, to.y, w, color);
            let back = -push.offset.mq().normalize_or_zero() * 8.0;
            for side in [
                back.rotate(Vec2::from_angle(0.5)),
                back.rotate(Vec2::from_angle(-0.5)),
            ] {
                draw_line(to.x, to.y, to.x + side.x, to.y + side.y, w, color);
            }
            draw_line(from.x, from.y, normal_end.x, normal_end.y, w * 0.5, color);
        }
        draw_circle(from.x, from.y, 3.0, PUSH);
    }

    fn push_step(&mut self, sample: StepSample) {
        if self.steps.len() == WINDOW_STEPS {
            self.steps.pop_front();
        }
        self.steps.push_back(sample);
    }

    fn summary(&self) -> Summary {
        let total = self
            .steps
            .iter()
            .fold(StepSample::default(), |sum, s| sum.plus(*s));
        let wall: f32 = self.frames.iter().map(|f| f.0).sum();
        let frame_steps: u32 = self.frames.iter().map(|f| f.1).sum();
        let frames = self.frames.len() as f32;
        Summary {
            last: self.steps.back().copied().unwrap_or_default(),
            total,
            steps: self.steps.len(),
            fps: if wall > 0.0 { frames / wall } else { 0.0 },
            steps_per_frame: if frames > 0.0 {
                frame_steps as f32 / frames
            } else {
                0.0
            },
        }
    }

    /// The panel's counter rows: a label, the last step's value and the window's.
    fn rows(&self) -> Vec<(&'static str, String, String)> {
        let s = self.summary();
        let pair = |a: u64, b: u64| format!("{a}/{b}");
        vec![
            ("blocks alive", s.last.blocks.to_string(), String::new()),
            (
                "rect/pixel tests",
                pair(s.last.rect_tests, s.last.pixel_tests),
                pair(s.total.rect_tests, s.total.pixel_tests),
            ),
            (
                "touching",
                s.last.touching.to_string(),
                s.total.touching.to_string(),
            ),
            (
                "power-up rect/pixel",
                pair(s.last.powerup_rect_tests, s.last.powerup_pixel_tests),
                pair(s.total.powerup_rect_tests, s.total.powerup_pixel_tests),
            ),
            (
                "impact t / push px",
                self.contact
                    .map_or("-".to_string(), |c| format!("{:.3}", c.time)),
                self.contact
                    .and_then(|c| c.push)
                    .map_or("-".to_string(), |p| format!("{:.1}", p.offset.length())),
            ),
            ("step \u{b5}s", micros(s.last.step), micros(s.total.step)),
            // The last frame's wall time, and the mean over the window: what a stutter looks like.
            (
                "frame ms",
                format!("{:.1}", self.frames.back().map_or(0.0, |f| f.0) * 1000.0),
                format!("{:.1}", if s.fps > 0.0 { 1000.0 / s.fps } else { 0.0 }),
            ),
            (
                "collision \u{b5}s*",
                micros(s.last.collide),
                micros(s.total.collide),
            ),
        ]
    }

    /// Draws the counters panel with its colour legend, top left under the HUD band.
    pub fn draw_panel(&self, text: &Text) {
        let s = self.summary();
        let rows = self.rows();
        let (x, y, w) = (6.0, 98.0, 246.0);
        let h = 14.0 + LINE * (rows.len() as f32 + 3.0) + 6.0;
        draw_rectangle(x, y, w, h, PANEL);
        draw_rectangle_lines(x, y, w, h, 1.0, PANEL_EDGE);

        let left = x + 7.0;
        let col_step = x + 178.0;
        let col_sec = x + w - 7.0;
        let mut row = y + 16.0;

        text.draw("F3 DEBUG", left, row, SIZE, Align::Left, WHITE);
        text.draw("step", col_step, row, SIZE, Align::Right, LABEL);
        // Just after F3 the window is still filling; say how much it holds rather than call it a second.
        let window = if s.steps == WINDOW_STEPS {
            "1 s".to_string()
        } else {
            format!("{} st", s.steps)
        };
        text.draw(&window, col_sec, row, SIZE, Align::Right, LABEL);
        row += LINE;
        for (label, step, sec) in &rows {
            text.draw(label, left, row, SIZE, Align::Left, LABEL);
            text.draw(step, col_step, row, SIZE, Align::Right, WHITE);
            text.draw(sec, col_sec, row, SIZE, Align::Right, WHITE);
            row += LINE;
        }
        text.draw(
            &format!(
                "{:.0} fps  {:.2} steps/frame  *{} re-timed",
                s.fps, s.steps_per_frame, s.last.retimed
            ),
            left,
            row,
            SIZE - 2.0,
            Align::Left,
            LABEL,
        );
        row += LINE + 2.0;

        let legend = [
            (Style::REJECTED, "rejected"),
            (Style::MISSED, "missed"),
            (Style::HIT, "touching"),
            (Style::PLAYER, "player"),
        ];
        let mut lx = left;
        for (style, label) in legend {
            style.draw(&Rect::from_xywh(lx, row - 9.0, 11.0, 9.0));
            lx += 15.0;
            lx += text.draw(label, lx, row, SIZE - 2.0, Align::Left, LABEL) + 9.0;
        }
    }
}

/// Runs the per-pixel test (the time of impact over the step) again for every block and power-up the
/// prefilter let through in the last step, and returns how long they took together and how many there
/// were.
fn retime_pixel_tests(world: &World) -> (Duration, u64) {
    let figure = world.figure_motion();
    let mut count = 0;
    let started = spinfall::clock::Stopwatch::start();
    for b in world.blocks() {
        if b.last_check() != CheckOutcome::Rejected {
            black_box(time_of_impact(black_box(&world.block_motion(b)), &figure));
            count += 1;
        }
    }
    for p in world.powerups() {
        if p.last_check() != CheckOutcome::Rejected {
            black_box(time_of_impact(black_box(&world.powerup_motion(p)), &figure));
            count += 1;
        }
    }
    // With nothing run, the clock would only report its own overhead.
    let elapsed = if count > 0 {
        started.elapsed()
    } else {
        Duration::ZERO
    };
    (elapsed, count)
}

/// The first touching block's time of impact and contact point in the last step, and the push-out of
/// the figure from it where the step ended.
fn contact_info(world: &World) -> Option<ContactInfo> {
    let (block, impact) = world
        .blocks()
        .iter()
        .find_map(|b| Some((b, b.last_impact()?)))?;
    let figure = world.figure_motion().sprite_at(1.0);
    Some(ContactInfo {
        time: impact.time,
        point: impact.point.mq(),
        figure_centre: figure.bounds().center().mq(),
        push: push_out(figure, world.block_motion(block).sprite_at(1.0)),
    })
}

/// Microseconds, with more decimals the smaller they are.
fn micros(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 10.0 {
        format!("{us:.2}")
    } else if us < 100.0 {
        format!("{us:.1}")
    } else {
        format!("{us:.0}")
    }
}

/// How one kind of bounds is outlined: colour and line width, and a fill for hits, so the kinds also
/// differ for eyes that confuse the colours.
#[derive(Clone, Copy, Debug)]
struct Style {
    color: Color,
    width: f32,
    fill: f32,
}

impl Style {
    const REJECTED: Style = Style {
        color: REJECTED,
        width: 1.5,
        fill: 0.0,
    };
    const MISSED: Style = Style {
        color: MISSED,
        width: 2.0,
        fill: 0.0,
    };
    const HIT: Style = Style {
        color: HIT,
        width: 3.0,
        fill: 0.15,
    };
    const PLAYER: Style = Style {
        color: PLAYER,
        width: 2.0,
        fill: 0.0,
    };

    fn for_outcome(outcome: CheckOutcome) -> Style {
        match outcome {
            CheckOutcome::Rejected => Style::REJECTED,
            CheckOutcome::Missed => Style::MISSED,
            CheckOutcome::Hit => Style::HIT,
        }
    }

    fn draw(&self, r: &Rect) {
        if r.is_empty() {
            return;
        }
        let size = r.size();
        if self.fill > 0.0 {
            let c = self.color;
            draw_rectangle(
                r.min.x,
                r.min.y,
                size.x,
                size.y,
                Color::new(c.r, c.g, c.b, self.fill),
            );
        }
        draw_rectangle_lines(
            r.min.x - 1.0,
            r.min.y - 1.0,
            size.x + 2.0,
            size.y + 2.0,
            self.width + 2.0,
            CASING,
        );
        draw_rectangle_lines(r.min.x, r.min.y, size.x, size.y, self.width, self.color);
    }
}

/// Outlines the world bounds of every block, power-up and the player at the pose being drawn (`alpha`
/// of the way between the last two steps), each block and power-up in the style of its last collision
/// outcome.
///
/// The outlines follow the drawn sprites rather than the step's end poses so that each box frames the
/// block it belongs to; the two differ by at most one step of movement.
pub fn draw_bounds(world: &World, alpha: f32) {
    let block_mask = world.block_mask();
    for b in world.blocks() {
        let (centre, rotation) = b.pose_at(alpha);
        let transform =
            sprite_transform(centre, rotation, ::glam::Vec2::splat(b.scale()), b.origin());
        Style::for_outcome(b.last_check()).draw(&Sprite::new(block_mask, transform).bounds());
    }
    for p in world.powerups() {
        let (centre, rotation) = p.pose_at(alpha);
        let transform = sprite_transform(centre, rotation, ::glam::Vec2::ONE, p.origin());
        let mask = world.powerup_mask(p.kind());
        Style::for_outcome(p.last_check()).draw(&Sprite::new(mask, transform).bounds());
    }
    let p = world.player();
    let figure = world.figure_mask();
    let origin = ::glam::Vec2::new(figure.width() as f32 * 0.5, figure.height() as f32);
    let feet = ::glam::Vec2::new(p.x_at(alpha), p.position().y);
    let transform = sprite_transform(feet, 0.0, ::glam::Vec2::splat(p.scale_at(alpha)), origin);
    Style::PLAYER.draw(&Sprite::new(figure, transform).bounds());
}

#[cfg(test)]
mod tests {
    use super::*;
    use spinfall::collision::overlaps;
    use spinfall::sim::{Input, Mode, Shapes, Tuning};

    #[test]
    fn the_contact_shows_the_time_of_impact_and_a_push_that_frees_the_figure() {
        let tuning = Tuning {
            spawn_chance: 0.0,
            spawn_cap: 0.0,
            powerups: false,
            ..Tuning::for_mode(Mode::Classic)
        };
        let mut world = World::with_tuning(Mode::Classic, 1, Shapes::placeholder(), tuning.clone());
        // A block falling fast onto the figure's head from just above it: it touches partway through
        // its first step and ends it sunk into the figure.
        let top = world.player().rect().min.y;
        let x = world.player().x();
        world.spawn_block(::glam::Vec2::new(x, top - 40.0), 0.3, 1.0, 30.0, 0.0);
        world.step(Input::IDLE);
        let c = contact_info(&world).expect("the block touches");
        assert!(c.time > 0.0 && c.time < 1.0, "{c:?}");
        let push = c.push.expect("they overlap where the step ended");
        let figure = world.figure_motion().sprite_at(1.0);
        let block = world.block_motion(&world.blocks()[0]).sprite_at(1.0);
        assert!(overlaps(figure, block));
        let freed = Sprite::new(
            figure.mask,
            ::glam::Affine2::from_translation(push.offset) * figure.transform,
        );
        assert!(!overlaps(freed, block), "the push frees the figure");
        let away = figure.bounds().center() - block.bounds().center();
        assert!(
            push.normal.dot(away) < 0.0,
            "{push:?} points from the figure into the block"
        );
        // Nothing touching, nothing shown.
        let mut calm = World::with_tuning(Mode::Classic, 1, Shapes::placeholder(), tuning);
        calm.step(Input::IDLE);
        assert_eq!(contact_info(&calm), None);
    }

    fn sample(rect_tests: u64, micros: u64) -> StepSample {
        StepSample {
            blocks: rect_tests,
            rect_tests,
            pixel_tests: 1,
            touching: 0,
            powerup_rect_tests: 2,
            powerup_pixel_tests: 0,
            step: Duration::from_micros(micros),
            collide: Duration::from_micros(micros / 2),
            retimed: 1,
        }
    }

    #[test]
    fn the_second_column_sums_the_last_sixty_steps() {
        let mut view = DebugView::new();
        for i in 0..100 {
            view.push_step(sample(i, 10));
        }
        let s = view.summary();
        assert_eq!(s.steps, WINDOW_STEPS);
        assert_eq!(s.last.rect_tests, 99);
        assert_eq!(s.total.rect_tests, (40..100).sum::<u64>());
        assert_eq!(s.total.pixel_tests, 60);
        assert_eq!(s.total.powerup_rect_tests, 120);
        assert_eq!(s.total.step, Duration::from_micros(600));
        assert_eq!(s.total.blocks, 99, "blocks alive is a level, not a sum");
    }

    #[test]
    fn the_touching_row_counts_touches_and_no_row_is_called_hits() {
        let mut view = DebugView::new();
        for touching in [2, 0, 1] {
            view.push_step(StepSample {
                touching,
                ..sample(5, 10)
            });
        }
        let rows = view.rows();
        let touching = rows
            .iter()
            .find(|r| r.0 == "touching")
            .expect("a touching row");
        assert_eq!((touching.1.as_str(), touching.2.as_str()), ("1", "3"));
        // The HUD's HITS counts hits that cost something; a second "hits" here read as the same count.
        assert!(rows.iter().all(|r| !r.0.contains("hit")), "{rows:?}");
    }

    #[test]
    fn a_fresh_view_shows_zeros() {
        let s = DebugView::new().summary();
        assert_eq!(s.steps, 0);
        assert_eq!(s.fps, 0.0);
        assert_eq!(s.total, StepSample::default());
    }

    #[test]
    fn frame_rate_and_steps_per_frame_come_from_the_last_second() {
        let mut view = DebugView::new();
        // Two seconds at 30 frames/s, two steps each, then a frame with none.
        for _ in 0..60 {
            view.frame_steps = 2;
            view.end_frame(1.0 / 30.0);
        }
        view.end_frame(1.0 / 30.0);
        let s = view.summary();
        assert!((s.fps - 30.0).abs() < 0.5, "{}", s.fps);
        assert!(
            (s.steps_per_frame - 2.0).abs() < 0.1,
            "{}",
            s.steps_per_frame
        );
    }

    #[test]
    fn a_long_stall_still_counts_as_one_frame() {
        let mut view = DebugView::new();
        view.end_frame(0.016);
        view.end_frame(3.0);
        let s = view.summary();
        assert!((s.fps - 1.0 / 3.0).abs() < 1e-3, "{}", s.fps);
    }

    #[test]
    fn micros_keep_three_significant_digits() {
        assert_eq!(micros(Duration::from_nanos(1_234)), "1.23");
        assert_eq!(micros(Duration::from_nanos(12_345)), "12.3");
        assert_eq!(micros(Duration::from_nanos(1_234_567)), "1235");
    }
}
