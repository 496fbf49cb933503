// pixel-collide for Phaser 3.80+ and 4: a Phaser game object's exact placement as a `Sprite`, its
// mask read once per texture frame, and an `overlap(a, b, callback)` in the style of Arcade's.
//
// A game object draws its frame's cut (the trimmed pixels of an atlas frame) at the frame's trim
// offset less its display origin, mirrored by `flipX` / `flipY` (which Phaser keeps out of its
// matrix) about the middle of the untrimmed frame, or about the origin for a frame with a custom
// pivot, then through its world matrix, parent containers included:
//   x0 = frame.x - displayOriginX, and x0 += 2 displayOriginX - frame.realWidth when flipped
//   without a custom pivot; texel x of the cut lands at x0 + x, or -(x0 + x) when flipped
// (and the same down y), as Phaser 3's and 4's renderers place the frame's quad.

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
  const { displayOriginX: dx, displayOriginY: dy, flipX, flipY } = gameObject;
  let x0 = frame.x - dx;
  let y0 = frame.y - dy;
  if (flipX && !frame.customPivot) x0 += 2 * dx - frame.realWidth;
  if (flipY && !frame.customPivot) y0 += 2 * dy - frame.realHeight;
  const sx = flipX ? -1 : 1;
  const sy = flipY ? -1 : 1;
  const [ox, oy] = [sx * x0, sy * y0];
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
