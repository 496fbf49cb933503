//! Drawing helpers shared by the visual examples.

use macroquad::prelude::*;

/// Draws `texture` (`size` texels) placed by any affine transform of the world (pixel-collide's
/// glam), tinted by `tint`.
pub fn draw_affine(texture: &Texture2D, size: ::glam::Vec2, t: ::glam::Affine2, tint: Color) {
    let vertex = |x: f32, y: f32| {
        let p = t.transform_point2(::glam::Vec2::new(x * size.x, y * size.y));
        Vertex::new(p.x, p.y, 0.0, x, y, tint)
    };
    draw_mesh(&Mesh {
        vertices: vec![
            vertex(0.0, 0.0),
            vertex(1.0, 0.0),
            vertex(1.0, 1.0),
            vertex(0.0, 1.0),
        ],
        indices: vec![0, 1, 2, 0, 2, 3],
        texture: Some(texture.clone()),
    });
}

/// The texels `x0..x1` by `y0..y1` of a `w` x `h` image that a brush of `radius` at `centre` can
/// change, or `None` when it misses the image: the rectangle to upload again after a stroke.
pub fn brush_rect(centre: ::glam::Vec2, radius: f32, w: u32, h: u32) -> Option<[u32; 4]> {
    let clamp = |v: f32, hi: u32| v.clamp(0.0, hi as f32) as u32;
    let (x0, x1) = (
        clamp((centre.x - radius).floor(), w),
        clamp((centre.x + radius).ceil(), w),
    );
    let (y0, y1) = (
        clamp((centre.y - radius).floor(), h),
        clamp((centre.y + radius).ceil(), h),
    );
    (x0 < x1 && y0 < y1).then_some([x0, y0, x1, y1])
}
