//! Game steps for the time of impact and push-out, shared by the bench and the report: the game's
//! figure walking at up to 5 px a step and its spinner block falling at 1 to 7 px a step, spinning at
//! up to 0.03 radians a step at a scale of 0.6 to 1.4, placed where the game's swept rectangle test
//! lets the pair through to the per-pixel test.

use glam::Vec2;
use pixel_collide::{Impact, Mask, MaskRule, Motion, Pose, Rect, Sprite, time_of_impact};

use super::families::splitmix;
use super::suite::{block_image, figure_image};

/// Where the figure's feet stand.
const FEET: f32 = 600.0;

/// One step of a block falling past the walking figure.
pub struct Step {
    /// The figure's pose at the start and end of the step.
    pub figure: (Pose, Pose),
    /// The block's pose at the start and end of the step.
    pub block: (Pose, Pose),
    /// What the time of impact says (checked against the exact test where it must agree).
    pub impact: Option<Impact>,
}

/// The game's two masks and the steps.
pub struct Steps {
    /// The 32 x 48 figure, pivot at the middle of its feet.
    pub figure: Mask,
    /// The 64 x 64 block, pivot at its centre.
    pub block: Mask,
    /// The steps, in a fixed pseudo-random order.
    pub steps: Vec<Step>,
}

/// The figure's pivot in its texels.
pub const FIGURE_ORIGIN: Vec2 = Vec2::new(16.0, 48.0);
/// The block's pivot in its texels.
pub const BLOCK_ORIGIN: Vec2 = Vec2::new(32.0, 32.0);

impl Steps {
    /// `n` steps that pass the swept rectangle test.
    pub fn new(n: usize) -> Self {
        let figure = Mask::from_image(&figure_image(), MaskRule::default()).unwrap();
        let block = Mask::from_image(&block_image(), MaskRule::default()).unwrap();
        let mut seed = 7u64;
        let mut unit = || {
            seed = splitmix(seed);
            (seed >> 11) as f32 / (1u64 << 53) as f32
        };
        let mut steps = Vec::with_capacity(n);
        while steps.len() < n {
            let x = 200.0 + 400.0 * unit();
            let walk = [-5.0, 0.0, 5.0][(unit() * 3.0) as usize % 3];
            let figure_poses = (
                Pose::at(Vec2::new(x, FEET)),
                Pose::at(Vec2::new(x + walk, FEET)),
            );
            let scale = 0.6 + 0.8 * unit();
            let fall = 1.0 + 6.0 * unit();
            let spin = 0.03 * (2.0 * unit() - 1.0);
            let turn = std::f32::consts::TAU * unit();
            // Mostly above the head, where blocks pass the test on their way down; less often level
            // with the figure.
            let low = unit();
            let start = Vec2::new(
                x + 160.0 * (unit() - 0.5),
                FEET - 48.0 - 45.0 * scale - 20.0 + 120.0 * low * low,
            );
            let block_poses = (
                Pose::new(start, turn, Vec2::splat(scale)),
                Pose::new(
                    start + Vec2::new(0.0, fall),
                    turn + spin,
                    Vec2::splat(scale),
                ),
            );
            // The game's prefilter: the block's spin circle swept over the step against the union of
            // the figure's two rectangles.
            let reach = Vec2::splat(45.26 * scale);
            let swept = Rect::new(start - reach, start + Vec2::new(0.0, fall) + reach);
            let body = |p: f32| Rect::from_xywh(p - 16.0, FEET - 48.0, 32.0, 48.0);
            if !swept.intersects(&body(x).union(&body(x + walk))) {
                continue;
            }
            let a = Motion::new(&block, block_poses.0, block_poses.1, BLOCK_ORIGIN);
            let b = Motion::new(&figure, figure_poses.0, figure_poses.1, FIGURE_ORIGIN);
            let impact = time_of_impact(&a, &b);
            steps.push(Step {
                figure: figure_poses,
                block: block_poses,
                impact,
            });
        }
        Steps {
            figure,
            block,
            steps,
        }
    }

    /// The block's and the figure's motions over a step.
    pub fn motions(&self, s: &Step) -> (Motion<'_>, Motion<'_>) {
        (
            Motion::new(&self.block, s.block.0, s.block.1, BLOCK_ORIGIN),
            Motion::new(&self.figure, s.figure.0, s.figure.1, FIGURE_ORIGIN),
        )
    }

    /// The block and the figure where the step ends: the one exact test a game that checks only
    /// there would run.
    pub fn at_end(&self, s: &Step) -> (Sprite<'_>, Sprite<'_>) {
        let (a, b) = self.motions(s);
        (a.sprite_at(1.0), b.sprite_at(1.0))
    }

    /// The figure and the block at the step's contact time, for the steps with a touch: overlapping
    /// sprites to push apart.
    pub fn overlapping(&self) -> Vec<(Sprite<'_>, Sprite<'_>)> {
        self.steps
            .iter()
            .filter_map(|s| {
                let i = s.impact?;
                let (a, b) = self.motions(s);
                Some((b.sprite_at(i.contact_time), a.sprite_at(i.contact_time)))
            })
            .collect()
    }

    /// The group a step is reported under: whether and when it touches.
    pub fn group(s: &Step) -> &'static str {
        match s.impact {
            None => "no touch",
            Some(i) if i.time == 0.0 => "touching at the start",
            Some(_) => "first touch in the step",
        }
    }
}
