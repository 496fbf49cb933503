//! `World`: many sprites kept in WebAssembly memory, moved by one `Float32Array` of matrices a frame
//! and asked for every touching pair in one call, with buffers reused from frame to frame.

use pixel_collide::glam::Affine2;
use pixel_collide::{Sprite, SweepAndPrune};
use wasm_bindgen::prelude::*;

use crate::errors::range_error;
use crate::mask::Mask;
use crate::matrix::placement;

/// Sprites of a few masks, placed by matrices, whose touching pairs one call finds.
#[wasm_bindgen]
#[derive(Default)]
pub struct World {
    masks: Vec<pixel_collide::Mask>,
    mask_of: Vec<u32>,
    transforms: Vec<Affine2>,
    pairs: Vec<u32>,
}

#[wasm_bindgen]
impl World {
    /// An empty world.
    #[wasm_bindgen(constructor)]
    pub fn new() -> World {
        World::default()
    }

    /// Keeps a copy of `mask` in the world and returns its index, for `addSprite`.
    #[wasm_bindgen(js_name = addMask)]
    pub fn add_mask(&mut self, mask: &Mask) -> u32 {
        self.masks.push(mask.inner.clone());
        (self.masks.len() - 1) as u32
    }

    /// A sprite of mask `mask` (an index from `addMask`) at the identity; returns its index.
    #[wasm_bindgen(js_name = addSprite)]
    pub fn add_sprite(&mut self, mask: u32) -> Result<u32, JsValue> {
        if mask as usize >= self.masks.len() {
            return Err(range_error(&format!(
                "mask {mask} is not one of the world's {} masks",
                self.masks.len()
            )));
        }
        self.mask_of.push(mask);
        self.transforms.push(Affine2::IDENTITY);
        Ok((self.mask_of.len() - 1) as u32)
    }

    /// How many sprites the world holds.
    #[wasm_bindgen(getter, js_name = spriteCount)]
    pub fn sprite_count(&self) -> u32 {
        self.mask_of.len() as u32
    }

    /// Places every sprite: six numbers per sprite, in sprite order. Checked whole before anything
    /// moves: a `RangeError` names the first bad number.
    pub fn update(&mut self, matrices: &[f32]) -> Result<(), JsValue> {
        let n = self.mask_of.len();
        if matrices.len() != 6 * n {
            return Err(range_error(&format!(
                "matrices holds {} numbers where {n} sprites need {}",
                matrices.len(),
                6 * n
            )));
        }
        if let Some(i) = matrices.iter().position(|v| !v.is_finite()) {
            placement(
                &matrices[i / 6 * 6..][..6],
                &format!("matrices (sprite {})", i / 6),
            )?;
        }
        for (t, m) in self.transforms.iter_mut().zip(matrices.chunks_exact(6)) {
            *t = Affine2::from_cols_array(&[m[0], m[1], m[2], m[3], m[4], m[5]]);
        }
        Ok(())
    }

    /// Every pair of sprites `i < j` that share a solid texel, as `[i0, j0, i1, j1, ...]`, sorted.
    pub fn pairs(&mut self) -> Vec<u32> {
        let sprites: Vec<Sprite<'_>> = self
            .mask_of
            .iter()
            .zip(&self.transforms)
            .map(|(&m, &t)| Sprite::new(&self.masks[m as usize], t))
            .collect();
        self.pairs.clear();
        for (i, j) in SweepAndPrune::new(&sprites).touching_pairs() {
            self.pairs.extend([i as u32, j as u32]);
        }
        self.pairs.clone()
    }
}
