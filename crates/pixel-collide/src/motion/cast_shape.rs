//! A convex shape (circle, capsule, box, rounded polygon) swept in a straight line against one
//! sprite's solid texels, exactly: the shape itself, not a raster of it.

use glam::{DAffine2, DVec2, Vec2};

use crate::geom::{Convex, Entry, Hull, MAX_CONVEX_CORNERS, contact_point, first_overlap};
use crate::mask::{Node, with_node_stack};
use crate::query::{RayHit, exact_box, push_children};
use crate::sprite::Sprite;

impl Sprite<'_> {
    /// Where `shape`, moved from where it lies along `direction` by up to `max_distance` (world
    /// units), first shares area with the sprite's solid texels: the distance it travels, the unit
    /// normal of the texels there (pointing towards the shape) and a point they touch at (the
    /// middle of the stretch they share when faces meet). `None` when it gets to the end first, or
    /// only grazes or slides along them, as a body resting on a floor slides along it.
    ///
    /// Exact up to rounding: each solid rectangle of the mask's tree is a parallelogram in the
    /// world, and the motion is met with the Minkowski difference of the two, grown by the shape's
    /// radius (see [`Convex`]), with no stepping and no raster of the shape, whatever the sprite's
    /// transform (turned, scaled, sheared, flipped). The tree's boxes prune the search, nearest
    /// first found. A shape that starts overlapping the texels hits them at distance 0, with the
    /// normal of the shortest way out of the solid rectangle it was found in.
    ///
    /// ```
    /// use glam::{Affine2, Vec2};
    /// use pixel_collide::{Circle, Convex, Mask, Sprite};
    /// // A wall 2 texels thick at x = 10 and a ball of radius 2 at the origin rolled 100 towards it.
    /// let wall = Mask::from_fn(2, 8, |_, _| true).unwrap();
    /// let s = Sprite::new(&wall, Affine2::from_translation(Vec2::new(10.0, -4.0)));
    /// let ball = Convex::circle(Circle::new(Vec2::ZERO, 2.0)).unwrap();
    /// let hit = s.cast_shape(&ball, Vec2::X, 100.0).unwrap();
    /// assert_eq!((hit.distance, hit.normal, hit.point), (8.0, Vec2::NEG_X, Vec2::new(10.0, 0.0)));
    /// // A box resting on the wall's top slides along it without a hit.
    /// let lid = Convex::rect(pixel_collide::Rect::new(Vec2::new(9.0, -6.0), Vec2::new(11.0, -4.0))).unwrap();
    /// assert!(s.cast_shape(&lid, Vec2::X, 50.0).is_none());
    /// assert_eq!(s.cast_shape(&lid, Vec2::Y, 50.0).unwrap().distance, 0.0);
    /// ```
    pub fn cast_shape(&self, shape: &Convex, direction: Vec2, max_distance: f32) -> Option<RayHit> {
        let cast = Cast::new(self, shape, direction, max_distance)?;
        let (entry, q) = cast.first_solid_box(self)?;
        let mut moved = [DVec2::ZERO; MAX_CONVEX_CORNERS];
        for (slot, v) in moved.iter_mut().zip(cast.shape()) {
            *slot = *v + cast.motion * entry.t;
        }
        let point = contact_point(&q, &moved[..cast.corners], cast.radius, entry.normal);
        Some(RayHit {
            point: (cast.origin + point).as_vec2(),
            distance: (entry.t * cast.travel) as f32,
            normal: entry.normal.as_vec2(),
        })
    }
}

/// One shape's sweep against one sprite, in the world from the shape's first corner (so that
/// coordinates far from the origin keep their precision in the differences).
struct Cast {
    world: DAffine2,
    origin: DVec2,
    /// The shape's corners from its first, the first `corners` of them.
    points: [DVec2; MAX_CONVEX_CORNERS],
    corners: usize,
    radius: f64,
    /// How far the shape travels at most, and that travel as a vector.
    travel: f64,
    motion: DVec2,
    /// A flipped sprite's boxes come out clockwise; the difference's corners are wanted
    /// counter-clockwise.
    flipped: bool,
}

