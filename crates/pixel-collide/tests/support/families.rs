//! Content families beyond the game's solid sprites: noise, blobs, stripes and checkerboards, with
//! their complements, placed translation-only (against bit-packed peers) and rotated (against the
//! tutorial's loop). Shared by the report and the bench; every case's answer is checked on all sides
//! before anything is timed.

use binary_raster::BinaryRaster;
use glam::{Affine2, Vec2};
use image::{Rgba, RgbaImage};
use pixel_collide::{Mask, Sprite, collide, overlap_area, overlaps, sprite_transform};

use super::bitpacked::Bitpacked;
use super::reference::{RefImage, intersect_pixels};

/// What a mask is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Independent texels, 30% solid.
    Noise,
    /// A few dozen overlapping discs.
    Blobs,
    /// Vertical bars 5 texels wide, 5 apart.
    Stripes,
    /// One-texel checkerboard.
    Checker,
}

impl Family {
    /// Every family, in report order.
    pub const ALL: [Family; 4] = [
        Family::Noise,
        Family::Blobs,
        Family::Stripes,
        Family::Checker,
    ];

    /// The family's name in tables.
    pub fn name(self) -> &'static str {
        match self {
            Family::Noise => "noise",
            Family::Blobs => "blobs",
            Family::Stripes => "stripes",
            Family::Checker => "checker",
        }
    }

    /// Whether texel (x, y) of a mask of this family drawn from `seed` is solid.
    pub fn solid(self, seed: u64, x: u32, y: u32) -> bool {
        match self {
            Family::Noise => splitmix(seed ^ (u64::from(x) << 32 | u64::from(y))) % 10 < 3,
            Family::Blobs => (0..12).any(|i| {
                // Discs of radius 3 to 22 in a 128-texel tile, so that every mask of 64 or more
                // texels holds several and their curved edges.
                let c = splitmix(seed.wrapping_add(i));
                let (cx, cy) = ((c % 128) as i64, ((c >> 7) % 128) as i64);
                let r = 3 + ((c >> 14) % 20) as i64;
                let (dx, dy) = (i64::from(x % 128) - cx, i64::from(y % 128) - cy);
                dx * dx + dy * dy <= r * r
            }),
            Family::Stripes => (x / 5).is_multiple_of(2),
            Family::Checker => (x + y).is_multiple_of(2),
        }
    }
}

/// A 64-bit mixer (splitmix64), so that patterns depend on nothing but their seed.
pub fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One translation-only query in three forms.
pub struct AlignedCase {
    /// "noise 1024 no-hit" and so on.
    pub group: String,
    /// Whether the two touch.
    pub hit: bool,
    /// The first mask, placed at the origin, and the second, at (`dx`, `dy`).
    pub a: Mask,
    /// The second mask.
    pub b: Mask,
    /// The second mask's offset.
    pub dx: i64,
    /// The second mask's offset.
    pub dy: i64,
    /// The plain bit-packed forms.
    pub pa: Bitpacked,
    /// The plain bit-packed forms.
    pub pb: Bitpacked,
    /// The `binary_raster` forms.
    pub ra: BinaryRaster,
    /// The `binary_raster` forms.
    pub rb: BinaryRaster,
    /// How many texels the two share.
    pub shared: u64,
    /// The sprites' transforms, held as a game holds its sprites' placements: built once, not at
    /// each query from the integer offset (whose conversion to `f32` would be timed with the query).
    pub placed: [Affine2; 2],
}

impl AlignedCase {
    /// Builds the case: the second mask is the first one's content seen from the offset (a hit), or
    /// its complement there (no hit: the worst case for every side, which must read every word).
    fn new(family: Family, (wa, ha): (u32, u32), (wb, hb): (u32, u32), hit: bool) -> Self {
        let (dx, dy) = (i64::from(wa / 4 + 3), i64::from(ha / 8 + 5));
        let fa = |x: u32, y: u32| family.solid(7, x, y);
        let fb = |x: u32, y: u32| {
            let (ax, ay) = (i64::from(x) + dx, i64::from(y) + dy);
            let inside = ax < i64::from(wa) && ay < i64::from(ha);
            let seen = fa(ax as u32, ay as u32);
            if inside {
                seen == hit
            } else {
                family.solid(11, x, y)
            }
        };
        let raster = |w: u32, h: u32, f: &dyn Fn(u32, u32) -> bool| {
            let px: Vec<u8> = (0..h)
                .flat_map(|y| (0..w).map(move |x| (y, x)))
                .map(|(y, x)| u8::from(f(x, y)))
                .collect();
            BinaryRaster::from_raster(&px, w as usize)
        };
        let a = Mask::from_fn(wa, ha, fa).unwrap();
        let b = Mask::from_fn(wb, hb, fb).unwrap();
        let case = AlignedCase {
            group: format!(
                "{} {} {}",
                family.name(),
                size_name((wa, ha), (wb, hb)),
                if hit { "hit" } else { "no-hit" }
            ),
            hit,
            pa: Bitpacked::from_fn(wa, ha, fa),
            pb: Bitpacked::from_fn(wb, hb, fb),
            ra: raster(wa, ha, &fa),
            rb: raster(wb, hb, &fb),
            a,
            b,
            dx,
            dy,
            shared: 0,
            placed: [
                Affine2::IDENTITY,
                Affine2::from_translation(Vec2::new(dx as f32, dy as f32)),
            ],
        };
        let shared = case.pa.overlap_count(&case.pb, dx, dy);
        AlignedCase { shared, ..case }
    }

