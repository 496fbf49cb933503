//! The first-hit walk of two trees of solid rectangles with its pruning screened in `f32`: each pair
//! of boxes is tested on all four axes at once, one `f32` lane an axis, against reaches grown by a
//! margin that covers every rounding of the screen, so a pair it parts is apart; a pair of solid
//! rectangles it keeps is confirmed by the exact `f64` test before it is reported.
//!
//! The walk visits pairs in the order of the `f64` walk and keeps every pair that walk keeps (its
//! boxes are not shrunk by the inset, and a pair it parts is apart by more than the `f64` test's
//! rounding), so the first pair it reports is the one that walk reports: they could differ only
//! where the `f64` walk's own rounding, one way at a node and the other at a leaf under it, picks
//! between two answers within its tolerance.

use glam::{Vec4, Vec4Swizzles};

use super::frame::Pair;
use crate::mask::{BoxTree, Kind, Node};

/// The pair's separating-axis test in `f32`, four axes a lane each: the first sprite's x and y, then
/// the normals of the second one's edges.
pub(crate) struct Screen {
    /// The second sprite's origin, projected on each axis.
    t: Vec4,
    /// The second sprite's columns, projected on each axis.
    c0: Vec4,
    c1: Vec4,
    /// The first sprite's columns (its unit x and y), projected on each axis.
    ax: Vec4,
    ay: Vec4,
    /// Their absolute values, by which half sizes reach along each axis.
    abs: [Vec4; 4],
    /// What every rounding of a test, and of the constants above, can add up to at most.
    margin: Vec4,
}

impl Screen {
    /// The screen of `pair`; `None` when its numbers leave the range where `f32` serves.
    #[inline(always)]
    pub(crate) fn new(pair: &Pair<'_>) -> Option<Screen> {
        let (c0, c1, t) = (pair.c0, pair.c1, pair.t);
        // The axes: x, y, and the normals n1 = c0.perp(), n2 = c1.perp() of the second sprite's
        // edges. Along n1 its column c0 projects to nothing and c1 to the determinant, and the
        // other way round along n2.
        let det = c0.perp_dot(c1) as f32;
        let [c0x, c0y, c1x, c1y] = [c0.x, c0.y, c1.x, c1.y].map(|v| v as f32);
        let t = Vec4::new(
            t.x as f32,
            t.y as f32,
            t.dot(c0.perp()) as f32,
            t.dot(c1.perp()) as f32,
        );
        let c0 = Vec4::new(c0x, c0y, 0.0, -det);
        let c1 = Vec4::new(c1x, c1y, det, 0.0);
        let ax = Vec4::new(1.0, 0.0, -c0y, -c1y);
        let ay = Vec4::new(0.0, 1.0, c0x, c1x);
        let abs = [ax.abs(), ay.abs(), c0.abs(), c1.abs()];
        // A centre or a half size is at most its mask's side, so every term of a lane, and its
        // sum, is at most `bound`; a test rounds at most ten times and each
        // constant once more per term, each time by at most 2^-24 of `bound`, and `bound` itself
        // is rounded less than that: 64 times 2^-24 covers it all.
        let size = |m: &crate::Mask| (m.width() as f32, m.height() as f32);
        let ((wa, ha), (wb, hb)) = (size(pair.a), size(pair.b));
        let bound = t.abs() + abs[0] * wa + abs[1] * ha + abs[2] * wb + abs[3] * hb;
        let margin = bound * (64.0 / (1u64 << 24) as f32);
        // Far past any mask's size the margin would swallow every gap, and a lane whose margin
        // is under 2^-100 may have lost its numbers below `f32`'s normal range (or be nothing at
        // all, and part every pair): the `f64` walk serves.
        let serves = margin.cmpge(Vec4::splat(2f32.powi(-100))) & margin.cmplt(Vec4::splat(0.25));
        serves.all().then_some(Screen {
            t,
            c0,
            c1,
            ax,
            ay,
            abs,
            margin,
        })
    }

    /// Whether the boxes `a` (first local space) and `b` (second local space), each its centre
    /// then its half size, are certainly apart.
    #[inline(always)]
    fn apart(&self, a: Vec4, b: Vec4) -> bool {
        let [hax, hay, hbx, hby] = self.abs;
        let s = self.t + self.c0 * b.xxxx() + self.c1 * b.yyyy()
            - self.ax * a.xxxx()
            - self.ay * a.yyyy();
        let r = self.margin + hax * a.zzzz() + hay * a.wwww() + hbx * b.zzzz() + hby * b.wwww();
        s.abs().cmpge(r).any()
    }

    /// The test of the first sprite's boxes against the second one's box `b`, kept fixed.
    #[inline(always)]
    fn against_b(&self, b: Vec4) -> Fixed {
        let [hax, hay, hbx, hby] = self.abs;
        Fixed {
            k: self.t + self.c0 * b.xxxx() + self.c1 * b.yyyy(),
            u: -self.ax,
            v: -self.ay,
            l: self.margin + hbx * b.zzzz() + hby * b.wwww(),
            p: hax,
            q: hay,
        }
    }

