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
export function frameMask(frame, threshold = 0) {
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
export function spriteOf(gameObject, threshold = 0) {
  if (!gameObject?.frame || typeof gameObject.getWorldTransformMatrix !== "function") {
    throw new TypeError("gameObject must be a Phaser game object with a texture frame (an Image or a Sprite)");
  }
  return new Sprite(frameMask(gameObject.frame, threshold), placement(gameObject));
}

/**
 * Where world point `point` (`{x, y}`) shows on the screen through `camera` (its scroll, zoom and rotation as
 * last rendered): the inverse of the camera's own `getWorldPoint`, which is affine, so three of its
 * points give it whatever Phaser version computes it.
 */
export function screenPoint(camera, point) {
  const { x, y } = point;
  const o = camera.getWorldPoint(0, 0);
  const u = camera.getWorldPoint(1, 0);
  const v = camera.getWorldPoint(0, 1);
  const [a, b, c, d] = [u.x - o.x, u.y - o.y, v.x - o.x, v.y - o.y];
  const det = a * d - b * c;
  const [px, py] = [x - o.x, y - o.y];
  return { x: (d * px - c * py) / det, y: (a * py - b * px) / det };
}

/**
 * Calls `callback(a, b, contact)` for every pair of `a` (a game object or an array of them) and `b`
 * that touch on visible pixels now; returns how many did. `contact` is in world coordinates, with
 * `screen` (`{x, y}`) where its point shows through `camera` (by default the main camera of the
 * first object's scene; the world point again for an object outside a scene).
 */
export const overlap = overlapOf(spriteOf, (contact, first, camera) => {
  const view = camera ?? first.scene?.cameras?.main;
  contact.screen = view ? screenPoint(view, contact.point) : { ...contact.point };
});