    /// The module's sprites for this case.
    pub fn sprites(&self) -> (Sprite<'_>, Sprite<'_>) {
        (
            Sprite::new(&self.a, self.placed[0]),
            Sprite::new(&self.b, self.placed[1]),
        )
    }

    /// The module's yes-or-no answer.
    pub fn module(&self) -> bool {
        let (a, b) = self.sprites();
        overlaps(a, b)
    }

    /// The module's shared area (texels, since both are at scale 1).
    pub fn module_area(&self) -> f32 {
        let (a, b) = self.sprites();
        overlap_area(a, b)
    }

    /// The plain bit-packed peer's answer.
    pub fn plain(&self) -> bool {
        self.pa.overlaps(&self.pb, self.dx, self.dy)
    }

    /// The plain bit-packed peer's count.
    pub fn plain_area(&self) -> u64 {
        self.pa.overlap_count(&self.pb, self.dx, self.dy)
    }

    /// `binary_raster`'s answer.
    pub fn binary_raster(&self) -> bool {
        self.ra
            .collision_check_at(&self.rb, (self.dx as usize, self.dy as usize))
    }

    /// Panics unless every side gives the answer the case was built for.
    pub fn check(&self) {
        let (a, b) = self.sprites();
        assert_eq!(self.hit, self.shared > 0, "{}", self.group);
        assert_eq!(self.module(), self.hit, "{}: module", self.group);
        assert_eq!(overlaps(b, a), self.hit, "{}: module, swapped", self.group);
        assert_eq!(collide(a, b).is_some(), self.hit, "{}: collide", self.group);
        assert_eq!(self.plain(), self.hit, "{}: plain", self.group);
        assert_eq!(
            self.binary_raster(),
            self.hit,
            "{}: binary_raster",
            self.group
        );
        assert_eq!(
            self.module_area(),
            self.shared as f32,
            "{}: area",
            self.group
        );
    }
}

fn size_name(a: (u32, u32), b: (u32, u32)) -> String {
    if a == b && a.0 == a.1 {
        format!("{}", a.0)
    } else {
        format!("{}x{}/{}x{}", b.0, b.1, a.0, a.1)
    }
}

/// The translation-only suite: every family at every size, hit and no hit, checked.
pub fn aligned_cases(sizes: &[u32]) -> Vec<AlignedCase> {
    let mut cases = Vec::new();
    for family in Family::ALL {
        for &n in sizes {
            let pair = if n == 32 {
                ((64, 64), (32, 48))
            } else {
                ((n, n), (n, n))
            };
            for hit in [true, false] {
                let case = AlignedCase::new(family, pair.0, pair.1, hit);
                case.check();
                cases.push(case);
            }
        }
    }
    cases
}

/// One rotated query, answered by the module and by the tutorial's loop.
pub struct RotatedCase {
    /// "noise 128 rotated near-miss" and so on.
    pub group: String,
    /// Whether the two touch.
    pub hit: bool,
    /// Index of the first shape in [`RotatedSuite::shapes`].
    pub a: usize,
    /// Index of the second shape.
    pub b: usize,
    /// The first shape's transform.
    pub ta: Affine2,
    /// The second shape's transform.
    pub tb: Affine2,
}

/// A mask and the reference loop's pixels of one image.
pub struct Shape {
    /// The module's mask.
    pub mask: Mask,
    /// The reference's pixels.
    pub pixels: RefImage,
}

impl Shape {
    fn new(w: u32, h: u32, solid: impl Fn(u32, u32) -> bool) -> Self {
        let image = RgbaImage::from_fn(w, h, |x, y| {
            Rgba([90, 90, 90, if solid(x, y) { 255 } else { 0 }])
        });
        Shape {
            mask: Mask::from_fn(w, h, solid).unwrap(),
            pixels: RefImage::from_rgba(&image),
        }
    }
}

/// Rotated noisy families, checked on both sides.
pub struct RotatedSuite {
    /// The images the cases refer to.
    pub shapes: Vec<Shape>,
    /// The cases.
    pub cases: Vec<RotatedCase>,
}

