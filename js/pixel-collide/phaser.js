// pixel-collide for Phaser 3.80+ and 4: a Phaser game object's exact placement as a `Sprite`, its
// mask read once per texture frame, and an `overlap(a, b, callback)` in the style of Arcade's.
//
// A game object draws its frame at minus its display origin, mirrored by `flipX` / `flipY` (which
// Phaser keeps out of its matrix), then through its world matrix, parent containers included:
// texel (x, y) of the frame lands at M . (fx(x) - originX, fy(y) - originY), fx(x) = x, or
// width - x when flipped.

import { overlapOf } from "./each-pair.js";
import { Mask, Sprite } from "./index.js";

const masks = new WeakMap();

/** The mask of a texture frame's pixels, read once and kept for every game object that shows it. */
export function frameMask(frame, threshold = 127) {
  let byThreshold = masks.get(frame);
  if (!byThreshold) {
    byThreshold = new Map();
    masks.set(frame, byThreshold);
  }
  let mask = byThreshold.get(threshold);
  if (!mask) {
    if (frame.trimmed) {
      throw new RangeError("pixel-collide/phaser: trimmed atlas frames are not supported yet");
    }
    const source = frame.source.image;
    mask = Mask.fromImage(source, threshold, {
      x: frame.cutX, y: frame.cutY, width: frame.cutWidth, height: frame.cutHeight,
    });
    byThreshold.set(threshold, mask);
  }
  return mask;
}

/** The six numbers of the matrix that places texel (x, y) of `gameObject`'s frame in the world. */
export function placement(gameObject) {
  const m = gameObject.getWorldTransformMatrix();
  const frame = gameObject.frame;
  const [sx, ox] = gameObject.flipX
    ? [-1, frame.cutWidth - gameObject.displayOriginX]
    : [1, -gameObject.displayOriginX];
  const [sy, oy] = gameObject.flipY
    ? [-1, frame.cutHeight - gameObject.displayOriginY]
    : [1, -gameObject.displayOriginY];
  // M . [sx 0 ox; 0 sy oy]
  return [m.a * sx, m.b * sx, m.c * sy, m.d * sy, m.a * ox + m.c * oy + m.tx, m.b * ox + m.d * oy + m.ty];
}

/** A `Sprite` for a Phaser game object with a texture frame, placed exactly as it is drawn now. */
export function spriteOf(gameObject, threshold = 127) {
  if (!gameObject?.frame || typeof gameObject.getWorldTransformMatrix !== "function") {
    throw new TypeError("gameObject must be a Phaser game object with a texture frame (an Image or a Sprite)");
  }
  return new Sprite(frameMask(gameObject.frame, threshold), placement(gameObject));
}

/**
 * Calls `callback(a, b, contact)` for every pair of `a` (a game object or an array of them) and `b`
 * that touch on visible pixels now, `contact` in world coordinates; returns how many did.
 */
export const overlap = overlapOf(spriteOf);
