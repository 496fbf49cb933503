//! Spawning: new blocks and power-ups above the top edge, drawn from the world's generator at the
//! current difficulty.

use std::f32::consts::TAU;

use glam::Vec2;
use rand::Rng;
use rand_pcg::Pcg64Mcg;

use super::World;
use crate::sim::block::Block;
use crate::sim::powerup::PowerUp;
use crate::sim::shapes::mask_centre;
use crate::sim::{safe_area, CheckOutcome, Difficulty, Event, PowerUpKind, FIELD_WIDTH};

impl World {
    /// Puts a block into the world directly, bypassing the spawner (for tests, tools and demos).
    ///
    /// Returns the new block's id. `fall` is in px per step, `spin` in radians per step.
    pub fn spawn_block(
        &mut self,
        position: Vec2,
        rotation: f32,
        scale: f32,
        fall: f32,
        spin: f32,
    ) -> u64 {
        let id = self.next_block;
        self.next_block += 1;
        self.stats.spawned += 1;
        let texels = Vec2::new(self.block.width() as f32, self.block.height() as f32);
        self.blocks.push(Block {
            id,
            position,
            prev_position: position,
            rotation,
            prev_rotation: rotation,
            scale,
            fall,
            spin,
            origin: self.block_origin,
            texels,
            radius: self.block_radius * scale,
            reach: texels.length() * 0.5 * scale,
            touched: false,
            passed: false,
            check: CheckOutcome::Rejected,
            impact: None,
        });
        id
    }

    /// Puts a power-up into the world directly, bypassing the spawner (for tests, tools and demos).
    ///
    /// Returns the new power-up's id; it falls like spawned ones, even in classic mode.
    pub fn spawn_powerup(&mut self, kind: PowerUpKind, position: Vec2) -> u64 {
        let id = self.next_powerup;
        self.next_powerup += 1;
        let mask = &self.powerup_masks[kind.index()];
        // Tokens start their wobble at different phases so that several never sway in step.
        let phase = (id % 16) as f32 * (TAU / 16.0);
        self.powerups.push(PowerUp {
            id,
            kind,
            position,
            prev_position: position,
            phase,
            prev_phase: phase,
            origin: mask_centre(mask),
            texels: Vec2::new(mask.width() as f32, mask.height() as f32),
            radius: self.powerup_radius[kind.index()],
            check: CheckOutcome::Rejected,
        });
        id
    }

    pub(super) fn spawn(&mut self, difficulty: &Difficulty, time: f32) {
        // Slow time slows the arrival of blocks too; otherwise a slow-down would crowd the field.
        if self.rng.gen::<f32>() < difficulty.spawn_chance * time {
            let scale = uniform(&mut self.rng, self.tuning.scale_min, self.tuning.scale_max);
            let aimed = self.rng.gen::<f32>() < self.tuning.aim_chance;
            let x = if aimed {
                let spread = self.tuning.aim_spread;
                self.player.x + uniform(&mut self.rng, -spread, spread)
            } else {
                uniform(&mut self.rng, 0.0, FIELD_WIDTH)
            };
            let rotation = uniform(&mut self.rng, 0.0, TAU);
            let fall = uniform(&mut self.rng, difficulty.fall_min, difficulty.fall_max);
            let spin = if self.rng.gen::<bool>() {
                difficulty.spin
            } else {
                -difficulty.spin
            };
            // Start with the whole texture, at any rotation, above the top edge.
            let reach = Vec2::new(self.block.width() as f32, self.block.height() as f32).length()
                * 0.5
                * scale;
            let position = Vec2::new(x, -reach);
            let id = self.spawn_block(position, rotation, scale, fall, spin);
            self.events.push(Event::Spawned {
                id,
                position,
                scale,
            });
        }
        if self.tuning.powerups && self.rng.gen::<f32>() < self.tuning.powerup_chance {
            // Drawn as a u64, never a usize: rand draws a usize as 32 bits on 32-bit targets (wasm)
            // and as 64 on 64-bit ones, and the world must be the same on both.
            let pick = self.rng.gen_range(0..PowerUpKind::ALL.len() as u64);
            let kind = PowerUpKind::ALL[pick as usize];
            let safe = safe_area();
            let mask = &self.powerup_masks[kind.index()];
            let (w, h) = (mask.width() as f32, mask.height() as f32);
            let x = uniform(&mut self.rng, safe.min.x + w * 0.5, safe.max.x - w * 0.5);
            // Its whole texture, at any tilt, starts above the top edge.
            let position = Vec2::new(x, -Vec2::new(w, h).length() * 0.5);
            let id = self.spawn_powerup(kind, position);
            self.events
                .push(Event::PowerUpSpawned { id, kind, position });
        }
    }
}

/// A uniform draw in `lo..=hi`, or `lo` when the range is empty or not finite.
fn uniform(rng: &mut Pcg64Mcg, lo: f32, hi: f32) -> f32 {
    if lo < hi && (hi - lo).is_finite() {
        rng.gen_range(lo..=hi)
    } else {
        lo
    }
}
