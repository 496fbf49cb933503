//! Drawing colliders and contacts with Bevy's gizmos (the `gizmos` feature).

use bevy::color::palettes::css::{LIME, RED};
use bevy::prelude::*;

use crate::collider::PixelCollider;
use crate::detect::PixelContacts;
use crate::queries::PixelQueries;

/// What [`PixelCollidePlugin`](crate::PixelCollidePlugin) draws with gizmos each frame: the outline
/// of each collider's solid texels' bounding rectangle, as placed in the world, and a cross at a
/// contact point of each touching pair.
#[derive(Resource, Clone, Debug)]
pub struct PixelCollideGizmos {
    /// Whether anything is drawn (on by default: the `gizmos` feature is itself the opt-in).
    pub enabled: bool,
    /// The colour of the collider outlines.
    pub bounds_color: Color,
    /// The colour of the contact crosses.
    pub contact_color: Color,
    /// The half size of a contact cross, in world units.
    pub contact_size: f32,
}

impl Default for PixelCollideGizmos {
    fn default() -> Self {
        Self {
            enabled: true,
            bounds_color: LIME.into(),
            contact_color: RED.into(),
            contact_size: 4.0,
        }
    }
}

/// Draws the outlines and contact crosses when [`PixelCollideGizmos::enabled`] is set.
pub(crate) fn draw_gizmos(
    config: Res<PixelCollideGizmos>,
    colliders: Query<(&PixelCollider, &GlobalTransform)>,
    contacts: Res<PixelContacts>,
    queries: PixelQueries,
    mut gizmos: Gizmos,
) {
    if !config.enabled {
        return;
    }
    for (collider, global) in &colliders {
        let (Some(mask), Some(to_world)) = (collider.mask(), collider.texel_to_world(global))
        else {
            continue;
        };
        // The solid texels' bounds, not the image's: a sprite with a transparent margin is drawn tight.
        let Some(b) = mask.solid_bounds() else {
            continue;
        };
        let (x0, y0) = (b.x as f32, b.y as f32);
        let (x1, y1) = (x0 + b.w as f32, y0 + b.h as f32);
        let corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]
            .map(|(x, y)| to_world.transform_point2(Vec2::new(x, y)));
        gizmos.linestrip_2d(corners, config.bounds_color);
    }
    for &(a, b) in contacts.pairs() {
        if let Some(point) = queries.overlap_point(a, b) {
            gizmos.cross_2d(point, config.contact_size, config.contact_color);
        }
    }
}