    /// The test of the second sprite's boxes against the first one's box `a`, kept fixed.
    #[inline(always)]
    fn against_a(&self, a: Vec4) -> Fixed {
        let [hax, hay, hbx, hby] = self.abs;
        Fixed {
            k: self.t - self.ax * a.xxxx() - self.ay * a.yyyy(),
            u: self.c0,
            v: self.c1,
            l: self.margin + hax * a.zzzz() + hay * a.wwww(),
            p: hbx,
            q: hby,
        }
    }
}

/// The screen with one box fixed: its share of every lane worked out once, so that each box of
/// the other side takes half a test.
struct Fixed {
    k: Vec4,
    u: Vec4,
    v: Vec4,
    l: Vec4,
    p: Vec4,
    q: Vec4,
}

impl Fixed {
    /// Whether box `n` (centre, then half size) is certainly apart from the fixed one.
    #[inline(always)]
    fn apart(&self, n: Vec4) -> bool {
        let s = self.k + self.u * n.xxxx() + self.v * n.yyyy();
        let r = self.l + self.p * n.zzzz() + self.q * n.wwww();
        s.abs().cmpge(r).any()
    }
}

impl Pair<'_> {
    /// The first overlapping pair of solid rectangles of two trees without bit blocks whose walk
    /// fits a stack of 24, in the order of [`first_hit`](Self::first_hit)'s walk.
    #[inline(always)]
    pub(crate) fn first_hit_screened(
        &self,
        (ta, tb): (&BoxTree, &BoxTree),
        screen: &Screen,
    ) -> Option<(Node, Node)> {
        let mut stack = [(0u32, 0u32); 24];
        let mut len = 0;
        let mut next = Some((0u32, 0u32));
        loop {
            let (ia, ib) = match next.take() {
                Some(pair) => pair,
                None => {
                    if len == 0 {
                        return None;
                    }
                    len -= 1;
                    stack[len]
                }
            };
            let ((pa, la), (pb, lb)) = (ta.raw(ia), tb.raw(ib));
            let (pa, pb) = (Vec4::from_array(pa), Vec4::from_array(pb));
            if screen.apart(pa, pb) {
                continue;
            }
            // Once one side is a solid rectangle only the other splits: its subtree is walked
            // against the rectangle alone, in the same order.
            let (first, split_b) = match (Kind::of(la), Kind::of(lb)) {
                (Kind::Solid, Kind::Solid) => {
                    let (a, b) = (ta.node(ia), tb.node(ib));
                    if !self.separated(&a, &b) {
                        return Some((a, b));
                    }
                    continue;
                }
                (Kind::Solid, Kind::Inner(first)) => {
                    let a = ta.node(ia);
                    let hit = descend(tb, first, &screen.against_a(pa), |ib| {
                        let b = tb.node(ib);
                        (!self.separated(&a, &b)).then_some((a, b))
                    });
                    if hit.is_some() {
                        return hit;
                    }
                    continue;
                }
                (Kind::Inner(first), Kind::Solid) => {
                    let b = tb.node(ib);
                    let hit = descend(ta, first, &screen.against_b(pb), |ia| {
                        let a = ta.node(ia);
                        (!self.separated(&a, &b)).then_some((a, b))
                    });
                    if hit.is_some() {
                        return hit;
                    }
                    continue;
                }
                (Kind::Inner(fa), Kind::Inner(fb)) => {
                    if tb.node(ib).quarter_area() * self.det_abs > ta.node(ia).quarter_area() {
                        (fb, true)
                    } else {
                        (fa, false)
                    }
                }
                _ => unreachable!("trees without bit blocks hold inner nodes and solid rectangles"),
            };
            let (near, far) = if split_b {
                ((ia, first), (ia, first + 1))
            } else {
                ((first, ib), (first + 1, ib))
            };
            stack[len] = far;
            len += 1;
            next = Some(near);
        }
    }
}

/// Walks the subtree of `tree` under an inner node whose children start at `first`, depth first,
/// against the fixed box of `fixed`, and returns what `confirm` makes of the first solid
/// rectangle the screen keeps and `confirm` takes.
#[inline(always)]
fn descend(
    tree: &BoxTree,
    first: u32,
    fixed: &Fixed,
    confirm: impl Fn(u32) -> Option<(Node, Node)>,
) -> Option<(Node, Node)> {
    let mut stack = [0u32; 24];
    let mut len = 0;
    let mut next = Some(first);
    stack[len] = first + 1;
    len += 1;
    loop {
        let i = match next.take() {
            Some(i) => i,
            None => {
                if len == 0 {
                    return None;
                }
                len -= 1;
                stack[len]
            }
        };
        let (n, link) = tree.raw(i);
        if fixed.apart(Vec4::from_array(n)) {
            continue;
        }
        match Kind::of(link) {
            Kind::Inner(first) => {
                stack[len] = first + 1;
                len += 1;
                next = Some(first);
            }
            _ => {
                let hit = confirm(i);
                if hit.is_some() {
                    return hit;
                }
            }
        }
    }
}
