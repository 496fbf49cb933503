//! The game's art: decoded on the CPU before the window opens (so a bad file is a clear error line),
//! uploaded to the GPU once it is open, and the window icon made from the spinner block.

use image::RgbaImage;
use macroquad::miniquad::conf::Icon;
use macroquad::prelude::*;

use spinfall::assets::{decode_png, AssetId, Assets};
use spinfall::sim::PowerUpKind;

use super::error::AppError;

/// The textures, decoded on the CPU before the window opens so a bad file is a clear error line.
pub(super) struct Images {
    background: RgbaImage,
    figure: RgbaImage,
    pub(super) block: RgbaImage,
    powerups: Vec<(PowerUpKind, RgbaImage)>,
}

/// Decodes every PNG the app draws.
pub(super) fn decode_images(assets: &Assets) -> Result<Images, AppError> {
    let decode = |id: AssetId| -> Result<RgbaImage, AppError> {
        decode_png(assets.get(id))
            .map(|img| img.to_rgba8())
            .map_err(|e| AppError(format!("{}: {e}", id.file_name())))
    };
    Ok(Images {
        background: decode(AssetId::Background)?,
        figure: decode(AssetId::Figure)?,
        block: decode(AssetId::Block)?,
        powerups: PowerUpKind::ALL
            .iter()
            .map(|&kind| Ok((kind, decode(AssetId::powerup(kind))?)))
            .collect::<Result<_, AppError>>()?,
    })
}

/// The window icon: the spinner block at the three sizes window managers ask for.
pub(super) fn window_icon(block: &RgbaImage) -> Option<Icon> {
    fn sized<const N: usize>(block: &RgbaImage, side: u32) -> Option<[u8; N]> {
        let img = image::imageops::resize(block, side, side, image::imageops::FilterType::Triangle);
        img.into_raw().try_into().ok()
    }
    Some(Icon {
        small: sized(block, 16)?,
        medium: sized(block, 32)?,
        big: sized(block, 64)?,
    })
}

/// Textures on the GPU.
pub(super) struct Textures {
    pub(super) background: Texture2D,
    pub(super) figure: Texture2D,
    pub(super) block: Texture2D,
    powerups: Vec<(PowerUpKind, Texture2D)>,
}

impl Textures {
    /// Uploads every decoded image, each with the filter its art suits.
    pub(super) fn upload(images: &Images) -> Textures {
        let upload = |img: &RgbaImage, filter: FilterMode| {
            // decode_png refuses any side above MAX_IMAGE_SIDE, so both fit; the window library
            // asserts that the pixels match the size given, so a size that did not fit must not be
            // passed with these pixels.
            let tex = match (u16::try_from(img.width()), u16::try_from(img.height())) {
                (Ok(w), Ok(h)) => Texture2D::from_rgba8(w, h, img.as_raw()),
                _ => Texture2D::from_rgba8(1, 1, &[0; 4]),
            };
            tex.set_filter(filter);
            tex
        };
        Textures {
            // The background is a soft painting: smooth scaling suits it. The sprites are pixel art.
            background: upload(&images.background, FilterMode::Linear),
            figure: upload(&images.figure, FilterMode::Nearest),
            block: upload(&images.block, FilterMode::Nearest),
            powerups: images
                .powerups
                .iter()
                .map(|(kind, img)| (*kind, upload(img, FilterMode::Nearest)))
                .collect(),
        }
    }

    /// The token texture for `kind` (the block's, should one be missing).
    pub(super) fn powerup(&self, kind: PowerUpKind) -> &Texture2D {
        self.powerups
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, t)| t)
            .unwrap_or(&self.block)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn icon_is_built_from_the_block() {
        let block = image::load_from_memory(Assets::embedded().block_png())
            .unwrap()
            .to_rgba8();
        assert!(window_icon(&block).is_some());
    }
}
