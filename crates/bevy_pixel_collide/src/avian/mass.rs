//! [`PixelShape`]'s mass, centre of mass and angular inertia: summed exactly over its texels, or
//! avian's own for a primitive.

use avian2d::dynamics::rigid_body::mass_properties::bevy_heavy::ComputeMassProperties2d;
use bevy::math::Vec2;

use super::collider::PixelShape;

impl PixelShape {
    /// Area, centre of mass and unit angular inertia from the texels, or from avian's own shape.
    fn mass_parts(&self) -> (f32, Vec2, f32) {
        if let Some(collider) = self.primitive_collider() {
            // avian's `angular_inertia(x)` takes `x` as a density (it is parry's), so its "unit"
            // inertia is the inertia at density 1: divided by that density's mass it is per mass.
            let area = collider.mass(1.0);
            let unit = if area > 0.0 {
                collider.angular_inertia(1.0) / area
            } else {
                0.0
            };
            return (area, collider.center_of_mass(), unit);
        }
        match (self.mask_shape(), self.texel_to_local()) {
            (Some(shape), Some(to_local)) if to_local.is_finite() => {
                let p = shape.moments.placed(to_local);
                (p.area, p.center, p.unit_angular_inertia)
            }
            _ => (0.0, Vec2::ZERO, 0.0),
        }
    }
}

impl ComputeMassProperties2d for PixelShape {
    fn mass(&self, density: f32) -> f32 {
        self.mass_parts().0 * density
    }

    fn unit_angular_inertia(&self) -> f32 {
        self.mass_parts().2
    }

    fn center_of_mass(&self) -> Vec2 {
        self.mass_parts().1
    }
}
