//! The collider component, its mask built from the sprite's image, and where its texels lie.

use std::sync::Arc;

use bevy::asset::{AssetEvent, AssetId, Assets};
use bevy::ecs::entity::EntityHashSet;
use bevy::image::{Image, TextureAtlasLayout};
use bevy::math::{Affine2, Mat2, Rect, URect, UVec2, Vec2};
use bevy::platform::collections::{HashMap, HashSet};
use bevy::prelude::*;
use bevy::sprite::{Anchor, Sprite};
use pixel_collide::{Mask, MaskRule};

use crate::convert;

/// Makes its entity's `Sprite` collide on the texels of its image whose alpha exceeds a threshold.
///
/// The mask is built from the image (or the sprite's texture-atlas section and `rect`) once the image
/// is loaded, and rebuilt when the image changes; the sprite's flips, custom size and [`Anchor`] place
/// it as Bevy draws it, and the entity's [`GlobalTransform`] places it in the world. Until the image is
/// loaded the collider touches nothing. The image must keep its CPU-side data
/// (`RenderAssetUsages::MAIN_WORLD`, which is what images load with by default).
///
/// ```
/// use bevy::prelude::*;
/// use bevy_pixel_collide::PixelCollider;
///
/// fn spawn(mut commands: Commands, assets: Res<AssetServer>) {
///     // Texels with alpha above 128 are solid; fainter ones (a glow, an anti-aliased edge) are not.
///     commands.spawn((Sprite::from_image(assets.load("ship.png")), PixelCollider::with_alpha_threshold(128)));
/// }
/// # bevy::ecs::system::assert_is_system(spawn);
/// ```
#[derive(Component, Clone, Debug, Default)]
#[require(PixelCollidingEntities)]
pub struct PixelCollider {
    /// Texels whose alpha (0 to 255) is at or below this are air; 0, the default, makes every texel
    /// with any opacity solid.
    pub alpha_threshold: u8,
    shape: Option<Shape>,
    /// Set when the mask is given rather than built from the sprite (a physics shape's own mask),
    /// so that the sprite's image never replaces it.
    fixed: bool,
}

/// A built mask and where its texels lie in the entity's local space.
#[derive(Clone, Debug)]
struct Shape {
    key: Option<MaskKey>,
    mask: Arc<Mask>,
    texel_to_local: Affine2,
}

impl PixelCollider {
    /// A collider on every texel with any opacity.
    pub fn new() -> Self {
        Self::default()
    }

    /// A collider on the texels whose alpha is above `threshold`.
    pub fn with_alpha_threshold(threshold: u8) -> Self {
        Self {
            alpha_threshold: threshold,
            shape: None,
            fixed: false,
        }
    }

    /// The shared mask, for a physics shape that collides on the same texels.
    #[cfg(feature = "avian")]
    pub(crate) fn mask_arc(&self) -> Option<&Arc<Mask>> {
        self.shape.as_ref().map(|s| &s.mask)
    }

    /// Whether this collider holds the given mask at the given placement, as its own fixed shape.
    #[cfg(feature = "avian")]
    pub(crate) fn holds_fixed(&self, mask: &Arc<Mask>, texel_to_local: Affine2) -> bool {
        self.fixed
            && self
                .shape
                .as_ref()
                .is_some_and(|s| Arc::ptr_eq(&s.mask, mask) && s.texel_to_local == texel_to_local)
    }

    /// Makes this collider hold `mask` placed by `texel_to_local` from now on, whatever the sprite
    /// shows; `None` makes it touch nothing.
    #[cfg(feature = "avian")]
    pub(crate) fn set_fixed(&mut self, shape: Option<(Arc<Mask>, Affine2)>) {
        self.fixed = true;
        self.shape = shape.map(|(mask, texel_to_local)| Shape {
            key: None,
            mask,
            texel_to_local,
        });
    }

    /// The mask of solid texels, once the sprite's image is loaded; texel (0, 0) is the top-left of
    /// the sprite's image region.
    pub fn mask(&self) -> Option<&Mask> {
        self.shape.as_ref().map(|s| &*s.mask)
    }

    /// The transform from mask texels (x right, y down) to the entity's local space (y up), as the
    /// sprite is drawn; `None` until the mask is built.
    pub fn texel_to_local(&self) -> Option<Affine2> {
        self.shape.as_ref().map(|s| s.texel_to_local)
    }

    /// The transform from mask texels to the world under `global`, the entity's transform: the
    /// placement every collision query uses.
    pub fn texel_to_world(&self, global: &GlobalTransform) -> Option<Affine2> {
        Some(global_to_affine2(global) * self.texel_to_local()?)
    }

    /// The world rectangle that holds the whole mask under `global`.
    pub fn world_bounds(&self, global: &GlobalTransform) -> Option<Rect> {
        let mask = self.mask()?;
        let placed = pixel_collide::Sprite::new(mask, self.texel_to_world(global)?);
        Some(convert::rect_from_pc(placed.bounds()))
    }

    /// The mask placed in the world, in pixel-collide's own types.
    pub(crate) fn placed(&self, global: &GlobalTransform) -> Option<pixel_collide::Sprite<'_>> {
        Some(pixel_collide::Sprite::new(
            self.mask()?,
            self.texel_to_world(global)?,
        ))
    }

    /// The mask texel the entity's origin sits on: `texel_to_local` is a scale about it.
    pub(crate) fn pivot(&self) -> Option<Vec2> {
        let local = self.texel_to_local()?;
        let scale = Vec2::new(local.matrix2.x_axis.x, local.matrix2.y_axis.y);
        Some(-local.translation / scale)
    }
}

