// pixel-collide for PixiJS 8: a Sprite's exact placement as a `Sprite` of this package, its mask
// read once per texture, and an `overlap(a, b, callback)`.
//
// A PixiJS Sprite draws its texture's frame at its trim offset, less its anchor times the
// texture's original (untrimmed) size, then through its global matrix (parents, negative scales):
// texel (x, y) of the frame lands at M . (x + trim.x - anchor.x * orig.width, y + trim.y -
// anchor.y * orig.height). The global matrix comes from `getGlobalTransform`, which is current
// before a render, where `worldTransform` is only after one.

import { overlapOf } from "./each-pair.js";
import { Mask, Sprite } from "./index.js";

const masks = new WeakMap();

/** The mask of a texture's frame pixels, read once and kept for every sprite that shows it. */
export function textureMask(texture, threshold = 127) {
  let byThreshold = masks.get(texture);
  if (!byThreshold) {
    byThreshold = new Map();
    masks.set(texture, byThreshold);
  }
  let mask = byThreshold.get(threshold);
  if (!mask) {
    if (texture.rotate) {
      throw new RangeError("pixel-collide/pixi: atlas frames stored rotated are not supported yet");
    }
    const source = texture.source;
    if ((source.resolution ?? 1) !== 1) {
      throw new RangeError("pixel-collide/pixi: textures of a resolution other than 1 are not supported yet");
    }
    const { x, y, width, height } = texture.frame;
    mask = Mask.fromImage(source.resource, threshold, { x, y, width, height });
    byThreshold.set(threshold, mask);
  }
  return mask;
}

/** The six numbers of the matrix that places texel (x, y) of `sprite`'s texture frame in the world. */
export function placement(sprite) {
  const m = sprite.getGlobalTransform();
  const { orig, trim } = sprite.texture;
  const ox = (trim ? trim.x : 0) - sprite.anchor.x * orig.width;
  const oy = (trim ? trim.y : 0) - sprite.anchor.y * orig.height;
  return [m.a, m.b, m.c, m.d, m.a * ox + m.c * oy + m.tx, m.b * ox + m.d * oy + m.ty];
}

/** A `Sprite` of this package for a PixiJS Sprite, placed exactly as it is drawn now. */
export function spriteOf(sprite, threshold = 127) {
  if (!sprite?.texture || typeof sprite.getGlobalTransform !== "function" || !sprite.anchor) {
    throw new TypeError("sprite must be a PixiJS 8 Sprite");
  }
  return new Sprite(textureMask(sprite.texture, threshold), placement(sprite));
}

/**
 * Calls `callback(a, b, contact)` for every pair of `a` (a Sprite or an array of them) and `b`
 * that touch on visible pixels now, `contact` in world coordinates; returns how many did.
 */
export const overlap = overlapOf(spriteOf);
