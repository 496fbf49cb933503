//! pygame's own ground drawn widely: translation-only pairs of every family, several seeds each, at
//! sizes on and between the powers of two and offsets drawn anywhere (word-aligned among them), with
//! the first shared texel put where a scan meets it first or last, so that a figure holds for masks
//! and offsets the table has never seen.

use glam::{Affine2, Vec2};
use pixel_collide::Mask;

use crate::support::families::{Family, splitmix};

/// Where the two masks of a case share their first texel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// No texel shared: the second mask is the first one's complement under it, so every scan reads
    /// every shared word.
    Apart,
    /// Every texel of the first mask under the second shared: the first shared row answers.
    Deep,
    /// One texel shared, in the first three shared rows.
    Top,
    /// One texel shared, in a middle row.
    Middle,
    /// One texel shared, in the last three shared rows: a scan reads nearly every word first.
    Last,
    /// One texel shared, in the column on either side of a boundary between the first mask's words.
    Seam,
    /// Two masks of the family drawn from different seeds: shared wherever their content meets.
    Drawn,
}

impl Kind {
    /// Every kind, in table order.
    pub const ALL: [Kind; 7] = [
        Kind::Apart,
        Kind::Deep,
        Kind::Top,
        Kind::Middle,
        Kind::Last,
        Kind::Seam,
        Kind::Drawn,
    ];

    /// The kind's name in tables.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Apart => "apart",
            Kind::Deep => "deep",
            Kind::Top => "top",
            Kind::Middle => "middle",
            Kind::Last => "last",
            Kind::Seam => "seam",
            Kind::Drawn => "drawn",
        }
    }
}

/// The sizes of the two masks of a group, `(first, second)`: on and between the powers of two, and one
/// pair of different sizes.
pub const SIZES: [((u32, u32), (u32, u32)); 8] = [
    ((64, 64), (32, 48)),
    ((64, 64), (64, 64)),
    ((100, 100), (100, 100)),
    ((128, 128), (128, 128)),
    ((200, 150), (150, 200)),
    ((256, 256), (256, 256)),
    ((500, 500), (500, 500)),
    ((1024, 1024), (1024, 1024)),
];

/// Seeds of each family per group.
pub const SEEDS: u64 = 3;

/// One translation-only query: the second mask's top-left texel on the first one's (`dx`, `dy`).
pub struct GroundCase {
    /// "blobs 128 middle" and so on: family, size and kind.
    pub group: String,
    /// The case itself, for the worst case's line: seed, sizes and offset.
    pub label: String,
    /// The first mask.
    pub a: Mask,
    /// The second mask.
    pub b: Mask,
    /// The second mask's offset.
    pub dx: i32,
    /// The second mask's offset.
    pub dy: i32,
    /// How many solid texels the two share, counted texel by texel.
    pub shared: u64,
    /// The sprites' transforms, built once as a game holds its sprites' placements.
    pub placed: [Affine2; 2],
}

/// Every case: each family, size, kind and seed, at two offsets (one drawn anywhere, one whose
/// horizontal part is a whole number of words, pygame's aligned loop). Kinds that need a column
/// boundary inside the overlap are left out where there is none.
pub fn ground_cases() -> Vec<GroundCase> {
    let mut cases = Vec::new();
    for family in Family::ALL {
        for (sa, sb) in SIZES {
            for kind in Kind::ALL {
                for seed in 0..SEEDS {
                    for aligned in [false, true] {
                        if let Some(c) = GroundCase::new(family, sa, sb, kind, seed, aligned) {
                            cases.push(c);
                        }
                    }
                }
            }
        }
    }
    cases
}

