//! The fixed speed suite shared by the criterion bench and the report: the game's 32 x 48 figure against
//! its 64 x 64 spinner block and a 128 x 128 plus at 72 rotations and several scales, half near-misses, half hits.

use glam::{Affine2, Vec2};
use image::{Rgba, RgbaImage};
use pixel_collide::{Mask, MaskRule, Sprite, collide, overlaps, sprite_transform};

use super::reference::{RefImage, intersect_pixels};

/// One image in both forms: the module's mask and the reference's pixel array.
pub struct Shape {
    /// The collision module's mask (alpha > 0).
    pub mask: Mask,
    /// The reference loop's pixels.
    pub pixels: RefImage,
}

impl Shape {
    fn new(image: &RgbaImage) -> Self {
        Self {
            mask: Mask::from_image(image, MaskRule::default()).expect("suite images are not empty"),
            pixels: RefImage::from_rgba(image),
        }
    }
}

/// One collision query of the suite.
pub struct Case {
    /// The group it is reported under, e.g. "128 x1.0 near-miss".
    pub group: String,
    /// Index into [`Suite::blocks`].
    pub block: usize,
    /// The block's transform.
    pub block_transform: Affine2,
    /// The figure's transform.
    pub figure_transform: Affine2,
    /// Whether the figure and block touch.
    pub hit: bool,
}

/// Everything the bench and the report run.
pub struct Suite {
    /// The 32 x 48 figure.
    pub figure: Shape,
    /// The 64 x 64 and 128 x 128 plus-shaped blocks.
    pub blocks: Vec<Shape>,
    /// All cases, grouped by block size, scale and outcome.
    pub cases: Vec<Case>,
}

/// The Spinfall game's own 32 x 48 figure (a copy in tests/data, so that the crate's tests stand alone).
pub fn figure_image() -> RgbaImage {
    decode(include_bytes!("../data/figure.png"))
}

/// The game's own 64 x 64 spinner block.
pub fn block_image() -> RgbaImage {
    decode(include_bytes!("../data/block.png"))
}

fn decode(png: &[u8]) -> RgbaImage {
    image::load_from_memory(png)
        .expect("the committed assets decode")
        .to_rgba8()
}

/// A plus sign filling an `n` x `n` image, its bars a third of the size wide.
pub fn plus_image(n: u32) -> RgbaImage {
    let (lo, hi) = (n / 3, n - n / 3);
    RgbaImage::from_fn(n, n, |x, y| {
        if (lo..hi).contains(&x) || (lo..hi).contains(&y) {
            Rgba([230, 120, 30, 255])
        } else {
            Rgba([0, 0, 0, 0])
        }
    })
}

/// The share of the figure's world bounds that lies inside the block's world bounds.
pub fn bounds_share(figure: Sprite<'_>, block: Sprite<'_>) -> f32 {
    let f = figure.bounds();
    match f.intersection(&block.bounds()) {
        Some(i) => {
            let (a, b) = (i.size(), f.size());
            a.x * a.y / (b.x * b.y)
        }
        None => 0.0,
    }
}

impl Suite {
    /// Builds the suite; every case is checked: near-misses share no texel in either algorithm and keep
    /// at least half the figure's bounds inside the block's, hits touch in both.
    pub fn new() -> Self {
        let figure = Shape::new(&figure_image());
        let blocks = vec![Shape::new(&block_image()), Shape::new(&plus_image(128))];
        let groups: [(usize, f32); 6] = [
            (0, 1.75),
            (0, 2.0),
            (0, 2.5),
            (1, 0.875),
            (1, 1.0),
            (1, 1.25),
        ];
        let mut cases = Vec::new();
        for (block, scale) in groups {
            let n = blocks[block].mask.width() as f32;
            let size = format!("{}", n as u32);
            for step in 0..72 {
                let rotation = (step as f32 * 5.0).to_radians();
                let center = Vec2::new(400.0, 300.0);
                let block_transform =
                    sprite_transform(center, rotation, Vec2::splat(scale), Vec2::splat(n / 2.0));
                let (miss, hit) = tuck(&figure, &blocks[block], block_transform, step);
                cases.push(Case {
                    group: format!("{size} x{scale:.2} near-miss"),
                    block,
                    block_transform,
                    figure_transform: miss,
                    hit: false,
                });
                cases.push(Case {
                    group: format!("{size} x{scale:.2} hit"),
                    block,
                    block_transform,
                    figure_transform: hit,
                    hit: true,
                });
            }
        }
        Suite {
            figure,
            blocks,
            cases,
        }
    }

