//! The built-in pilot: plays the game from the world's public state, for `--pilot bot` and the
//! attract mode.
//!
//! It plans over a short horizon on a grid of the positions the player can reach (one player step
//! apart per step). Every block that can still hurt is predicted forward (it falls and spins at a
//! constant rate, so the prediction is exact) and, for each future step, marks the player positions its
//! bounding circle would touch. A backward pass then finds, for each first move, the path whose closest
//! approach to danger is farthest; paths that cannot avoid danger are ranked by how late it comes.
//!
//! Grow tokens are a softer danger: touching one scores 0, worse than any clearance but better than
//! any block, so the bot takes a grow only when the alternative is a hit. While some move keeps a
//! comfortable clearance, it walks towards the nearest helpful token (shrink, shield, slow) it can
//! still reach before the token falls past; otherwise safety decides alone.

use super::{safe_area, Input, World, FIELD_WIDTH};

/// Steps the bot looks ahead (1.5 s).
pub const HORIZON: usize = 90;
/// Clearance beyond which a position counts as simply safe, in px.
const CLEAR_CAP: f32 = 48.0;
/// Extra room kept around each block's bounding circle, in px.
const MARGIN: f32 = 3.0;
/// Clearance that counts as safe enough while walking to a helpful token, in px (beyond [`MARGIN`]).
/// Chasing only with the full [`CLEAR_CAP`] to spare catches about 55% of helpful tokens; this
/// catches about 75%, and games last longer for it (headless runs of 32 seeds).
const CHASE_CLEARANCE: f32 = 8.0;
/// Clearance from a grow token beyond which it no longer matters, in px: small, so that the bot sidesteps
/// a grow token without giving up room it needs for blocks.
const GROW_CAP: f32 = 8.0;

/// A block as a pilot perceives it: where it is, how fast it falls and how far it reaches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Seen {
    /// The block's centre x, in playfield px.
    pub x: f32,
    /// The block's centre y, in playfield px.
    pub y: f32,
    /// Its fall speed in px per step, before any slow-down.
    pub fall: f32,
    /// The distance from its centre to its farthest solid point, in px.
    pub radius: f32,
}

/// A reusable bot; its buffers persist so that steering allocates nothing after the first call.
#[derive(Clone, Debug, Default)]
pub struct Bot {
    value: Vec<f32>,
    next: Vec<f32>,
    clear: Vec<f32>,
    soft: Vec<f32>,
    spans: Vec<(f32, f32)>,
    seen: Vec<Seen>,
}

/// Steers once with a fresh bot (convenient, but allocates; keep a [`Bot`] to steer every step).
pub fn input(world: &World) -> Input {
    Bot::new().input(world)
}

impl Bot {
    /// A bot with empty buffers.
    pub fn new() -> Bot {
        Bot::default()
    }

    /// The input the bot chooses for the next step of `world`.
    pub fn input(&mut self, world: &World) -> Input {
        let mut seen = std::mem::take(&mut self.seen);
        seen.clear();
        seen.extend(
            world
                .blocks()
                .iter()
                .filter(|b| !b.has_touched())
                .map(|b| Seen {
                    x: b.position().x,
                    y: b.position().y,
                    fall: b.fall_speed(),
                    radius: b.radius(),
                }),
        );
        let input = self.plan(world, &seen, HORIZON);
        self.seen = seen;
        input
    }

