//! `PixelSpatialQuery`: avian's spatial queries over pixel shapes, against brute force over every
//! shape for masks, against avian's own `SpatialQuery` for primitives, and with avian's filters.

use std::f32::consts::TAU;

use bevy_pixel_collide::avian::PixelSpatialQuery;

use super::*;

/// A small generator, so that each world is the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }

    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
}

/// A ragged mask: a disc with bites taken out.
fn ragged(rng: &mut Rng, w: u32, h: u32) -> Mask {
    let bites: Vec<(f32, f32, f32)> = (0..4)
        .map(|_| {
            (
                rng.range(0.0, w as f32),
                rng.range(0.0, h as f32),
                rng.range(1.0, 5.0),
            )
        })
        .collect();
    let (cx, cy) = (w as f32 / 2.0, h as f32 / 2.0);
    Mask::from_fn(w, h, |x, y| {
        let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
        ((px - cx) / cx).powi(2) + ((py - cy) / cy).powi(2) < 1.0
            && bites
                .iter()
                .all(|&(bx, by, r)| (px - bx).powi(2) + (py - by).powi(2) > r * r)
    })
    .unwrap()
}

/// Static pixel bodies at random turns and places: ragged masks with texels of 1 to 2 units, and
/// a circle, a rectangle and a capsule.
fn world(app: &mut App, seed: u64) -> Vec<Entity> {
    let mut rng = Rng(seed | 1);
    let mut shapes: Vec<PixelShape> = (0..6)
        .map(|_| {
            let (w, h) = (8 + rng.next() % 24, 8 + rng.next() % 24);
            let texel = rng.range(1.0, 2.0);
            PixelShape::from_mask(ragged(&mut rng, w as u32, h as u32), Vec2::splat(texel))
        })
        .collect();
    shapes.push(PixelShape::circle(9.0));
    shapes.push(PixelShape::rectangle(20.0, 8.0));
    shapes.push(PixelShape::capsule(5.0, 12.0));
    shapes
        .into_iter()
        .map(|shape| {
            let at = Vec2::new(rng.range(-80.0, 80.0), rng.range(-80.0, 80.0));
            app.world_mut()
                .spawn((
                    RigidBody::Static,
                    shape,
                    Transform::from_translation(at.extend(0.0))
                        .with_rotation(Quat::from_rotation_z(rng.range(0.0, TAU))),
                ))
                .id()
        })
        .collect()
}

/// Runs `f` with the app's `PixelSpatialQuery`.
fn ask<R: Send + 'static>(
    app: &mut App,
    f: impl Fn(&PixelSpatialQuery) -> R + Send + Sync + 'static,
) -> R {
    app.world_mut()
        .run_system_once(move |q: PixelSpatialQuery| f(&q))
        .unwrap()
}

/// Each shape's mask placed in the world, by entity.
fn placed(app: &App, e: Entity) -> (Mask, Affine2) {
    let shape = app.world().get::<PixelShape>(e).unwrap();
    let (p, r) = (
        app.world().get::<Position>(e).unwrap().0,
        *app.world().get::<Rotation>(e).unwrap(),
    );
    (
        shape.mask().unwrap().clone(),
        shape.texel_to_world(p, r).unwrap(),
    )
}

/// The world's mask shapes (the first six), each with its mask placed in the world.
fn masks_of(app: &App, shapes: &[Entity]) -> Vec<(Entity, Mask, Affine2)> {
    shapes[..6]
        .iter()
        .map(|&e| {
            let (m, t) = placed(app, e);
            (e, m, t)
        })
        .collect()
}

fn is_primitive(i: usize) -> bool {
    i >= 6
}

/// Whether any mask shape (primitives aside) holds `p`, by each sprite's own test.
fn mask_holding(app: &App, shapes: &[Entity], p: Vec2) -> Option<Entity> {
    shapes.iter().enumerate().find_map(|(i, &e)| {
        let (m, t) = placed(app, e);
        (!is_primitive(i) && pixel_collide::Sprite::new(&m, t).contains_point(p)).then_some(e)
    })
}

