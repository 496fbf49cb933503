//! The player's figure: where it stands, its smooth change of scale, and the box it sweeps over a
//! step for the collision prefilter.

use glam::{Affine2, Vec2};

use super::SCALE_CHANGE_STEPS;
use crate::collision::{sprite_transform, Mask, Motion, Pose, Rect};

/// The player: a figure standing on the bottom edge of the safe area.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Player {
    // Visible to `sim` (never outside it): the world walks the figure and reads its scale change,
    // so its step reaches these fields directly.
    pub(super) x: f32,
    pub(super) prev_x: f32,
    pub(super) feet: f32,
    pub(super) scale: f32,
    pub(super) prev_scale: f32,
    pub(super) ramp_from: f32,
    pub(super) ramp_to: f32,
    pub(super) ramp_step: u32,
    pub(super) texels: Vec2,
    pub(super) last_move: f32,
}

impl Player {
    /// The horizontal centre of the figure, in playfield px.
    pub fn x(&self) -> f32 {
        self.x
    }

    /// The point the figure stands on: its bottom edge's centre.
    pub fn position(&self) -> Vec2 {
        Vec2::new(self.x, self.feet)
    }

    /// The figure's drawn scale (1 normally; smaller or larger under shrink or grow, changing smoothly
    /// over [`SCALE_CHANGE_STEPS`] when an effect starts or ends).
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// The scale one step earlier, for drawing between steps.
    pub fn prev_scale(&self) -> f32 {
        self.prev_scale
    }

    /// The scale a fraction `alpha` (0..=1) of the way from the previous step to this one.
    pub fn scale_at(&self, alpha: f32) -> f32 {
        self.prev_scale + (self.scale - self.prev_scale) * alpha
    }

    /// The scale the figure is heading for (equal to [`scale`](Self::scale) once a change is over).
    pub fn target_scale(&self) -> f32 {
        self.ramp_to
    }

    /// The figure's drawn size in playfield px (texture size times scale).
    pub fn size(&self) -> Vec2 {
        self.texels * self.scale
    }

    /// The rectangle the figure is drawn in (its texture's bounds), in playfield px.
    pub fn rect(&self) -> Rect {
        self.rect_at(self.x, self.scale)
    }

    /// The transform from the figure's texels to the playfield (origin at its bottom-centre texel edge).
    pub fn transform(&self) -> Affine2 {
        self.transform_at(self.x, self.scale)
    }

    /// The horizontal centre one step earlier, for drawing between steps.
    pub fn prev_x(&self) -> f32 {
        self.prev_x
    }

    /// The horizontal centre a fraction `alpha` (0..=1) of the way from the previous step to this one.
    pub fn x_at(&self, alpha: f32) -> f32 {
        self.prev_x + (self.x - self.prev_x) * alpha
    }

    /// The movement axis applied in the last step (-1..=1), for facing and walk animation.
    pub fn last_move(&self) -> f32 {
        self.last_move
    }

    fn origin(&self) -> Vec2 {
        Vec2::new(self.texels.x * 0.5, self.texels.y)
    }

    fn rect_at(&self, x: f32, scale: f32) -> Rect {
        let size = self.texels * scale;
        Rect::from_xywh(x - size.x * 0.5, self.feet - size.y, size.x, size.y)
    }

    fn transform_at(&self, x: f32, scale: f32) -> Affine2 {
        sprite_transform(
            Vec2::new(x, self.feet),
            0.0,
            Vec2::splat(scale),
            self.origin(),
        )
    }

    /// Starts a smooth change towards `to` from wherever the scale is now (even mid-change), so a new
    /// effect never makes the figure jump.
    pub(super) fn aim_scale(&mut self, to: f32) {
        if to != self.ramp_to {
            self.ramp_from = self.scale;
            self.ramp_to = to;
            self.ramp_step = 0;
        }
    }

    pub(super) fn advance_scale(&mut self) {
        self.prev_scale = self.scale;
        self.ramp_step = (self.ramp_step + 1).min(SCALE_CHANGE_STEPS);
        self.scale = ramp(self.ramp_from, self.ramp_to, self.ramp_step);
    }
}

/// The scale `step` steps into a change from `from` to `to`: a smoothstep, so the change starts and
/// ends gently and never moves a texel far in one step.
pub(super) fn ramp(from: f32, to: f32, step: u32) -> f32 {
    if step >= SCALE_CHANGE_STEPS {
        return to;
    }
    let t = step as f32 / SCALE_CHANGE_STEPS as f32;
    from + (to - from) * (t * t * (3.0 - 2.0 * t))
}

/// The figure's movement over the step being checked: from the previous x and scale to the current.
#[derive(Clone, Copy)]
pub(super) struct FigureSweep {
    from: Pose,
    to: Pose,
    origin: Vec2,
    bounds: Rect,
}

impl FigureSweep {
    pub(super) fn new(player: Player) -> FigureSweep {
        let p = player;
        let feet = |x: f32| Vec2::new(x, p.feet);
        // Position and scale both move linearly over the step, so the figure stays within the union
        // of its two end rectangles.
        FigureSweep {
            from: Pose::new(feet(p.prev_x), 0.0, Vec2::splat(p.prev_scale)),
            to: Pose::new(feet(p.x), 0.0, Vec2::splat(p.scale)),
            origin: p.origin(),
            bounds: p
                .rect_at(p.prev_x, p.prev_scale)
                .union(&p.rect_at(p.x, p.scale)),
        }
    }

    pub(super) fn motion<'m>(&self, mask: &'m Mask) -> Motion<'m> {
        Motion::new(mask, self.from, self.to, self.origin)
    }
}

/// The swept prefilter: whether a body whose texture fits in a circle of radius `reach` about a
/// pivot moving from `from` to `to` stays clear of the box the figure sweeps over the step.
#[inline(always)]
pub(super) fn sweep_misses(from: Vec2, to: Vec2, reach: f32, figure: &FigureSweep) -> bool {
    let reach = Vec2::splat(reach);
    let sweep = Rect::new(from.min(to) - reach, from.max(to) + reach);
    !sweep.intersects(&figure.bounds)
}