impl Cast {
    /// The sweep, `None` for a sprite with no placement or a direction or distance that moves
    /// nothing.
    fn new(
        sprite: &Sprite<'_>,
        shape: &Convex,
        direction: Vec2,
        max_distance: f32,
    ) -> Option<Cast> {
        let world = sprite.placed()?;
        let length = direction.as_dvec2().length();
        if !(length > 0.0 && length.is_finite() && max_distance >= 0.0) {
            return None;
        }
        let origin = shape.corners()[0].as_dvec2();
        let mut points = [DVec2::ZERO; MAX_CONVEX_CORNERS];
        for (slot, c) in points.iter_mut().zip(shape.corners()) {
            *slot = c.as_dvec2() - origin;
        }
        let corners = shape.corners().len();
        let radius = f64::from(shape.radius());
        // No overlap lies further than the sprite's farthest corner and the shape's reach: an
        // endless cast is a finite sweep.
        let [w, h] = [sprite.mask.width(), sprite.mask.height()].map(f64::from);
        let far = [
            DVec2::ZERO,
            DVec2::new(w, 0.0),
            DVec2::new(0.0, h),
            DVec2::new(w, h),
        ]
        .map(|c| (world.transform_point2(c) - origin).length())
        .into_iter()
        .fold(0.0f64, f64::max);
        let reach_of_shape = points[..corners]
            .iter()
            .map(|v| v.length())
            .fold(0.0f64, f64::max)
            + radius;
        let travel = f64::from(max_distance).min(far + reach_of_shape + 1.0);
        if !travel.is_finite() {
            return None;
        }
        Some(Cast {
            world,
            origin,
            points,
            corners,
            radius,
            travel,
            motion: direction.as_dvec2() / length * travel,
            flipped: world.matrix2.determinant() < 0.0,
        })
    }

    fn shape(&self) -> &[DVec2] {
        &self.points[..self.corners]
    }

    /// A tree box's corners in the world, from the shape's first corner.
    fn placed(&self, node: &Node) -> [DVec2; 4] {
        let (lo, hi) = exact_box(node);
        [lo, DVec2::new(hi.x, lo.y), hi, DVec2::new(lo.x, hi.y)]
            .map(|c| self.world.transform_point2(c) - self.origin)
    }

    /// Where along the sweep the shape first shares area with the box of corners `q`.
    fn meet(&self, q: &[DVec2; 4]) -> Option<Entry> {
        let p = self.shape();
        if let [only] = p {
            // A circle's difference with a box is the box moved: no hull to find.
            let mut corners = q.map(|c| c - *only);
            if self.flipped {
                corners.reverse();
            }
            return first_overlap(&corners, self.radius, self.motion);
        }
        let mut points = [DVec2::ZERO; 4 * MAX_CONVEX_CORNERS];
        let mut k = 0;
        for a in q {
            for b in p {
                points[k] = *a - *b;
                k += 1;
            }
        }
        first_overlap(Hull::of(&points[..k]).points(), self.radius, self.motion)
    }

    /// The first solid box of the sprite's tree the sweep meets, with its corners. Nearest first:
    /// each box's children are met before they are kept, and the nearer popped first, so that the
    /// first solid box found is usually the answer and prunes the rest.
    fn first_solid_box(&self, sprite: &Sprite<'_>) -> Option<(Entry, [DVec2; 4])> {
        let (tree, bits) = (sprite.mask.tree(), sprite.mask.bits());
        let mut best: Option<(Entry, [DVec2; 4])> = None;
        let mut todo: Vec<(Node, Entry, [DVec2; 4])> = Vec::new();
        with_node_stack(|children| {
            let root = tree.root()?;
            let q = self.placed(&root);
            todo.push((root, self.meet(&q)?, q));
            while let Some((node, entry, q)) = todo.pop() {
                if best.is_some_and(|(b, _)| entry.t >= b.t) {
                    continue;
                }
                if node.is_solid() {
                    best = Some((entry, q));
                    if entry.t == 0.0 {
                        break;
                    }
                    continue;
                }
                children.clear();
                push_children(&node, tree, bits, children);
                let from = todo.len();
                for child in children.iter().filter(|c| !c.is_nothing()) {
                    let q = self.placed(child);
                    if let Some(e) = self.meet(&q)
                        && best.is_none_or(|(b, _)| e.t < b.t)
                    {
                        todo.push((*child, e, q));
                    }
                }
                todo[from..].sort_unstable_by(|a, b| b.1.t.total_cmp(&a.1.t));
            }
            Some(())
        });
        best
    }
}