#[test]
fn rays_hit_the_first_solid_texel_of_any_mask_by_sampling() {
    for seed in 1..6u64 {
        let mut app = app();
        let shapes = world(&mut app, seed * 7919);
        app.update();
        // Only masks: primitives are excluded by the filter (and compared with avian's below).
        let filter = SpatialQueryFilter::from_excluded_entities(shapes[6..].iter().copied());
        let mut rng = Rng(seed);
        let mut hits = 0;
        for _ in 0..40 {
            let origin = Vec2::new(rng.range(-150.0, 150.0), rng.range(-150.0, 150.0));
            let dir = Dir2::new(Vec2::from_angle(rng.range(0.0, TAU))).unwrap();
            let f = filter.clone();
            let hit = ask(&mut app, move |q| q.cast_ray(origin, dir, 300.0, true, &f));
            let end = hit.map_or(300.0, |h| h.distance);
            // No mask holds a point of the ray before the hit; just past it, the one hit does.
            for k in 0..600 {
                let d = end * k as f32 / 600.0;
                if d < end - 1e-3 {
                    let p = origin + *dir * d;
                    assert_eq!(
                        mask_holding(&app, &shapes, p),
                        None,
                        "seed {seed}: inside at {d} of {end}"
                    );
                }
            }
            if let Some(hit) = hit {
                hits += 1;
                let past = origin + *dir * (hit.distance + 2e-3);
                let (m, t) = placed(&app, hit.entity);
                assert!(
                    pixel_collide::Sprite::new(&m, t).contains_point(past) || {
                        // A ray entering at a texel's corner leaves it at once: the hit is still on it.
                        let p = origin + *dir * hit.distance;
                        pixel_collide::Sprite::new(&m, t)
                            .nearest_point(p)
                            .unwrap()
                            .distance(p)
                            < 1e-3
                    }
                );
                assert!((hit.normal.length() - 1.0).abs() < 1e-4 && hit.normal.dot(*dir) <= 1e-4);
                // All hits: the first is the closest, and each entity once.
                let f = filter.clone();
                let all = ask(&mut app, move |q| {
                    q.ray_hits(origin, dir, 300.0, 20, true, &f)
                });
                assert_eq!(
                    all.first().map(|h| (h.entity, h.distance)),
                    Some((hit.entity, hit.distance))
                );
                let mut seen: Vec<Entity> = all.iter().map(|h| h.entity).collect();
                seen.sort();
                seen.dedup();
                assert_eq!(seen.len(), all.len());
            }
        }
        assert!(hits >= 5, "seed {seed}: the rays meet masks: {hits}");
    }
}

#[test]
fn points_projections_and_shape_overlaps_agree_with_each_sprite() {
    for seed in 1..5u64 {
        let mut app = app();
        let shapes = world(&mut app, seed * 104729);
        app.update();
        let masks = masks_of(&app, &shapes);
        let filter = SpatialQueryFilter::from_excluded_entities(shapes[6..].iter().copied());
        let mut rng = Rng(seed + 99);
        for _ in 0..60 {
            let p = Vec2::new(rng.range(-110.0, 110.0), rng.range(-110.0, 110.0));
            let f = filter.clone();
            let found = ask(&mut app, move |q| q.point_intersections(p, &f));
            let want: Vec<Entity> = masks
                .iter()
                .filter(|(_, m, t)| pixel_collide::Sprite::new(m, *t).contains_point(p))
                .map(|(e, ..)| *e)
                .collect();
            let mut want = want;
            want.sort();
            assert_eq!(found, want, "point {p}");
            // The projection: the nearest point over every mask.
            let f = filter.clone();
            let projected = ask(&mut app, move |q| q.project_point(p, true, &f)).unwrap();
            let nearest = masks
                .iter()
                .map(|(_, m, t)| {
                    pixel_collide::Sprite::new(m, *t)
                        .nearest_point(p)
                        .unwrap()
                        .distance(p)
                })
                .fold(f32::INFINITY, f32::min);
            assert!(
                (projected.point.distance(p) - nearest).abs() < 1e-3,
                "projection of {p}"
            );
            assert_eq!(projected.is_inside, !want.is_empty());
        }
        // A 10 x 6 box dropped at random places overlaps exactly the masks it shares texels with.
        let probe = Mask::from_fn(10, 6, |_, _| true).unwrap();
        for _ in 0..30 {
            let at = Vec2::new(rng.range(-100.0, 100.0), rng.range(-100.0, 100.0));
            let turn = rng.range(0.0, TAU);
            let f = filter.clone();
            let shape = PixelShape::from_mask(probe.clone(), Vec2::ONE);
            let found = ask(&mut app, move |q| {
                q.shape_intersections(&shape, at, turn, &f)
            });
            let me = PixelShape::from_mask(probe.clone(), Vec2::ONE)
                .texel_to_world(at, Rotation::radians(turn))
                .unwrap();
            let mut want: Vec<Entity> = masks
                .iter()
                .filter(|(_, m, t)| {
                    pixel_collide::overlaps(
                        pixel_collide::Sprite::new(&probe, me),
                        pixel_collide::Sprite::new(m, *t),
                    )
                })
                .map(|(e, ..)| *e)
                .collect();
            want.sort();
            assert_eq!(found, want, "box at {at}");
        }
    }
}

