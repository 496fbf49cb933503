//! Power-up effects in the step: catching tokens, starting and ending effects, counting them down,
//! and the figure scale they ask for.

use super::World;
use crate::collision::time_of_impact;
use crate::sim::player::{sweep_misses, FigureSweep};
use crate::sim::{CheckOutcome, Event, PowerUpKind, GROW_SCALE, REGROW_GRACE_STEPS, SHRINK_SCALE};

impl World {
    /// Counts down timed effects, announcing the ones that end, and moves the player's scale one step
    /// along its change.
    pub(super) fn tick_effects(&mut self) {
        for kind in PowerUpKind::ALL {
            let left = self.effects.slot(kind);
            if *left > 0 {
                *left -= 1;
                if *left == 0 {
                    self.events.push(Event::EffectEnded { kind });
                    if kind == PowerUpKind::Shrink {
                        self.regrow_end = Some(self.stats.steps + u64::from(REGROW_GRACE_STEPS));
                    }
                }
            }
        }
        self.player.aim_scale(self.target_scale());
        self.player.advance_scale();
    }

    /// The scale the effects in force ask for.
    fn target_scale(&self) -> f32 {
        if self.effects.shrink > 0 {
            SHRINK_SCALE
        } else if self.effects.grow > 0 {
            GROW_SCALE
        } else {
            1.0
        }
    }

    /// Catches every power-up whose mask touches the figure's, by the same swept prefilter and
    /// per-pixel test as blocks, against the figure at its current (scaled) size.
    pub(super) fn collect_powerups(&mut self) {
        let figure = FigureSweep::new(self.player);
        let (mut rect_tests, mut pixel_tests) = (0u64, 0u64);
        let mut i = 0;
        while i < self.powerups.len() {
            let p = self.powerups[i];
            rect_tests += 1;
            let outcome = if sweep_misses(
                p.prev_position,
                p.position,
                p.texels.length() * 0.5,
                &figure,
            ) {
                CheckOutcome::Rejected
            } else {
                pixel_tests += 1;
                match time_of_impact(&self.powerup_motion(&p), &figure.motion(&self.figure)) {
                    Some(_) => CheckOutcome::Hit,
                    None => CheckOutcome::Missed,
                }
            };
            self.powerups[i].check = outcome;
            if outcome != CheckOutcome::Hit {
                i += 1;
                continue;
            }
            self.powerups.remove(i);
            self.stats.collected += 1;
            match p.kind {
                PowerUpKind::Shrink => {
                    self.end_effect(PowerUpKind::Grow);
                    self.effects.shrink = p.kind.duration();
                }
                PowerUpKind::Grow => {
                    self.end_effect(PowerUpKind::Shrink);
                    self.effects.grow = p.kind.duration();
                }
                PowerUpKind::Shield | PowerUpKind::Slow => {
                    *self.effects.slot(p.kind) = p.kind.duration();
                }
            }
            self.events.push(Event::Collected {
                id: p.id,
                kind: p.kind,
                point: p.position,
            });
        }
        // The new size is reached smoothly over the following steps, never within this one.
        self.player.aim_scale(self.target_scale());
        self.last_step.powerup_rect_tests = rect_tests;
        self.last_step.powerup_pixel_tests = pixel_tests;
    }

    fn end_effect(&mut self, kind: PowerUpKind) {
        let left = self.effects.slot(kind);
        if *left > 0 {
            *left = 0;
            self.events.push(Event::EffectEnded { kind });
        }
    }
}
