//! `World`: many sprites kept in WebAssembly memory, moved by one `Float32Array` of matrices a frame
//! and asked for every touching pair in one call, with buffers reused from frame to frame. The
//! package writes the matrices straight into the world's buffer and reads the pairs straight out of
//! its own, through views of WebAssembly's memory: nothing is copied through the glue.

use pixel_collide::glam::Affine2;
use pixel_collide::{Sprite, SweepAndPrune, SweepRoom};
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
    /// Six numbers a sprite, written by the package through a view of this buffer.
    matrices: Vec<f32>,
    pairs: Vec<u32>,
    /// The crate's answer, kept to reuse its room.
    found: Vec<(usize, usize)>,
    /// The sweep's room and the sprites' (emptied between frames), so that a frame allocates nothing.
    room: SweepRoom,
    sprites: Vec<Sprite<'static>>,
}

/// An emptied vector of sprites of one lifetime as one of another, its allocation kept (the two have
/// the same layout, so collecting reuses it).
// `filter` cannot give the items a new lifetime, which is the point.
#[allow(clippy::unnecessary_filter_map)]
fn recycle<'b, 'c>(mut v: Vec<Sprite<'b>>) -> Vec<Sprite<'c>> {
    v.clear();
    v.into_iter().filter_map(|_| None).collect()
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
        self.matrices
            .extend_from_slice(&Affine2::IDENTITY.to_cols_array());
        Ok((self.mask_of.len() - 1) as u32)
    }

    /// How many sprites the world holds.
    #[wasm_bindgen(getter, js_name = spriteCount)]
    pub fn sprite_count(&self) -> u32 {
        self.mask_of.len() as u32
    }

    /// Where the matrices buffer starts in WebAssembly's memory (six numbers per sprite, in sprite
    /// order); it moves when a sprite is added.
    #[wasm_bindgen(js_name = matricesPtr)]
    pub fn matrices_ptr(&mut self) -> *mut f32 {
        self.matrices.as_mut_ptr()
    }

    /// Places every sprite by the matrices buffer. Checked whole before anything moves: a
    /// `RangeError` names the first sprite with a number that is not finite.
    pub fn apply(&mut self) -> Result<(), JsValue> {
        if let Some(i) = self.matrices.iter().position(|v| !v.is_finite()) {
            placement(
                &self.matrices[i / 6 * 6..][..6],
                &format!("matrices (sprite {})", i / 6),
            )?;
        }
        for (t, m) in self
            .transforms
            .iter_mut()
            .zip(self.matrices.chunks_exact(6))
        {
            *t = Affine2::from_cols_array(&[m[0], m[1], m[2], m[3], m[4], m[5]]);
        }
        Ok(())
    }

    /// Finds every pair of sprites `i < j` that share a solid texel and returns how many; the pairs
    /// buffer then holds them as `[i0, j0, i1, j1, ...]`, sorted.
    #[wasm_bindgen(js_name = findPairs)]
    pub fn find_pairs(&mut self) -> u32 {
        let mut sprites: Vec<Sprite<'_>> = recycle(std::mem::take(&mut self.sprites));
        sprites.extend(
            self.mask_of
                .iter()
                .zip(&self.transforms)
                .map(|(&m, &t)| Sprite::new(&self.masks[m as usize], t)),
        );
        let mut sweep = SweepAndPrune::new_in(&sprites, std::mem::take(&mut self.room));
        sweep.touching_pairs_into(&mut self.found);
        self.room = sweep.into_room();
        self.sprites = recycle(sprites);
        self.pairs.clear();
        for &(i, j) in &self.found {
            self.pairs.extend([i as u32, j as u32]);
        }
        self.found.len() as u32
    }

    /// Where the pairs buffer starts in WebAssembly's memory; it moves when `findPairs` needs more
    /// room.
    #[wasm_bindgen(js_name = pairsPtr)]
    pub fn pairs_ptr(&self) -> *const u32 {
        self.pairs.as_ptr()
    }
}