#[test]
fn a_cast_box_stops_at_the_first_mask_it_meets_by_sampling() {
    for seed in 1..5u64 {
        let mut app = app();
        let shapes = world(&mut app, seed * 15485863);
        app.update();
        let filter = SpatialQueryFilter::from_excluded_entities(shapes[6..].iter().copied());
        let probe = Mask::from_fn(6, 4, |_, _| true).unwrap();
        let mut rng = Rng(seed + 7);
        let mut hits = 0;
        for _ in 0..30 {
            let origin = Vec2::new(rng.range(-150.0, 150.0), rng.range(-150.0, 150.0));
            let (dir, turn) = (Dir2::new(-origin).unwrap(), rng.range(0.0, TAU));
            let f = filter.clone();
            let shape = PixelShape::from_mask(probe.clone(), Vec2::ONE);
            let config = ShapeCastConfig::from_max_distance(400.0);
            let (all_shape, all_config, all_f) = (shape.clone(), config.clone(), f.clone());
            let hit = ask(&mut app, move |q| {
                q.cast_shape(&shape, origin, turn, dir, &config, &f)
            });
            // The nearest of all the hits, as the cast that stops at the first finds it.
            let all = ask(&mut app, move |q| {
                q.shape_hits(&all_shape, origin, turn, dir, 10, &all_config, &all_f)
            });
            assert_eq!(
                all.first().map(|h| (h.entity, h.distance)),
                hit.map(|h| (h.entity, h.distance))
            );
            assert!(all.windows(2).all(|w| w[0].distance <= w[1].distance));
            let me_at = |d: f32| {
                PixelShape::from_mask(probe.clone(), Vec2::ONE)
                    .texel_to_world(origin + *dir * d, Rotation::radians(turn))
                    .unwrap()
            };
            let touching = |d: f32| -> Vec<Entity> {
                shapes[..6]
                    .iter()
                    .filter(|&&e| {
                        let (m, t) = placed(&app, e);
                        pixel_collide::overlaps(
                            pixel_collide::Sprite::new(&probe, me_at(d)),
                            pixel_collide::Sprite::new(&m, t),
                        )
                    })
                    .copied()
                    .collect()
            };
            if !touching(0.0).is_empty() {
                continue;
            }
            let end = hit.map_or(400.0, |h| h.distance);
            for k in 0..800 {
                let d = end * k as f32 / 800.0;
                assert!(
                    touching(d).is_empty(),
                    "seed {seed}: overlaps at {d} before {end}"
                );
            }
            if let Some(hit) = hit {
                hits += 1;
                // A graze may share texels over a few hundredths of a unit only: fine samples.
                let met = (1..=2000)
                    .any(|k| touching(hit.distance + 0.0005 * k as f32).contains(&hit.entity));
                assert!(met, "the mask hit is met just past the contact: {hit:?}");
                assert!(
                    hit.normal1.dot(*dir) <= 1e-3 && (hit.normal1 + hit.normal2).length() < 1e-5,
                    "{hit:?} {dir:?}"
                );
            }
        }
        assert!(hits > 5, "the casts meet masks: {hits}");
    }
}

