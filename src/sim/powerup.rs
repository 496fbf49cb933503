//! Power-up tokens as they fall and wobble, and the timed effects they leave once caught.

use std::f32::consts::TAU;

use glam::Vec2;

use super::{CheckOutcome, PowerUpKind, STEPS_PER_SECOND};
use crate::collision::Rect;

/// How far a falling power-up tilts either way, in radians: a gentle wobble, so it never reads as a
/// spinning block.
const WOBBLE_AMPLITUDE: f32 = 0.2;
/// The wobble's phase advance per step of block time (one full sway every 1.5 s).
pub(super) const WOBBLE_RATE: f32 = TAU / 90.0;

/// A falling power-up waiting to be caught.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PowerUp {
    // Visible to `sim` (never outside it): the world moves, checks and collects tokens in place, so
    // its step reaches these fields directly.
    pub(super) id: u64,
    pub(super) kind: PowerUpKind,
    pub(super) position: Vec2,
    pub(super) prev_position: Vec2,
    pub(super) phase: f32,
    pub(super) prev_phase: f32,
    pub(super) origin: Vec2,
    pub(super) texels: Vec2,
    pub(super) radius: f32,
    pub(super) check: CheckOutcome,
}

impl PowerUp {
    /// The power-up's id, unique among power-ups within one world.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// What it does when caught.
    pub fn kind(&self) -> PowerUpKind {
        self.kind
    }

    /// Its centre, in playfield px.
    pub fn position(&self) -> Vec2 {
        self.position
    }

    /// The rectangle its art covers before the wobble, in playfield px (catching tests the tilted
    /// mask pixel by pixel).
    pub fn rect(&self) -> Rect {
        Rect::new(
            self.position - self.texels * 0.5,
            self.position + self.texels * 0.5,
        )
    }

    /// Its centre one step earlier, for drawing between steps.
    pub fn prev_position(&self) -> Vec2 {
        self.prev_position
    }

    /// Its tilt in radians, clockwise: a gentle wobble of at most 0.2 either way, never a spin.
    pub fn rotation(&self) -> f32 {
        wobble(self.phase)
    }

    /// The centre and tilt a fraction `alpha` (0..=1) of the way from the previous step to this one.
    pub fn pose_at(&self, alpha: f32) -> (Vec2, f32) {
        (
            self.prev_position.lerp(self.position, alpha),
            wobble(self.prev_phase + (self.phase - self.prev_phase) * alpha),
        )
    }

    /// Its drawn size in playfield px (the token's texture size; tokens are never scaled).
    pub fn size(&self) -> Vec2 {
        self.texels
    }

    /// The pivot in texels (the texture's centre), as a draw call's origin wants it.
    pub fn origin(&self) -> Vec2 {
        self.origin
    }

    /// Whether catching it makes the game harder (see [`PowerUpKind::is_hazard`]).
    pub fn is_hazard(&self) -> bool {
        self.kind.is_hazard()
    }

    /// What the collision pipeline concluded about it against the player in the last step.
    pub fn last_check(&self) -> CheckOutcome {
        self.check
    }
}

/// The tilt of a power-up at wobble phase `phase`.
pub(super) fn wobble(phase: f32) -> f32 {
    // libm rather than the platform's sine: the tilt feeds the catch test, and the world must come out
    // the same on every platform (the browser's included) for a seed to replay.
    WOBBLE_AMPLITUDE * libm::sinf(phase)
}

/// Steps left of each timed effect (0 when inactive).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    /// Steps left of being shrunk.
    pub shrink: u32,
    /// Steps left of being grown.
    pub grow: u32,
    /// Steps left of an unused shield.
    pub shield: u32,
    /// Steps left of the slow-down.
    pub slow: u32,
}

impl Effects {
    /// Seconds left of the effect of `kind` (0 when inactive), for a HUD countdown.
    pub fn remaining_seconds(&self, kind: PowerUpKind) -> f32 {
        self.remaining(kind) as f32 / STEPS_PER_SECOND as f32
    }

    /// Whether the effect of `kind` is in force.
    pub fn is_active(&self, kind: PowerUpKind) -> bool {
        self.remaining(kind) > 0
    }

    /// The effects in force with their steps left, in [`PowerUpKind::ALL`] order.
    pub fn active(&self) -> impl Iterator<Item = (PowerUpKind, u32)> + '_ {
        PowerUpKind::ALL
            .into_iter()
            .map(|kind| (kind, self.remaining(kind)))
            .filter(|&(_, left)| left > 0)
    }

    /// Steps left of the effect of `kind`.
    pub fn remaining(&self, kind: PowerUpKind) -> u32 {
        match kind {
            PowerUpKind::Shrink => self.shrink,
            PowerUpKind::Grow => self.grow,
            PowerUpKind::Shield => self.shield,
            PowerUpKind::Slow => self.slow,
        }
    }

    pub(super) fn slot(&mut self, kind: PowerUpKind) -> &mut u32 {
        match kind {
            PowerUpKind::Shrink => &mut self.shrink,
            PowerUpKind::Grow => &mut self.grow,
            PowerUpKind::Shield => &mut self.shield,
            PowerUpKind::Slow => &mut self.slow,
        }
    }
}
