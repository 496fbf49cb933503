//! Blocks against the player: the swept prefilter and time of first contact each step, and what a
//! block's first touch means under the mode's rules.

use glam::Vec2;

use super::World;
use crate::collision::{time_of_impact, Motion, Pose};
use crate::sim::block::Block;
use crate::sim::player::{sweep_misses, FigureSweep};
use crate::sim::powerup::{wobble, PowerUp};
use crate::sim::{CheckOutcome, Event, Mode, StepStats, GRACE_STEPS};

impl World {
    /// The figure's motion over the last step, as the collision pipeline tests it: from the previous
    /// x and scale to the current ones.
    pub fn figure_motion(&self) -> Motion<'_> {
        FigureSweep::new(self.player).motion(&self.figure)
    }

    /// A block's motion over the last step, as the collision pipeline tests it.
    pub fn block_motion(&self, b: &Block) -> Motion<'_> {
        Motion::new(
            &self.block,
            Pose::new(b.prev_position, b.prev_rotation, Vec2::splat(b.scale)),
            Pose::new(b.position, b.rotation, Vec2::splat(b.scale)),
            b.origin,
        )
    }

    /// A power-up's motion over the last step, as the collision pipeline tests it: its wobble is
    /// turned linearly between the two ends of the step.
    pub fn powerup_motion(&self, p: &PowerUp) -> Motion<'_> {
        Motion::new(
            &self.powerup_masks[p.kind.index()],
            Pose::new(p.prev_position, wobble(p.prev_phase), Vec2::ONE),
            Pose::new(p.position, wobble(p.phase), Vec2::ONE),
            p.origin,
        )
    }

    /// Tests every block against the player over the step: a swept rectangle prefilter, then, when
    /// that passes, the time of first contact of the two motions (exact however fast either moves);
    /// each block keeps the outcome and the impact for a debug view.
    pub(super) fn collide_blocks(&mut self) {
        let figure = FigureSweep::new(self.player);
        // Every block gets the sweep test; the counts of rejected blocks and of these tests are
        // settled per step rather than per block, as most blocks stop right there.
        let checked = self.blocks.len() as u64;
        let mut step = StepStats {
            rect_tests: checked,
            ..StepStats::default()
        };
        self.touching = false;
        self.contact = None;
        for i in 0..self.blocks.len() {
            // Most blocks are far from the player: settle those here, before any copying or calls.
            let b = &self.blocks[i];
            if sweep_misses(b.prev_position, b.position, b.reach(), &figure) {
                self.blocks[i].check = CheckOutcome::Rejected;
                self.blocks[i].impact = None;
                continue;
            }
            let b = self.blocks[i];
            step.pixel_tests += 1;
            let impact = time_of_impact(&self.block_motion(&b), &figure.motion(&self.figure));
            self.blocks[i].impact = impact;
            self.blocks[i].check = if impact.is_some() {
                step.hits += 1;
                CheckOutcome::Hit
            } else {
                step.missed += 1;
                CheckOutcome::Missed
            };
            if let Some(impact) = impact {
                self.touching = true;
                self.contact.get_or_insert(impact.point);
                if !b.touched {
                    self.blocks[i].touched = true;
                    self.register_touch(b.id, impact.point);
                }
            }
        }
        step.rejected = checked - step.missed - step.hits;
        self.stats.rect_tests += step.rect_tests;
        self.stats.pixel_tests += step.pixel_tests;
        self.last_step = step;
    }

    /// Decides what a block's first touch means under the mode's rules.
    fn register_touch(&mut self, id: u64, point: Vec2) {
        let steps = self.stats.steps;
        if self.regrow_end.is_some_and(|end| steps <= end) {
            return;
        }
        match self.mode {
            Mode::Classic => {
                self.stats.hits += 1;
                self.last_hit = Some(steps);
                self.events.push(Event::Hit { id, point });
            }
            Mode::Arcade => {
                if self.last_hit.is_some() && steps <= self.grace_end {
                    return;
                }
                self.last_hit = Some(steps);
                self.grace_end = steps + u64::from(GRACE_STEPS);
                if self.effects.shield > 0 {
                    self.effects.shield = 0;
                    self.events.push(Event::Shielded { id, point });
                    return;
                }
                self.stats.hits += 1;
                self.stats.lives = self.stats.lives.saturating_sub(1);
                self.events.push(Event::Hit { id, point });
                self.events.push(Event::LifeLost {
                    lives: self.stats.lives,
                });
            }
        }
    }
}