/// A circle, a capsule and a box cast at masks as avian casts them (the caster's own primitive) stop
/// where the exact shape first shares area with a mask's texels: the nearest of
/// `Sprite::cast_shape` over the masks, within 1e-3 units, and never where stepping the exact shape
/// (0.01 units short of the hit) finds it already overlapping, since no raster of the shape is
/// swept.
#[test]
fn cast_circles_capsules_and_boxes_stop_at_the_exact_shape() {
    use bevy_pixel_collide::pixel_collide::{Convex, Sprite};
    let mut casts = 0;
    for seed in 1..4u64 {
        let mut app = app();
        let shapes = world(&mut app, seed * 7919);
        app.update();
        let filter = SpatialQueryFilter::from_excluded_entities(shapes[6..].iter().copied());
        let masks = masks_of(&app, &shapes);
        let mut rng = Rng(seed + 3);
        for k in 0..60 {
            let origin = Vec2::new(rng.range(-150.0, 150.0), rng.range(-150.0, 150.0));
            let (dir, turn) = (Dir2::new(-origin).unwrap(), rng.range(0.0, TAU));
            let rotate = |p: Vec2| origin + Vec2::from_angle(turn).rotate(p);
            let (shape, exact) = match k % 3 {
                0 => (
                    PixelShape::circle(3.0),
                    Convex::rounded(&[origin], 3.0).unwrap(),
                ),
                1 => (
                    PixelShape::capsule(2.0, 8.0),
                    Convex::capsule(
                        rotate(Vec2::new(0.0, -4.0)),
                        rotate(Vec2::new(0.0, 4.0)),
                        2.0,
                    )
                    .unwrap(),
                ),
                _ => (
                    PixelShape::rectangle(6.0, 4.0),
                    Convex::polygon(
                        &[(-3.0, -2.0), (3.0, -2.0), (3.0, 2.0), (-3.0, 2.0)]
                            .map(|(x, y)| rotate(Vec2::new(x, y))),
                    )
                    .unwrap(),
                ),
            };
            let sprites: Vec<Sprite<'_>> =
                masks.iter().map(|(_, m, t)| Sprite::new(m, *t)).collect();
            if sprites
                .iter()
                .any(|s| s.cast_shape(&exact, *dir, 0.0).is_some())
            {
                continue;
            }
            let want = sprites
                .iter()
                .zip(&masks)
                .filter_map(|(s, (e, ..))| s.cast_shape(&exact, *dir, 400.0).map(|h| (*e, h)))
                .min_by(|a, b| a.1.distance.total_cmp(&b.1.distance));
            let f = filter.clone();
            let config = ShapeCastConfig::from_max_distance(400.0);
            let got = ask(&mut app, move |q| {
                q.cast_shape(&shape, origin, turn, dir, &config, &f)
            });
            match (got, want) {
                (None, None) => {}
                (Some(g), Some((e, w))) => {
                    casts += 1;
                    assert_eq!(g.entity, e, "seed {seed} cast {k}");
                    assert!(
                        (g.distance - w.distance).abs() < 1e-3,
                        "seed {seed} cast {k}: {g:?} {w:?}"
                    );
                    assert!((g.normal1 - w.normal).length() < 1e-4, "{g:?} {w:?}");
                    // Stepped short of the hit, the exact shape overlaps no mask.
                    let short = (g.distance - 0.01).max(0.0);
                    let there = exact.translated(*dir * short);
                    assert!(
                        sprites
                            .iter()
                            .all(|s| s.cast_shape(&there, *dir, 0.0).is_none())
                    );
                }
                (got, want) => panic!("seed {seed} cast {k}: got {got:?}, want {want:?}"),
            }
        }
    }
    assert!(casts > 30, "the casts meet masks: {casts}");
}

