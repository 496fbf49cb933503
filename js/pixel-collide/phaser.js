// pixel-collide for Phaser 3.80+ and 4: a Phaser game object's exact placement as a `Sprite`, its
// mask read once per texture frame, and an `overlap(a, b, callback)` in the style of Arcade's.
//
// A game object draws its frame's cut (the trimmed pixels of an atlas frame) at the frame's trim
// offset less its display origin, mirrored by `flipX` / `flipY` (which Phaser keeps out of its
// matrix) about the middle of the untrimmed frame, or about the origin for a frame with a custom
// pivot, then through its world matrix, parent containers included:
//   x0 = frame.x - displayOriginX, and x0 += 2 displayOriginX - frame.realWidth when flipped
//   without a custom pivot; texel x of the cut lands at x0 + x, or -(x0 + x) when flipped
// (and the same down y), as Phaser 3's and 4's renderers place the frame's quad. With the camera's
// `roundPixels` on, each renderer and version snaps that placement its own way (see `snapped`).

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

/**
 * The six numbers of the matrix that places texel (x, y) of `gameObject`'s frame in the world, as
 * Phaser draws it through `camera` (by default its scene's main camera): snapped to whole pixels as
 * Phaser snaps it when the camera's `roundPixels` is on (the game's `pixelArt` or `roundPixels`),
 * unless `snap` is false.
 */
export function placement(gameObject, { camera, snap } = {}) {
  const frame = gameObject.frame;
  const { displayOriginX: dx, displayOriginY: dy, flipX, flipY } = gameObject;
  let x0 = frame.x - dx;
  let y0 = frame.y - dy;
  if (flipX && !frame.customPivot) x0 += 2 * dx - frame.realWidth;
  if (flipY && !frame.customPivot) y0 += 2 * dy - frame.realHeight;
  const local = { x0, y0, w: frame.cutWidth, h: frame.cutHeight, sx: flipX ? -1 : 1, sy: flipY ? -1 : 1 };
  const view = camera ?? gameObject.scene?.cameras?.main;
  const m = gameObject.getWorldTransformMatrix();
  const world = [m.a, m.b, m.c, m.d, m.tx, m.ty];
  if ((snap ?? Boolean(view?.roundPixels)) && view) return snapped(gameObject, view, world, local);
  // M . [sx 0 sx x0; 0 sy sy y0]
  return times(world, [local.sx, 0, 0, local.sy, local.sx * x0, local.sy * y0]);
}

// Phaser's renderer types (Phaser.CANVAS, Phaser.WEBGL).
const WEBGL = 2;

/**
 * The placement as drawn with the camera's `roundPixels` on, by renderer and version: Phaser 4's
 * WebGL rounds each corner of a frame it draws unturned and unscaled (as `willRoundVertices` says);
 * 3.86 to 3.90 floor the object's position and, at whole zooms, move the frame so that its first
 * corner lands on a whole pixel; their canvas renderers (and Phaser 4's) floor the position, round
 * the matrix's translation at whole zooms and the frame's offset, and draw the frame half a pixel
 * wider and taller; 3.80's canvas rounds the translation and the offset, and its WebGL rounds every
 * corner on the graphics card (a turned frame's corners each to their own pixel: placed here by
 * three of them).
 */
function snapped(gameObject, camera, world, { x0, y0, w, h, sx, sy }) {
  const webgl = gameObject.scene?.sys?.game?.renderer?.type === WEBGL;
  const v4 = typeof gameObject.willRoundVertices === "function";
  const v386 = "renderRoundPixels" in camera;
  const toScreen = screenMatrix(camera);
  // 3.86 and later floor the object's own position, in its parent's space, except Phaser 4's WebGL.
  if (v386 && !(v4 && webgl)) world = floored(gameObject, world);
  const s = times(toScreen, times(world, [sx, 0, 0, sy, 0, 0]));
  let drawn;
  if (webgl) {
    // Phaser's corners: top left, bottom left, bottom right, top right.
    let corners = [[x0, y0], [x0, y0 + h], [x0 + w, y0 + h], [x0 + w, y0]].map(([x, y]) => apply(s, x, y));
    if (v4) {
      // Phaser's own test, on the camera's matrix times the object's, exactly.
      const m = camera.matrix ?? { a: 1, b: 0, c: 0, d: 1 };
      const [a, b, c, d] = times([m.a, m.b, m.c, m.d, 0, 0], times(world, [sx, 0, 0, sy, 0, 0]));
      if (gameObject.willRoundVertices(camera, a === 1 && b === 0 && c === 0 && d === 1)) {
        corners = corners.map((corner) => corner.map((v) => Math.round(Math.fround(v))));
      }
    } else if (v386) {
      if (camera.renderRoundPixels) {
        const [ex, ey] = corners[0].map((v) => Math.floor(v + 0.5) - v);
        corners = corners.map(([x, y]) => [x + ex, y + ey]);
      }
    } else {
      // The vertex shader's rounding, in a y that counts up from the bottom of the canvas.
      corners = corners.map(([x, y]) => [Math.floor(x + 0.5), Math.ceil(y - 0.5)]);
    }
    drawn = fitted(corners, w, h);
  } else {
    let [a, b, c, d, e, f] = s;
    let [lx, ly, kx, ky] = [x0, y0, 1, 1];
    if (v386) {
      if (camera.renderRoundPixels) [e, f] = [Math.floor(e + 0.5), Math.floor(f + 0.5)];
      [lx, ly, kx, ky] = [Math.floor(x0 + 0.5), Math.floor(y0 + 0.5), (w + 0.5) / w, (h + 0.5) / h];
    } else {
      [e, f, lx, ly] = [Math.round(e), Math.round(f), Math.round(x0), Math.round(y0)];
    }
    drawn = [a * kx, b * kx, c * ky, d * ky, a * lx + c * ly + e, b * lx + d * ly + f];
  }
  return times(inverse(toScreen), drawn);
}