/// The other colliders this entity's collider touches on solid texels now, kept current by
/// [`PixelCollisionSystems::Detect`](crate::PixelCollisionSystems::Detect).
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, Deref, DerefMut)]
pub struct PixelCollidingEntities(pub EntityHashSet);

/// The 2D affine transform a [`GlobalTransform`] applies in the XY plane (z and the third axis are
/// dropped).
pub fn global_to_affine2(global: &GlobalTransform) -> Affine2 {
    let a = global.affine();
    Affine2::from_mat2_translation(
        Mat2::from_cols(a.matrix3.x_axis.truncate(), a.matrix3.y_axis.truncate()),
        a.translation.truncate(),
    )
}

/// What a mask is built from: an image, the region of it, and the threshold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct MaskKey {
    image: AssetId<Image>,
    region: URect,
    alpha_threshold: u8,
}

/// Masks built so far, shared by every collider on the same image region and threshold (a field of
/// identical spinning blocks holds one mask); `None` records a region no mask can be built from.
#[derive(Resource, Default)]
pub(crate) struct MaskCache {
    masks: HashMap<MaskKey, Option<Arc<Mask>>>,
}

/// The image region a sprite shows and the transform from that region's texels to the entity's local
/// space, following `Sprite::compute_pixel_space_point`; `None` while the texture atlas layout it names
/// is not loaded or the region is empty.
pub(crate) fn sprite_placement(
    sprite: &Sprite,
    anchor: Vec2,
    image_size: UVec2,
    atlases: Option<&Assets<TextureAtlasLayout>>,
) -> Option<(URect, Affine2)> {
    let atlas_rect = match &sprite.texture_atlas {
        Some(atlas) => Some(atlas.texture_rect(atlases?)?.as_rect()),
        None => None,
    };
    let texture_rect = match (atlas_rect, sprite.rect) {
        (None, None) => Rect::new(0.0, 0.0, image_size.x as f32, image_size.y as f32),
        (None, Some(rect)) => rect,
        (Some(atlas), None) => atlas,
        (Some(atlas), Some(rect)) => Rect {
            min: rect.min + atlas.min,
            max: rect.max + atlas.min,
        },
    };
    // Masks hold whole texels: a rectangle with fractional corners is rounded to the nearest texel
    // edges, and what lies outside the image is dropped.
    let min = texture_rect.min.round().max(Vec2::ZERO);
    let max = texture_rect.max.round().min(image_size.as_vec2());
    if !(max.x > min.x && max.y > min.y) {
        return None;
    }
    let region = URect::from_corners(min.as_uvec2(), max.as_uvec2());
    let region_size = (max - min).max(Vec2::ONE);
    let sprite_size = sprite.custom_size.unwrap_or(region_size);
    // Image rows run down and the world's y up, so y is flipped unless `flip_y` flips it back.
    let flip = Vec2::new(
        if sprite.flip_x { -1.0 } else { 1.0 },
        if sprite.flip_y { 1.0 } else { -1.0 },
    );
    let scale = flip * sprite_size / region_size;
    // The anchor is a fraction of the drawn quad (y up, centre 0): the texel under the entity's origin.
    let pivot = region_size * (Vec2::splat(0.5) + anchor * flip);
    Some((
        region,
        Affine2::from_scale(scale) * Affine2::from_translation(-pivot),
    ))
}

/// Builds or reuses each collider's mask and placement from its sprite: every frame it checks what the
/// sprite shows now, so a new atlas index, flip, size or anchor, a loaded image or a changed one (hot
/// reload, an edit through `Assets::get_mut`) takes effect in the same frame.
pub(crate) fn update_masks(
    mut events: MessageReader<AssetEvent<Image>>,
    images: Option<Res<Assets<Image>>>,
    atlases: Option<Res<Assets<TextureAtlasLayout>>>,
    mut cache: ResMut<MaskCache>,
    mut colliders: Query<(&Sprite, Option<&Anchor>, &mut PixelCollider)>,
) {
    let mut changed = HashSet::new();
    for event in events.read() {
        match *event {
            AssetEvent::Added { id }
            | AssetEvent::Modified { id }
            | AssetEvent::LoadedWithDependencies { id }
            | AssetEvent::Removed { id }
            | AssetEvent::Unused { id } => {
                changed.insert(id);
            }
        }
    }
    if !changed.is_empty() {
        cache.masks.retain(|key, _| !changed.contains(&key.image));
    }
    let Some(images) = images else {
        return;
    };
    for (sprite, anchor, mut collider) in &mut colliders {
        if collider.fixed {
            continue;
        }
        let anchor = anchor.copied().unwrap_or_default().as_vec();
        let image_id = sprite.image.id();
        let wanted = images.get(image_id).and_then(|image| {
            let (region, texel_to_local) =
                sprite_placement(sprite, anchor, image.size(), atlases.as_deref())?;
            let key = MaskKey {
                image: image_id,
                region,
                alpha_threshold: collider.alpha_threshold,
            };
            Some((key, texel_to_local, image))
        });
        let Some((key, texel_to_local, image)) = wanted else {
            if collider.shape.is_some() {
                collider.shape = None;
            }
            continue;
        };
        if let Some(shape) = &collider.shape
            && shape.key == Some(key)
            && !changed.contains(&image_id)
        {
            if shape.texel_to_local != texel_to_local {
                collider.shape.as_mut().expect("checked").texel_to_local = texel_to_local;
            }
            continue;
        }
        let mask = cache
            .masks
            .entry(key)
            .or_insert_with(|| {
                convert::mask_from_image(image, key.region, MaskRule::alpha(key.alpha_threshold))
                    .map(Arc::new)
            })
            .clone();
        collider.shape = mask.map(|mask| Shape {
            key: Some(key),
            mask,
            texel_to_local,
        });
    }
}
