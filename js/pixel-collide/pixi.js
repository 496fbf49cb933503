// pixel-collide for PixiJS 8: a Sprite's exact placement as a `Sprite` of this package, its mask
// read once per texture, and an `overlap(a, b, callback)`.
//
// A PixiJS Sprite draws its texture's frame at its trim offset, less its anchor times the
// texture's original (untrimmed) size, then through its global matrix (parents, negative scales):
// texel (x, y) of the frame lands at M . (x / r + trim.x - anchor.x * orig.width, y / r + trim.y -
// anchor.y * orig.height), r the texture source's resolution (its pixels per unit). A frame that a
// spritesheet stores turned (`rotate` 2) holds its pixels a quarter turn clockwise in the sheet, its
// `frame` the sheet's region; it is drawn turned back, as PixiJS's texture coordinates do. The
// global matrix comes from `getGlobalTransform`, which is current before a render, where
// `worldTransform` is only after one.

import { overlapOf } from "./each-pair.js";
import { Mask, Sprite } from "./index.js";

const masks = new WeakMap();

/** The mask of a texture's frame pixels, read once and kept for every sprite that shows it. */
export function textureMask(texture, threshold = 0) {
  let byThreshold = masks.get(texture);
  if (!byThreshold) {
    byThreshold = new Map();
    masks.set(texture, byThreshold);
  }
  let mask = byThreshold.get(threshold);
  if (!mask) {
    const source = texture.source;
    const res = source.resolution ?? 1;
    const rotate = texture.rotate ?? 0;
    if (rotate !== 0 && rotate !== 2) {
      throw new RangeError(
        `pixel-collide/pixi: texture.rotate is ${rotate}; frames stored turned are rotate 2, as spritesheets give them`,
      );
    }
    // The frame's region of the source, in its pixels.
    const f = texture.frame;
    const region = { x: f.x * res, y: f.y * res, width: f.width * res, height: f.height * res };
    if (!Object.values(region).every(Number.isInteger)) {
      throw new RangeError(
        `pixel-collide/pixi: the texture's frame does not fall on whole pixels of its source at resolution ${res}`,
      );
    }
    mask = rotate
      ? Mask.fromImage(turnedBack(source.resource, region), threshold)
      : Mask.fromImage(source.resource, threshold, region);
    byThreshold.set(threshold, mask);
  }
  return mask;
}

/** The pixels of a region stored a quarter turn clockwise, turned back into a canvas of their own. */
function turnedBack(image, { x, y, width, height }) {
  const canvas = typeof OffscreenCanvas === "function"
    ? new OffscreenCanvas(height, width)
    : Object.assign(document.createElement("canvas"), { width: height, height: width });
  const ctx = canvas.getContext("2d");
  ctx.imageSmoothingEnabled = false;
  // Shown texel (u, t) is the region's (width - 1 - t, u): region point (sx, sy) goes to
  // (sy, width - sx).
  ctx.setTransform(0, -1, 1, 0, 0, width);
  ctx.drawImage(image, x, y, width, height, 0, 0, width, height);
  return canvas;
}

/** The six numbers of the matrix that places texel (x, y) of `sprite`'s texture frame in the world. */
export function placement(sprite) {
  return placeInto([0, 0, 0, 0, 0, 0], sprite);
}

// PixiJS's own matrix, made once of the class PixiJS gives (the adapter does not import PixiJS):
// `getGlobalTransform` writes into it instead of into a new one.
let temp = null;

/** Writes `placement(sprite)` into `out` and returns it. */
function placeInto(out, sprite) {
  temp ??= new sprite.localTransform.constructor();
  const m = sprite.getGlobalTransform(temp);
  const { orig, trim, source } = sprite.texture;
  const k = 1 / (source.resolution ?? 1);
  const ox = (trim ? trim.x : 0) - sprite.anchor.x * orig.width;
  const oy = (trim ? trim.y : 0) - sprite.anchor.y * orig.height;
  out[0] = m.a * k;
  out[1] = m.b * k;
  out[2] = m.c * k;
  out[3] = m.d * k;
  out[4] = m.a * ox + m.c * oy + m.tx;
  out[5] = m.b * ox + m.d * oy + m.ty;
  return out;
}

function needSprite(sprite) {
  if (!sprite?.texture || typeof sprite.getGlobalTransform !== "function" || !sprite.anchor) {
    throw new TypeError("sprite must be a PixiJS 8 Sprite");
  }
}

/** A `Sprite` of this package for a PixiJS Sprite, placed exactly as it is drawn now. */
export function spriteOf(sprite, threshold = 0) {
  needSprite(sprite);
  const placed = new Sprite(textureMask(sprite.texture, threshold));
  placeInto(placed.matrix, sprite);
  return placed;
}

/**
 * Calls `callback(a, b, contact)` for every pair of `a` (a Sprite or an array of them) and `b`
 * that touch on visible pixels now, `contact` in global coordinates (the canvas's, for sprites on
 * the stage), worked out when first read; returns how many did. Each PixiJS Sprite keeps one sprite
 * of this package, placed again at each call.
 */
export const overlap = overlapOf((sprite, placed) => {
  needSprite(sprite);
  const mask = textureMask(sprite.texture, 0);
  if (placed === null) placed = new Sprite(mask);
  else placed.mask = mask;
  placeInto(placed.matrix, sprite);
  return placed;
});