impl RotatedSuite {
    /// For each family and size: a rotated mask and a second one of the same family slid out of it
    /// along one of 12 directions until neither algorithm sees a touch and then half a texel more
    /// (a near-miss), or 3 texels back in (a hit); and the family's complement laid exactly over it
    /// (the same rotation and position: no texel shared, every texel beside one of the other's).
    pub fn new(sizes: &[u32]) -> Self {
        let mut shapes = Vec::new();
        let mut cases = Vec::new();
        for family in Family::ALL {
            for &n in sizes {
                let a = shapes.len();
                shapes.push(Shape::new(n, n, |x, y| family.solid(3, x, y)));
                shapes.push(Shape::new(n / 2, n / 2 + n / 4, |x, y| {
                    family.solid(5, x, y)
                }));
                shapes.push(Shape::new(n, n, |x, y| !family.solid(3, x, y)));
                let (b, complement) = (a + 1, a + 2);
                for step in 0..12 {
                    let angle = (step as f32 * 30.0 + 7.0).to_radians();
                    let center = Vec2::new(500.0, 400.0);
                    let half = Vec2::splat(n as f32 / 2.0);
                    let ta = sprite_transform(center, angle, Vec2::ONE, half);
                    let group = |what: &str| format!("{} {n} rotated {what}", family.name());
                    if let Some((miss, hit)) = slide_out(&shapes[a], &shapes[b], ta, angle * 1.7) {
                        cases.push(RotatedCase {
                            group: group("near-miss"),
                            hit: false,
                            a,
                            b,
                            ta,
                            tb: miss,
                        });
                        cases.push(RotatedCase {
                            group: group("hit"),
                            hit: true,
                            a,
                            b,
                            ta,
                            tb: hit,
                        });
                    }
                    let (sa, sc) = (&shapes[a], &shapes[complement]);
                    let apart = collide(Sprite::new(&sa.mask, ta), Sprite::new(&sc.mask, ta))
                        .is_none()
                        && !intersect_pixels(ta, &sa.pixels, ta, &sc.pixels);
                    if apart {
                        cases.push(RotatedCase {
                            group: group("complement"),
                            hit: false,
                            a,
                            b: complement,
                            ta,
                            tb: ta,
                        });
                    }
                }
            }
        }
        RotatedSuite { shapes, cases }
    }

    /// The module's answer.
    pub fn module(&self, c: &RotatedCase) -> bool {
        overlaps(
            Sprite::new(&self.shapes[c.a].mask, c.ta),
            Sprite::new(&self.shapes[c.b].mask, c.tb),
        )
    }

    /// The tutorial's loop, the first shape walked as A.
    pub fn reference(&self, c: &RotatedCase) -> bool {
        intersect_pixels(
            c.ta,
            &self.shapes[c.a].pixels,
            c.tb,
            &self.shapes[c.b].pixels,
        )
    }

    /// The names of the groups in order of first appearance.
    pub fn groups(&self) -> Vec<String> {
        super::geometry::groups(self.cases.iter().map(|c| &c.group))
    }
}

/// Slides `b` out of `a` from `a`'s centre along `direction` (radians) until neither algorithm sees a
/// touch, then half a texel more: the near-miss; the hit sits 3 texels deeper and must touch in both.
fn slide_out(a: &Shape, b: &Shape, ta: Affine2, direction: f32) -> Option<(Affine2, Affine2)> {
    let dir = Vec2::from_angle(direction);
    let center =
        ta.transform_point2(Vec2::new(a.mask.width() as f32, a.mask.height() as f32) / 2.0);
    let half = Vec2::new(b.mask.width() as f32, b.mask.height() as f32) / 2.0;
    let at = |d: f32| Affine2::from_translation(center + dir * d - half);
    let touches = |t: Affine2, both: bool| {
        let m = collide(Sprite::new(&a.mask, ta), Sprite::new(&b.mask, t)).is_some();
        let r = intersect_pixels(ta, &a.pixels, t, &b.pixels);
        if both { m && r } else { m || r }
    };
    let mut d = 0.0;
    while touches(at(d), false) {
        d += 0.25;
        if d > 4096.0 {
            return None;
        }
    }
    let (miss, hit) = (at(d + 0.5), at(d - 3.0));
    let overlapping_bounds = Sprite::new(&a.mask, ta)
        .bounds()
        .intersects(&Sprite::new(&b.mask, miss).bounds());
    (overlapping_bounds && touches(hit, true) && !touches(miss, false)).then_some((miss, hit))
}

/// `n` copies of a 16 x 16 ring, rotated and scattered over a square field sized so that about one in
/// a hundred touches another: the broad phase's "many sprites, few touching" frame.
pub fn scattered_rings(n: usize) -> (Mask, Vec<Affine2>) {
    let ring = Mask::from_fn(16, 16, |x, y| {
        let d = (x as f32 - 7.5).hypot(y as f32 - 7.5);
        (4.0..8.0).contains(&d)
    })
    .unwrap();
    let side = (n as f32).sqrt() * 160.0;
    let places = (0..n as u64)
        .map(|i| {
            let h = splitmix(i);
            let (x, y) = (
                (h % 1_000_000) as f32 / 1e6 * side,
                ((h >> 20) % 1_000_000) as f32 / 1e6 * side,
            );
            let angle = ((h >> 40) % 628) as f32 / 100.0;
            sprite_transform(Vec2::new(x, y), angle, Vec2::ONE, Vec2::splat(8.0))
        })
        .collect();
    (ring, places)
}