/// Where convex polygon `p`, moved along unit `dir`, first shares area with convex polygon `q`, by
/// the separating axis theorem: along each edge normal of either the two overlap over an open
/// interval of the move, and the polygons overlap where every interval does.
fn first_touch(p: &[Vec2], q: &[Vec2], dir: Vec2) -> Option<f32> {
    let axes = |poly: &[Vec2]| -> Vec<Vec2> {
        (0..poly.len())
            .filter_map(|i| {
                (poly[(i + 1) % poly.len()] - poly[i])
                    .perp()
                    .try_normalize()
            })
            .collect()
    };
    let span = |poly: &[Vec2], n: Vec2| {
        poly.iter()
            .map(|c| c.dot(n))
            .fold((f32::MAX, f32::MIN), |(lo, hi), d| (lo.min(d), hi.max(d)))
    };
    let (mut lo, mut hi) = (f32::MIN, f32::MAX);
    for n in axes(p).into_iter().chain(axes(q)) {
        let ((a0, a1), (b0, b1), dn) = (span(p, n), span(q, n), dir.dot(n));
        if dn.abs() < 1e-9 {
            if !(a0 < b1 && a1 > b0) {
                return None;
            }
            continue;
        }
        let (t0, t1) = ((b0 - a1) / dn, (b1 - a0) / dn);
        lo = lo.max(t0.min(t1));
        hi = hi.min(t0.max(t1));
    }
    (lo < hi && hi > 0.0).then_some(lo.max(0.0))
}

#[test]
fn cast_convex_polygons_of_any_corner_count_stop_where_they_first_touch_a_texel() {
    let mut met = 0;
    for seed in 1..4u64 {
        let mut app = app();
        let shapes = world(&mut app, seed * 104_729);
        app.update();
        let filter = SpatialQueryFilter::from_excluded_entities(shapes[6..].iter().copied());
        let masks = masks_of(&app, &shapes);
        // Every solid texel of the masks as a world quad.
        let texels: Vec<[Vec2; 4]> = masks
            .iter()
            .flat_map(|(_, m, t)| {
                let t = *t;
                (0..m.height())
                    .flat_map(move |y| (0..m.width()).map(move |x| (x, y)))
                    .filter(|&(x, y)| m.is_solid(x, y))
                    .map(move |(x, y)| {
                        [(0, 0), (1, 0), (1, 1), (0, 1)].map(|(dx, dy)| {
                            t.transform_point2(Vec2::new((x + dx) as f32, (y + dy) as f32))
                        })
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        let mut rng = Rng(seed + 11);
        for k in 0..60 {
            let corners = [3, 5, 8, 9, 13, 20][k % 6];
            let (radius, squash) = (rng.range(2.0, 6.0), rng.range(0.5, 1.0));
            let local: Vec<Vec2> = (0..corners)
                .map(|i| {
                    let a = TAU * i as f32 / corners as f32;
                    Vec2::new(a.cos() * radius, a.sin() * radius * squash)
                })
                .collect();
            let origin = Vec2::new(rng.range(-150.0, 150.0), rng.range(-150.0, 150.0));
            let aim = -origin + Vec2::new(rng.range(-30.0, 30.0), rng.range(-30.0, 30.0));
            let (dir, turn) = (Dir2::new(aim).unwrap(), rng.range(0.0, TAU));
            let start: Vec<Vec2> = local
                .iter()
                .map(|p| origin + Vec2::from_angle(turn).rotate(*p))
                .collect();
            let touches: Vec<f32> = texels
                .iter()
                .filter_map(|q| first_touch(&start, q, *dir))
                .collect();
            if touches.contains(&0.0) {
                continue;
            }
            let want = touches.into_iter().filter(|&d| d <= 400.0).reduce(f32::min);
            let shape = PixelShape::convex_hull(local.clone()).unwrap();
            let f = filter.clone();
            let config = ShapeCastConfig::from_max_distance(400.0);
            let got = ask(&mut app, move |q| {
                q.cast_shape(&shape, origin, turn, dir, &config, &f)
            });
            let context =
                format!("seed {seed} cast {k}, {corners} corners: {got:?}, want {want:?}");
            match (got, want) {
                (None, None) => {}
                (Some(g), Some(w)) => {
                    met += 1;
                    assert!((g.distance - w).abs() < 0.01, "{context}");
                }
                _ => panic!("{context}"),
            }
        }
    }
    assert!(met > 40, "the casts meet masks: {met}");
}

/// avian's own app with the same primitives, as avian's `Collider`s.
fn avian_app_with(places: &[(Collider, Vec2, f32)]) -> (App, Vec<Entity>) {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, PhysicsPlugins::default()))
        .insert_resource(Time::<Fixed>::from_hz(60.0))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
            1.0 / 60.0,
        )));
    app.finish();
    app.cleanup();
    let entities = places
        .iter()
        .map(|(c, at, turn)| {
            app.world_mut()
                .spawn((
                    RigidBody::Static,
                    c.clone(),
                    Transform::from_translation(at.extend(0.0))
                        .with_rotation(Quat::from_rotation_z(*turn)),
                ))
                .id()
        })
        .collect();
    app.update();
    (app, entities)
}