    /// The input that keeps farthest from the `seen` blocks over the next `horizon` steps, as the bot
    /// plans it; the player, power-ups and effects are read from `world` as they are.
    pub fn plan(&mut self, world: &World, seen: &[Seen], horizon: usize) -> Input {
        if world.is_over() || horizon == 0 {
            return Input::IDLE;
        }
        let player = world.player();
        let speed = world.tuning().player_speed;
        if !(speed > 0.0 && speed.is_finite()) {
            return Input::IDLE;
        }
        let x0 = player.x();
        let edge_half = player.size().x * 0.5;
        let safe = safe_area();
        let (lo, hi) = (safe.min.x + edge_half, safe.max.x - edge_half);
        let left = ((x0 - lo) / speed).floor().max(0.0) as usize;
        let right = ((hi - x0) / speed).floor().max(0.0) as usize;
        let cells = left + right + 1;
        let cell_x = |j: usize| x0 + (j as f32 - left as f32) * speed;

        let feet = player.position().y;
        let scale_now = player.scale();
        let texels = if scale_now > 0.0 {
            player.size() / scale_now
        } else {
            return Input::IDLE;
        };
        let effects = *world.effects();
        let slow = world.block_time_scale();
        let token_fall = world.tuning().powerup_fall;

        self.value.clear();
        self.value.resize(cells, f32::INFINITY);
        self.next.clear();
        self.next.resize(cells, f32::INFINITY);
        self.clear.resize(cells, 0.0);
        self.soft.resize(cells, 0.0);

        // Backward over the horizon: `value` holds the best achievable worst clearance from step t on.
        for t in (1..=horizon).rev() {
            self.spans.clear();
            // Scale changes and the end of shrink or grow follow a known course; plan with the larger
            // of the sizes the figure has at either end of step t.
            let steps = t as u32;
            let scale = world.scale_after(steps).max(world.scale_after(steps - 1));
            let (top, half) = (feet - texels.y * scale, texels.x * scale * 0.5);
            // Block time passed by step t: a slow-down with N steps left covers the next N steps.
            let slowed = t.min(effects.slow as usize) as f32;
            let time = slowed * slow + (t as f32 - slowed);
            for b in seen {
                let y = b.y + b.fall * time;
                let r = b.radius + MARGIN;
                let dy = (top - y).max(y - feet).max(0.0);
                if dy < r {
                    let reach = (r * r - dy * dy).sqrt() + half;
                    self.spans.push((b.x - reach, b.x + reach));
                }
            }
            // After t steps the player can only be within t cells of where it started.
            let reachable = left.saturating_sub(t)..(left + t + 1).min(cells);
            fill_clearance(
                &mut self.spans,
                &mut self.clear,
                reachable.clone(),
                &cell_x,
                CLEAR_CAP,
                -((horizon + 1 - t) as f32),
            );
            self.spans.clear();
            for p in world.powerups().iter().filter(|p| p.is_hazard()) {
                let y = p.position().y + token_fall * time;
                let r = p.size().x.max(p.size().y) * 0.5;
                let dy = (top - y).max(y - feet).max(0.0);
                if dy < r {
                    let reach = (r * r - dy * dy).sqrt() + half;
                    self.spans
                        .push((p.position().x - reach, p.position().x + reach));
                }
            }
            if !self.spans.is_empty() {
                fill_clearance(
                    &mut self.spans,
                    &mut self.soft,
                    reachable.clone(),
                    &cell_x,
                    GROW_CAP,
                    0.0,
                );
                for j in reachable.clone() {
                    self.clear[j] = self.clear[j].min(self.soft[j]);
                }
            }
            for j in reachable {
                let mut best = self.next[j];
                if j > 0 {
                    best = best.max(self.next[j - 1]);
                }
                if j + 1 < cells {
                    best = best.max(self.next[j + 1]);
                }
                self.value[j] = self.clear[j].min(best);
            }
            std::mem::swap(&mut self.value, &mut self.next);
        }

        // `next` now holds the value of standing on each cell after the first step.
        // Chasing a token accepts any move that keeps a comfortable clearance; drifting to the middle
        // only breaks exact ties.
        let (target, enough) = match self.target_x(world) {
            Some(x) => (x, CHASE_CLEARANCE),
            None => (FIELD_WIDTH * 0.5, CLEAR_CAP),
        };
        let mut choice = (0i32, f32::NEG_INFINITY, f32::INFINITY);
        for m in [0i32, -1, 1] {
            let j = left as i64 + i64::from(m);
            if j < 0 || j >= cells as i64 {
                continue;
            }
            let v = self.next[j as usize].min(enough);
            let dist = (cell_x(j as usize) - target).abs();
            if v > choice.1 || (v == choice.1 && dist + 0.5 < choice.2) {
                choice = (m, v, dist);
            }
        }
        Input::new(choice.0 as f32)
    }

    /// Where the bot drifts when every move is equally safe: a helpful power-up it can still reach
    /// before the token falls past its feet, or the middle of the field, where it has room both ways.
    fn target_x(&self, world: &World) -> Option<f32> {
        let player = world.player();
        let feet = player.position().y;
        let half = player.size().x * 0.5;
        let speed = world.tuning().player_speed;
        // Slow time may run out before the token arrives; assuming full speed never overestimates.
        let fall = world.tuning().powerup_fall.max(0.1);
        world
            .powerups()
            .iter()
            .filter(|p| !p.is_hazard())
            .filter(|p| {
                let r = p.size().y * 0.5;
                let steps = (feet + r - p.position().y) / fall;
                let walk = ((p.position().x - player.x()).abs() - half - r).max(0.0);
                steps > 0.0 && walk / speed < steps
            })
            .map(|p| p.position().x)
            .min_by(|a, b| (a - player.x()).abs().total_cmp(&(b - player.x()).abs()))
    }
}

/// Sets `clear[j]` for each cell j in `cells` to its distance from the nearest span (capped at `cap`),
/// or to `inside` when the cell lies within one; a sweep over the sorted spans keeps this linear in
/// cells and spans.
fn fill_clearance(
    spans: &mut Vec<(f32, f32)>,
    clear: &mut [f32],
    cells: std::ops::Range<usize>,
    cell_x: &impl Fn(usize) -> f32,
    cap: f32,
    inside: f32,
) {
    spans.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
    // Merge overlapping spans so that "nearest" is always the previous or the next span.
    let mut merged = 0;
    for i in 0..spans.len() {
        let span = spans[i];
        if merged > 0 && span.0 <= spans[merged - 1].1 {
            let last = &mut spans[merged - 1];
            last.1 = last.1.max(span.1);
        } else {
            spans[merged] = span;
            merged += 1;
        }
    }
    spans.truncate(merged);
    let mut k = 0;
    for j in cells {
        let x = cell_x(j);
        while k < spans.len() && spans[k].1 <= x {
            k += 1;
        }
        let mut c = cap;
        if k > 0 {
            c = c.min(x - spans[k - 1].1);
        }
        if let Some(&(a, _)) = spans.get(k) {
            c = c.min(if x <= a { a - x } else { inside });
        }
        clear[j] = c;
    }
}
