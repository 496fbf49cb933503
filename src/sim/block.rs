//! The falling, spinning blocks the player dodges.

use std::f32::consts::TAU;

use glam::{Affine2, Vec2};

use super::CheckOutcome;
use crate::collision::{sprite_transform, Impact};

/// A falling, spinning plus-shaped block.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Block {
    // Visible to `sim` (never outside it): the world moves, checks and retires blocks in place, so
    // its step reaches these fields directly.
    pub(super) id: u64,
    pub(super) position: Vec2,
    pub(super) prev_position: Vec2,
    pub(super) rotation: f32,
    pub(super) prev_rotation: f32,
    pub(super) scale: f32,
    pub(super) fall: f32,
    pub(super) spin: f32,
    pub(super) origin: Vec2,
    pub(super) texels: Vec2,
    pub(super) radius: f32,
    pub(super) reach: f32,
    pub(super) touched: bool,
    pub(super) passed: bool,
    pub(super) check: CheckOutcome,
    pub(super) impact: Option<Impact>,
}

impl Block {
    /// The block's id, unique within one world, increasing in spawn order.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The block's centre (its rotation pivot), in playfield px.
    pub fn position(&self) -> Vec2 {
        self.position
    }

    /// The block's rotation in radians in 0..2*pi, clockwise on the y-down field.
    pub fn rotation(&self) -> f32 {
        self.rotation.rem_euclid(TAU)
    }

    /// The block's centre one step earlier, for drawing between steps.
    pub fn prev_position(&self) -> Vec2 {
        self.prev_position
    }

    /// The rotation one step earlier, on the same turn as [`rotation`](Self::rotation) (so the two
    /// interpolate directly, even across a full turn).
    pub fn prev_rotation(&self) -> f32 {
        self.rotation() - (self.rotation - self.prev_rotation)
    }

    /// The centre and rotation a fraction `alpha` (0..=1) of the way from the previous step to this one.
    pub fn pose_at(&self, alpha: f32) -> (Vec2, f32) {
        (
            self.prev_position.lerp(self.position, alpha),
            (self.prev_rotation + (self.rotation - self.prev_rotation) * alpha).rem_euclid(TAU),
        )
    }

    /// The block's uniform scale.
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// The block's fall speed in px per step (before any slow-down).
    pub fn fall_speed(&self) -> f32 {
        self.fall
    }

    /// The block's spin in radians per step, positive clockwise (before any slow-down).
    pub fn spin(&self) -> f32 {
        self.spin
    }

    /// The pivot in texels (the texture's centre), as a draw call's origin wants it.
    pub fn origin(&self) -> Vec2 {
        self.origin
    }

    /// The block's drawn size in playfield px before rotation (texture size times scale).
    pub fn size(&self) -> Vec2 {
        self.texels * self.scale
    }

    /// The distance from the centre to the farthest solid point, in playfield px.
    pub fn radius(&self) -> f32 {
        self.radius
    }

    /// The transform from the block's texels to the playfield.
    pub fn transform(&self) -> Affine2 {
        sprite_transform(
            self.position,
            self.rotation,
            Vec2::splat(self.scale),
            self.origin,
        )
    }

    /// Whether the block has touched the player (each block can hit at most once).
    pub fn has_touched(&self) -> bool {
        self.touched
    }

    /// Whether the block has fallen past the player's feet.
    pub fn has_passed(&self) -> bool {
        self.passed
    }

    /// What the collision pipeline concluded about this block against the player in the last step.
    pub fn last_check(&self) -> CheckOutcome {
        self.check
    }

    /// When in the last step this block first touched the player, and where, if it did.
    pub fn last_impact(&self) -> Option<Impact> {
        self.impact
    }

    /// The radius of a circle around the centre that holds the whole texture at any rotation.
    pub(super) fn reach(&self) -> f32 {
        self.reach
    }
}