impl GroundCase {
    fn new(
        family: Family,
        (wa, ha): (u32, u32),
        (wb, hb): (u32, u32),
        kind: Kind,
        seed: u64,
        aligned: bool,
    ) -> Option<Self> {
        let draw = |i: u64| {
            splitmix(
                seed.wrapping_mul(0x1000_0001)
                    ^ (kind as u64) << 40
                    ^ u64::from(wa) << 20
                    ^ u64::from(aligned) << 60
                    ^ i,
            )
        };
        // An offset anywhere that leaves at least a quarter of the smaller mask shared each way:
        // either side of the first mask's corner, a word boundary or not.
        let offset = |i: u64, wa: u32, wb: u32| {
            let lo = -(i64::from(wb) * 3 / 4);
            let hi = i64::from(wa) - i64::from(wa.min(wb)) / 4;
            lo + (draw(i) % (hi - lo) as u64) as i64
        };
        let mut dx = offset(1, wa, wb);
        if aligned {
            dx = dx.div_euclid(64) * 64;
        }
        let dy = offset(2, ha, hb);
        let (x0, x1) = (dx.max(0), (dx + i64::from(wb)).min(i64::from(wa)));
        let (y0, y1) = (dy.max(0), (dy + i64::from(hb)).min(i64::from(ha)));
        if x0 >= x1 || y0 >= y1 {
            return None;
        }
        let (rows, cols) = (y1 - y0, x1 - x0);
        // The one shared texel of the planted kinds, in the first mask's texels.
        let pick = |i: u64, n: i64| (draw(i) % n as u64) as i64;
        let planted = match kind {
            Kind::Top => Some((x0 + pick(3, cols), y0 + pick(4, rows.min(3)))),
            Kind::Middle => Some((x0 + pick(3, cols), y0 + rows / 2)),
            Kind::Last => Some((x0 + pick(3, cols), y1 - 1 - pick(4, rows.min(3)))),
            Kind::Seam => {
                // A boundary between two of the first mask's words inside the overlap, and the
                // column on one side of it.
                let first = (x0 + 1 + 63) / 64 * 64;
                if first >= x1 {
                    return None;
                }
                let boundary = first + 64 * pick(5, (x1 - 1 - first) / 64 + 1);
                let x = boundary - 1 + pick(6, 2);
                if x < x0 || x >= x1 {
                    return None;
                }
                Some((x, y0 + pick(4, rows)))
            }
            Kind::Apart | Kind::Deep | Kind::Drawn => None,
        };
        let (sa, sb) = (100 + 2 * seed, 101 + 2 * seed);
        let a = Mask::from_fn(wa, ha, |x, y| {
            planted == Some((i64::from(x), i64::from(y))) || family.solid(sa, x, y)
        })
        .ok()?;
        let b = Mask::from_fn(wb, hb, |x, y| {
            let (ax, ay) = (i64::from(x) + dx, i64::from(y) + dy);
            let under = ax >= 0 && ay >= 0 && ax < i64::from(wa) && ay < i64::from(ha);
            if kind == Kind::Drawn || !under {
                return family.solid(sb, x, y);
            }
            let seen = a.is_solid(ax as u32, ay as u32);
            match kind {
                Kind::Deep => seen,
                _ => planted == Some((ax, ay)) || !seen,
            }
        })
        .ok()?;
        let shared = (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                a.is_solid(x as u32, y as u32) && b.is_solid((x - dx) as u32, (y - dy) as u32)
            })
            .count() as u64;
        // A drawn pair that happens to share nothing is the apart kind's ground, not its own.
        if kind == Kind::Drawn && shared == 0 {
            return None;
        }
        let size = if (wa, ha) == (wb, hb) && wa == ha {
            format!("{wa}")
        } else {
            format!("{wb}x{hb}/{wa}x{ha}")
        };
        let (dx, dy) = (dx as i32, dy as i32);
        Some(GroundCase {
            group: format!("{} {size} {}", family.name(), kind.name()),
            label: format!(
                "{} seed {seed}: {wb} x {hb} at ({dx}, {dy}) on {wa} x {ha}{}",
                family.name(),
                planted.map_or(String::new(), |(x, y)| format!(
                    ", the shared texel at ({x}, {y})"
                ))
            ),
            a,
            b,
            dx,
            dy,
            shared,
            placed: [
                Affine2::IDENTITY,
                Affine2::from_translation(Vec2::new(dx as f32, dy as f32)),
            ],
        })
    }

    /// Whether the two share a texel.
    pub fn hit(&self) -> bool {
        self.shared > 0
    }
}