#[test]
fn primitives_answer_as_avians_own_spatial_query() {
    let places = [
        (Collider::circle(9.0), Vec2::new(-30.0, 10.0), 0.3),
        (Collider::rectangle(20.0, 8.0), Vec2::new(25.0, -5.0), 1.1),
        (Collider::capsule(5.0, 12.0), Vec2::new(0.0, 40.0), 2.0),
    ];
    let shapes = [
        PixelShape::circle(9.0),
        PixelShape::rectangle(20.0, 8.0),
        PixelShape::capsule(5.0, 12.0),
    ];
    let mut ours = app();
    let mine: Vec<Entity> = shapes
        .into_iter()
        .zip(&places)
        .map(|(s, (_, at, turn))| {
            ours.world_mut()
                .spawn((
                    RigidBody::Static,
                    s,
                    Transform::from_translation(at.extend(0.0))
                        .with_rotation(Quat::from_rotation_z(*turn)),
                ))
                .id()
        })
        .collect();
    ours.update();
    let (mut theirs, their_entities) = avian_app_with(&places);
    let index = |list: &[Entity], e: Entity| list.iter().position(|&x| x == e).unwrap();
    let mut rng = Rng(5);
    let filter = SpatialQueryFilter::default();
    for _ in 0..200 {
        let origin = Vec2::new(rng.range(-70.0, 70.0), rng.range(-50.0, 80.0));
        let dir = Dir2::new(Vec2::from_angle(rng.range(0.0, TAU))).unwrap();
        let solid = rng.next().is_multiple_of(2);
        let f = filter.clone();
        let a = ask(&mut ours, move |q| {
            q.cast_ray(origin, dir, 200.0, solid, &f)
        });
        let f = filter.clone();
        let b = theirs
            .world_mut()
            .run_system_once(move |q: SpatialQuery| q.cast_ray(origin, dir, 200.0, solid, &f))
            .unwrap();
        assert_eq!(a.is_some(), b.is_some(), "ray from {origin} along {dir:?}");
        if let (Some(a), Some(b)) = (a, b) {
            assert_eq!(index(&mine, a.entity), index(&their_entities, b.entity));
            assert!(
                (a.distance - b.distance).abs() < 1e-4 && (a.normal - b.normal).length() < 1e-4
            );
        }
        let p = origin;
        let f = filter.clone();
        let a = ask(&mut ours, move |q| q.project_point(p, solid, &f)).unwrap();
        let f = filter.clone();
        let b = theirs
            .world_mut()
            .run_system_once(move |q: SpatialQuery| q.project_point(p, solid, &f))
            .unwrap()
            .unwrap();
        assert_eq!(index(&mine, a.entity), index(&their_entities, b.entity));
        assert!((a.point - b.point).length() < 1e-4 && a.is_inside == b.is_inside);
        let f = filter.clone();
        let a: Vec<usize> = ask(&mut ours, move |q| q.point_intersections(p, &f))
            .into_iter()
            .map(|e| index(&mine, e))
            .collect();
        let f = filter.clone();
        let mut b: Vec<usize> = theirs
            .world_mut()
            .run_system_once(move |q: SpatialQuery| q.point_intersections(p, &f))
            .unwrap()
            .into_iter()
            .map(|e| index(&their_entities, e))
            .collect();
        b.sort();
        assert_eq!(a, b);
        // A circle cast the same way in both.
        let config = ShapeCastConfig::from_max_distance(150.0);
        let (f, c) = (filter.clone(), config.clone());
        let a = ask(&mut ours, move |q| {
            q.cast_shape(&PixelShape::circle(3.0), origin, 0.0, dir, &c, &f)
        });
        let f = filter.clone();
        let b = theirs
            .world_mut()
            .run_system_once(move |q: SpatialQuery| {
                q.cast_shape(&Collider::circle(3.0), origin, 0.0, dir, &config, &f)
            })
            .unwrap();
        assert_eq!(a.is_some(), b.is_some());
        if let (Some(a), Some(b)) = (a, b) {
            assert_eq!(index(&mine, a.entity), index(&their_entities, b.entity));
            assert!((a.distance - b.distance).abs() < 1e-3);
            assert!(
                (a.point1 - b.point1).length() < 1e-3 && (a.normal1 - b.normal1).length() < 1e-3
            );
        }
    }
}

