//! Questions about one placed sprite and a point, a rectangle, a circle or a ray.

use pixel_collide::{Circle, Rect};

use crate::args::{affine, call, finite, out, point, sprite};
use crate::status::*;
use crate::types::{pc_affine, pc_ray_hit, pc_rect, pc_sprite, pc_vec2};

/// Whether the world point lies inside a solid texel (its open square) of the sprite.
#[no_mangle]
pub unsafe extern "C" fn pc_contains_point(
    s: pc_sprite,
    p: pc_vec2,
    inside: *mut bool,
) -> pc_status {
    const F: &str = "pc_contains_point";
    call(F, || {
        let inside = out(F, "inside", inside)?;
        let p = point(F, "point", p)?;
        *inside = sprite(F, "sprite", s)?.contains_point(p);
        Ok(())
    })
}

/// Whether the world rectangle shares area with a solid texel of the sprite (a rectangle of no
/// area touches nothing).
#[no_mangle]
pub unsafe extern "C" fn pc_touches_rect(
    s: pc_sprite,
    r: pc_rect,
    touching: *mut bool,
) -> pc_status {
    const F: &str = "pc_touches_rect";
    call(F, || {
        let touching = out(F, "touching", touching)?;
        let corner = point(F, "rect's corner", pc_vec2 { x: r.x, y: r.y })?;
        let (w, h) = (
            finite(F, "rect.width", r.width)?,
            finite(F, "rect.height", r.height)?,
        );
        if w < 0.0 || h < 0.0 {
            return Err(fail(
                F,
                PC_INVALID_NUMBER,
                format_args!("rect is {w} x {h}: a size cannot be negative"),
            ));
        }
        *touching = sprite(F, "sprite", s)?.touches_rect(Rect::from_xywh(corner.x, corner.y, w, h));
        Ok(())
    })
}

/// Whether the world disc of `radius` about `center` shares area with a solid texel.
#[no_mangle]
pub unsafe extern "C" fn pc_touches_circle(
    s: pc_sprite,
    center: pc_vec2,
    radius: f32,
    touching: *mut bool,
) -> pc_status {
    const F: &str = "pc_touches_circle";
    call(F, || {
        let touching = out(F, "touching", touching)?;
        let center = point(F, "center", center)?;
        let radius = finite(F, "radius", radius)?;
        if radius < 0.0 {
            return Err(fail(
                F,
                PC_INVALID_NUMBER,
                format_args!("radius is {radius}: it cannot be negative"),
            ));
        }
        *touching = sprite(F, "sprite", s)?.touches_circle(Circle::new(center, radius));
        Ok(())
    })
}

/// Where the ray from `origin` along `direction` first enters a solid texel within
/// `max_distance` (in units of `direction`'s length; infinity for no limit).
#[no_mangle]
pub unsafe extern "C" fn pc_raycast(
    s: pc_sprite,
    origin: pc_vec2,
    direction: pc_vec2,
    max_distance: f32,
    hit: *mut pc_ray_hit,
) -> pc_status {
    const F: &str = "pc_raycast";
    call(F, || {
        let hit = out(F, "hit", hit)?;
        let origin = point(F, "origin", origin)?;
        let direction = point(F, "direction", direction)?;
        if max_distance.is_nan() || max_distance < 0.0 {
            return Err(fail(
                F,
                PC_INVALID_NUMBER,
                format_args!(
                    "max_distance is {max_distance}: it must be 0 or more (infinity for no limit)"
                ),
            ));
        }
        *hit = match sprite(F, "sprite", s)?.raycast(origin, direction, max_distance) {
            Some(h) => pc_ray_hit {
                found: true,
                point: h.point.into(),
                distance: h.distance,
                normal: h.normal.into(),
            },
            None => pc_ray_hit::default(),
        };
        Ok(())
    })
}

/// The world's axis-aligned bounds of the sprite's whole image: the cheap prefilter a game may
/// run first.
#[no_mangle]
pub unsafe extern "C" fn pc_sprite_bounds(s: pc_sprite, bounds: *mut pc_rect) -> pc_status {
    const F: &str = "pc_sprite_bounds";
    call(F, || {
        let bounds = out(F, "bounds", bounds)?;
        let b = sprite(F, "sprite", s)?.bounds();
        *bounds = pc_rect {
            x: b.min.x,
            y: b.min.y,
            width: b.max.x - b.min.x,
            height: b.max.y - b.min.y,
        };
        Ok(())
    })
}

/// The matrix that places a mask at `position`, turned by `rotation` radians and scaled by
/// `scale` about `origin` (its pivot in texels): translate(-origin), scale, rotate,
/// translate(position), the placement of most engines' draw calls without shear.
#[no_mangle]
pub unsafe extern "C" fn pc_affine_from_parts(
    position: pc_vec2,
    rotation: f32,
    scale: pc_vec2,
    origin: pc_vec2,
    transform: *mut pc_affine,
) -> pc_status {
    const F: &str = "pc_affine_from_parts";
    call(F, || {
        let transform = out(F, "transform", transform)?;
        let m = pixel_collide::sprite_transform(
            point(F, "position", position)?,
            finite(F, "rotation", rotation)?,
            point(F, "scale", scale)?,
            point(F, "origin", origin)?,
        );
        *transform = affine(F, "the product", m.into())?.into();
        Ok(())
    })
}