    /// The module's answer for one case: the same yes-or-no question the reference answers.
    pub fn module(&self, case: &Case) -> bool {
        overlaps(self.figure_sprite(case), self.block_sprite(case))
    }

    /// The module's answer with the contact point, which costs a clip on hits.
    pub fn module_contact(&self, case: &Case) -> Option<Vec2> {
        collide(self.figure_sprite(case), self.block_sprite(case)).map(|c| c.point)
    }

    fn figure_sprite(&self, case: &Case) -> Sprite<'_> {
        Sprite::new(&self.figure.mask, case.figure_transform)
    }

    fn block_sprite(&self, case: &Case) -> Sprite<'_> {
        Sprite::new(&self.blocks[case.block].mask, case.block_transform)
    }

    /// The reference loop's answer for one case (the figure walked as A, as in the tutorial's game).
    pub fn reference(&self, case: &Case) -> bool {
        intersect_pixels(
            case.figure_transform,
            &self.figure.pixels,
            case.block_transform,
            &self.blocks[case.block].pixels,
        )
    }

    /// The names of the groups in order of first appearance.
    pub fn groups(&self) -> Vec<String> {
        super::geometry::groups(self.cases.iter().map(|c| &c.group))
    }
}

/// Slides the figure out of a notch of the block (which notch varies with `step`) along its bisector
/// until neither algorithm sees a touch, then half a pixel more: the near-miss. The hit sits 3 px deeper.
fn tuck(
    figure: &Shape,
    block: &Shape,
    block_transform: Affine2,
    step: usize,
) -> (Affine2, Affine2) {
    let n = block.mask.width() as f32;
    let third = (n / 3.0).floor();
    let corners = [
        (Vec2::new(third, third), Vec2::new(-1.0, -1.0)),
        (Vec2::new(n - third, third), Vec2::new(1.0, -1.0)),
        (Vec2::new(n - third, n - third), Vec2::new(1.0, 1.0)),
        (Vec2::new(third, n - third), Vec2::new(-1.0, 1.0)),
    ];
    let figure_center = Vec2::new(16.0, 24.0);
    let mut best: Option<(f32, Affine2, Affine2)> = None;
    for k in 0..4 {
        let (corner, dir) = corners[(step + k) % 4];
        let corner = block_transform.transform_point2(corner);
        let dir = block_transform.transform_vector2(dir).normalize();
        let at = |d: f32| Affine2::from_translation(corner + dir * d - figure_center);
        let touches = |t: Affine2| {
            let f = Sprite::new(&figure.mask, t);
            let b = Sprite::new(&block.mask, block_transform);
            collide(f, b).is_some()
                || intersect_pixels(t, &figure.pixels, block_transform, &block.pixels)
        };
        let mut d = 0.0;
        while touches(at(d)) {
            d += 0.25;
        }
        let (miss, hit) = (at(d + 0.5), at(d - 3.0));
        let share = bounds_share(
            Sprite::new(&figure.mask, miss),
            Sprite::new(&block.mask, block_transform),
        );
        let both_hit =
            touches(hit) && intersect_pixels(hit, &figure.pixels, block_transform, &block.pixels);
        if both_hit && !touches(miss) && best.as_ref().is_none_or(|b| share > b.0) {
            best = Some((share, miss, hit));
        }
    }
    let (share, miss, hit) = best.expect("some notch gives a near-miss and a hit");
    if std::env::var("SUITE_DEBUG").is_ok() {
        eprintln!("{n} {step} {share:.3}");
    }
    assert!(
        share >= 0.5,
        "near-miss at step {step} keeps only {share:.2} of the figure's bounds inside the block's"
    );
    (miss, hit)
}