#[test]
fn layers_excluded_entities_and_predicates_filter_as_avians() {
    let mut app = app();
    let wall = |app: &mut App, x: f32, layers: CollisionLayers| {
        app.world_mut()
            .spawn((
                RigidBody::Static,
                PixelShape::from_mask(solid(4, 40), Vec2::ONE),
                Transform::from_xyz(x, 0.0, 0.0),
                layers,
            ))
            .id()
    };
    let near = wall(&mut app, 20.0, CollisionLayers::new(0b01, LayerMask::ALL));
    let far = wall(&mut app, 60.0, CollisionLayers::new(0b10, LayerMask::ALL));
    app.update();
    let cast = |app: &mut App, filter: SpatialQueryFilter| {
        ask(app, move |q| {
            q.cast_ray(Vec2::ZERO, Dir2::X, 500.0, true, &filter)
                .map(|h| (h.entity, h.distance))
        })
    };
    assert_eq!(
        cast(&mut app, SpatialQueryFilter::default()),
        Some((near, 18.0))
    );
    assert_eq!(
        cast(&mut app, SpatialQueryFilter::from_mask(0b10)),
        Some((far, 58.0))
    );
    assert_eq!(
        cast(&mut app, SpatialQueryFilter::from_excluded_entities([near])),
        Some((far, 58.0))
    );
    assert_eq!(cast(&mut app, SpatialQueryFilter::from_mask(0b100)), None);
    let skip_near = ask(&mut app, move |q| {
        q.cast_ray_predicate(
            Vec2::ZERO,
            Dir2::X,
            500.0,
            true,
            &SpatialQueryFilter::default(),
            &|e| e != near,
        )
        .map(|h| h.entity)
    });
    assert_eq!(skip_near, Some(far));
    // Starting inside: solid hits at once, hollow where the ray leaves the wall.
    let inside = |solid: bool| {
        move |q: &PixelSpatialQuery| {
            q.cast_ray(
                Vec2::new(19.0, 0.0),
                Dir2::X,
                500.0,
                solid,
                &SpatialQueryFilter::default(),
            )
            .map(|h| (h.distance, h.normal))
        }
    };
    assert_eq!(ask(&mut app, inside(true)).map(|h| h.0), Some(0.0));
    assert_eq!(ask(&mut app, inside(false)), Some((3.0, Vec2::X)));
    // Boxes: both walls' bounds, or the near one's.
    let both = ask(&mut app, |q| {
        q.aabb_intersections_with_aabb(ColliderAabb::from_min_max(
            Vec2::new(0.0, -5.0),
            Vec2::new(100.0, 5.0),
        ))
    });
    let mut want = vec![near, far];
    want.sort();
    assert_eq!(both, want);
}