/**
 * The placement of a `w` x `h` frame drawn between four corners (top left, bottom left, bottom
 * right, top right) that rounding may have moved apart from a parallelogram: the one nearest all
 * four, exact when they are one.
 */
function fitted([tl, bl, br, tr], w, h) {
  const across = [0, 1].map((k) => (tr[k] - tl[k] + br[k] - bl[k]) / (2 * w));
  const down = [0, 1].map((k) => (bl[k] - tl[k] + br[k] - tr[k]) / (2 * h));
  const centre = [0, 1].map((k) => (tl[k] + bl[k] + br[k] + tr[k]) / 4);
  return [
    across[0], across[1], down[0], down[1],
    centre[0] - (across[0] * w + down[0] * h) / 2, centre[1] - (across[1] * w + down[1] * h) / 2,
  ];
}

/** `world` with the object's position floored in its parent's space, as Phaser draws it. */
function floored(gameObject, world) {
  const [ex, ey] = [Math.floor(gameObject.x) - gameObject.x, Math.floor(gameObject.y) - gameObject.y];
  const p = gameObject.parentContainer?.getWorldTransformMatrix();
  const [pa, pb, pc, pd] = p ? [p.a, p.b, p.c, p.d] : [1, 0, 0, 1];
  return [world[0], world[1], world[2], world[3], world[4] + pa * ex + pc * ey, world[5] + pb * ex + pd * ey];
}

// Affine matrices as six numbers [a, b, c, d, e, f]: x' = a x + c y + e, y' = b x + d y + f.
function times([a, b, c, d, e, f], [a2, b2, c2, d2, e2, f2]) {
  return [a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f];
}

function apply([a, b, c, d, e, f], x, y) {
  return [a * x + c * y + e, b * x + d * y + f];
}

function inverse([a, b, c, d, e, f]) {
  const det = a * d - b * c;
  const [ia, ib, ic, id] = [d / det, -b / det, -c / det, a / det];
  return [ia, ib, ic, id, -(ia * e + ic * f), -(ib * e + id * f)];
}

/**
 * The matrix from world to screen coordinates through `camera` (its scroll, zoom and rotation as
 * last rendered): the inverse of the camera's own `getWorldPoint`, which is affine, so three of its
 * points give it whatever Phaser version computes it.
 */
function screenMatrix(camera) {
  const o = camera.getWorldPoint(0, 0);
  const u = camera.getWorldPoint(1, 0);
  const v = camera.getWorldPoint(0, 1);
  return inverse([u.x - o.x, u.y - o.y, v.x - o.x, v.y - o.y, o.x, o.y]);
}

/**
 * A `Sprite` for a Phaser game object with a texture frame, placed exactly as it is drawn now
 * (`options`: `camera` and `snap`, as `placement` takes them).
 */
export function spriteOf(gameObject, threshold = 0, options = {}) {
  if (!gameObject?.frame || typeof gameObject.getWorldTransformMatrix !== "function") {
    throw new TypeError("gameObject must be a Phaser game object with a texture frame (an Image or a Sprite)");
  }
  return new Sprite(frameMask(gameObject.frame, threshold), placement(gameObject, options));
}

/** Where world point `point` (`{x, y}`) shows on the screen through `camera`. */
export function screenPoint(camera, point) {
  const [x, y] = apply(screenMatrix(camera), point.x, point.y);
  return { x, y };
}

/**
 * Calls `callback(a, b, contact)` for every pair of `a` (a game object or an array of them) and `b`
 * that touch on visible pixels now; returns how many did. `contact` is in world coordinates, with
 * `screen` (`{x, y}`) where its point shows through `camera` (by default the main camera of the
 * first object's scene; the world point again for an object outside a scene).
 */
export const overlap = overlapOf((o, camera) => spriteOf(o, 0, { camera }), (contact, first, camera) => {
  const view = camera ?? first.scene?.cameras?.main;
  contact.screen = view ? screenPoint(view, contact.point) : { ...contact.point };
});
