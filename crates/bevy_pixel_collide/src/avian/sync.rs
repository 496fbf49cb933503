//! Keeping a [`PixelShape`] and the entity's [`PixelCollider`] on the same texels: a sprite's mask
//! flows from the collider into the shape, a given mask or a primitive's from the shape into the
//! collider (so that the plugin's messages and queries see it).

use bevy::prelude::*;

use super::collider::{MaskShape, PixelShape, Source};
use crate::collider::PixelCollider;

/// Copies each sprite shape's mask from its [`PixelCollider`] once built or rebuilt (a loaded or
/// hot-reloaded image), and gives each mask or primitive shape's collider that shape's texels.
pub(crate) fn sync_shapes(mut shapes: Query<(&mut PixelShape, &mut PixelCollider)>) {
    for (mut shape, mut collider) in &mut shapes {
        match &shape.source {
            Source::Sprite {
                alpha_threshold,
                mask,
            } => {
                if let Some(threshold) = *alpha_threshold
                    && collider.alpha_threshold != threshold
                {
                    collider.alpha_threshold = threshold;
                }
                let built = collider.mask_arc().cloned().zip(collider.texel_to_local());
                let same = match (mask, &built) {
                    (None, None) => true,
                    (Some(have), Some((arc, to_local))) => {
                        std::sync::Arc::ptr_eq(&have.mask, arc) && have.texel_to_local == *to_local
                    }
                    _ => false,
                };
                if same {
                    continue;
                }
                let whole = built
                    .as_ref()
                    .map(|(m, _)| URect::new(0, 0, m.width(), m.height()));
                let threshold = *alpha_threshold;
                shape.source = Source::Sprite {
                    alpha_threshold: threshold,
                    mask: built.map(|(mask, to_local)| MaskShape::new(mask, to_local)),
                };
                shape.pending_wake = whole;
            }
            Source::Mask(m) | Source::Primitive { raster: m, .. } => {
                if !collider.holds_fixed(&m.mask, m.texel_to_local) {
                    collider.set_fixed(Some((m.mask.clone(), m.texel_to_local)));
                }
            }
        }
    }
}
