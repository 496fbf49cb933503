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

import { Contact, overlapOf } from "./each-pair.js";
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
  return placeInto([0, 0, 0, 0, 0, 0], gameObject, camera, snap);
}

const IDENTITY = [1, 0, 0, 1, 0, 0];

// Phaser's own matrices, made once of the class Phaser gives (the adapter does not import Phaser):
// Phaser writes a game object's world matrix into them instead of into new ones.
let temps = null;

/** Writes the game object's world matrix into `out` as six numbers, through the kept matrices. */
function worldOf(gameObject, out) {
  if (temps === null) {
    const Matrix = gameObject.getLocalTransformMatrix().constructor;
    temps = [new Matrix(), new Matrix()];
  }
  const m = gameObject.getWorldTransformMatrix(temps[0], temps[1]);
  out[0] = m.a;
  out[1] = m.b;
  out[2] = m.c;
  out[3] = m.d;
  out[4] = m.tx;
  out[5] = m.ty;
  return out;
}

// The matrices a placement is worked out in, kept: it runs for every object at every call, and
// allocates nothing this way (`PARENT` is a parent's world matrix, while `WORLD` holds the object's).
const WORLD = new Float64Array(6);
const PARENT = new Float64Array(6);
const FROM_SCREEN = new Float64Array(6);
const TO_SCREEN = new Float64Array(6);
const ON_SCREEN = new Float64Array(6);
const DRAWN = new Float64Array(6);

/** Writes `placement(gameObject, {camera, snap})` into `out` (an array or a typed array) and returns it. */
function placeInto(out, gameObject, camera, snap) {
  const frame = gameObject.frame;
  const { displayOriginX: dx, displayOriginY: dy, flipX, flipY } = gameObject;
  let x0 = frame.x - dx;
  let y0 = frame.y - dy;
  if (flipX && !frame.customPivot) x0 += 2 * dx - frame.realWidth;
  if (flipY && !frame.customPivot) y0 += 2 * dy - frame.realHeight;
  const sx = flipX ? -1 : 1;
  const sy = flipY ? -1 : 1;
  const view = camera ?? gameObject.scene?.cameras?.main;
  const world = worldOf(gameObject, WORLD);
  if ((snap ?? Boolean(view?.roundPixels)) && view) {
    return snapped(out, gameObject, view, world, { x0, y0, w: frame.cutWidth, h: frame.cutHeight, sx, sy });
  }
  // M . [sx 0 sx x0; 0 sy sy y0]
  out[0] = world[0] * sx;
  out[1] = world[1] * sx;
  out[2] = world[2] * sy;
  out[3] = world[3] * sy;
  out[4] = world[0] * sx * x0 + world[2] * sy * y0 + world[4];
  out[5] = world[1] * sx * x0 + world[3] * sy * y0 + world[5];
  return out;
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
function snapped(out, gameObject, camera, world, { x0, y0, w, h, sx, sy }) {
  const webgl = gameObject.scene?.sys?.game?.renderer?.type === WEBGL;
  const v4 = typeof gameObject.willRoundVertices === "function";
  const v386 = "renderRoundPixels" in camera;
  const fromScreen = worldFromScreen(camera, FROM_SCREEN);
  const toScreen = inverseInto(TO_SCREEN, fromScreen);
  // 3.86 and later floor the object's own position, in its parent's space, except Phaser 4's WebGL.
  if (v386 && !(v4 && webgl)) floor(gameObject, world);
  // The world matrix with the flips, in place.
  world[0] *= sx;
  world[1] *= sx;
  world[2] *= sy;
  world[3] *= sy;
  const s = timesInto(ON_SCREEN, toScreen, world);
  let drawn;
  if (webgl) {
    // Phaser's corners: top left, bottom left, bottom right, top right.
    let corners = [apply(s, x0, y0), apply(s, x0, y0 + h), apply(s, x0 + w, y0 + h), apply(s, x0 + w, y0)];
    if (v4) {
      // Phaser's own test, on the camera's matrix times the object's, exactly.
      const m = camera.matrix ?? { a: 1, b: 0, c: 0, d: 1 };
      const t = times([m.a, m.b, m.c, m.d, 0, 0], world);
      if (gameObject.willRoundVertices(camera, t[0] === 1 && t[1] === 0 && t[2] === 0 && t[3] === 1)) {
        corners = corners.map((p) => [Math.round(Math.fround(p[0])), Math.round(Math.fround(p[1]))]);
      }
    } else if (v386) {
      if (camera.renderRoundPixels) {
        const ex = Math.floor(corners[0][0] + 0.5) - corners[0][0];
        const ey = Math.floor(corners[0][1] + 0.5) - corners[0][1];
        corners = corners.map((p) => [p[0] + ex, p[1] + ey]);
      }
    } else {
      // The vertex shader's rounding, in a y that counts up from the bottom of the canvas.
      corners = corners.map((p) => [Math.floor(p[0] + 0.5), Math.ceil(p[1] - 0.5)]);
    }
    drawn = fitted(corners, w, h);
  } else {
    let e, f, lx, ly;
    let kx = 1;
    let ky = 1;
    if (v386) {
      const round = camera.renderRoundPixels;
      e = round ? Math.floor(s[4] + 0.5) : s[4];
      f = round ? Math.floor(s[5] + 0.5) : s[5];
      lx = Math.floor(x0 + 0.5);
      ly = Math.floor(y0 + 0.5);
      kx = (w + 0.5) / w;
      ky = (h + 0.5) / h;
    } else {
      e = Math.round(s[4]);
      f = Math.round(s[5]);
      lx = Math.round(x0);
      ly = Math.round(y0);
    }
    drawn = DRAWN;
    drawn[4] = s[0] * lx + s[2] * ly + e;
    drawn[5] = s[1] * lx + s[3] * ly + f;
    drawn[0] = s[0] * kx;
    drawn[1] = s[1] * kx;
    drawn[2] = s[2] * ky;
    drawn[3] = s[3] * ky;
  }
  return timesInto(out, fromScreen, drawn);
}

/**
 * The placement of a `w` x `h` frame drawn between four corners (top left, bottom left, bottom
 * right, top right) that rounding may have moved apart from a parallelogram: the one nearest all
 * four, exact when they are one.
 */
function fitted(corners, w, h) {
  const [tl, bl, br, tr] = corners;
  const across = [0, 1].map((k) => (tr[k] - tl[k] + br[k] - bl[k]) / (2 * w));
  const down = [0, 1].map((k) => (bl[k] - tl[k] + br[k] - tr[k]) / (2 * h));
  const centre = [0, 1].map((k) => (tl[k] + bl[k] + br[k] + tr[k]) / 4);
  return [
    across[0], across[1], down[0], down[1],
    centre[0] - (across[0] * w + down[0] * h) / 2, centre[1] - (across[1] * w + down[1] * h) / 2,
  ];
}

/** Moves `world` (in place) by the object's position floored in its parent's space, as Phaser draws it. */
function floor(gameObject, world) {
  const ex = Math.floor(gameObject.x) - gameObject.x;
  const ey = Math.floor(gameObject.y) - gameObject.y;
  const parent = gameObject.parentContainer;
  const p = parent ? worldOf(parent, PARENT) : IDENTITY;
  world[4] += p[0] * ex + p[2] * ey;
  world[5] += p[1] * ex + p[3] * ey;
}

// Affine matrices as six numbers [a, b, c, d, e, f]: x' = a x + c y + e, y' = b x + d y + f. Read by
// index: these run for every snapped object at every call, and destructuring is several times slower.
function times(m, n) {
  return timesInto([0, 0, 0, 0, 0, 0], m, n);
}

/** Writes `m . n` into `out` (which may be either of them) and returns it. */
function timesInto(out, m, n) {
  const a = m[0] * n[0] + m[2] * n[1];
  const b = m[1] * n[0] + m[3] * n[1];
  const c = m[0] * n[2] + m[2] * n[3];
  const d = m[1] * n[2] + m[3] * n[3];
  const e = m[0] * n[4] + m[2] * n[5] + m[4];
  const f = m[1] * n[4] + m[3] * n[5] + m[5];
  out[0] = a;
  out[1] = b;
  out[2] = c;
  out[3] = d;
  out[4] = e;
  out[5] = f;
  return out;
}

function apply(m, x, y) {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

function inverse(m) {
  return inverseInto([0, 0, 0, 0, 0, 0], m);
}

/** Writes the inverse of `m` into `out` (not `m`) and returns it. */
function inverseInto(out, m) {
  const det = m[0] * m[3] - m[1] * m[2];
  out[0] = m[3] / det;
  out[1] = -m[1] / det;
  out[2] = -m[2] / det;
  out[3] = m[0] / det;
  out[4] = -(out[0] * m[4] + out[2] * m[5]);
  out[5] = -(out[1] * m[4] + out[3] * m[5]);
  return out;
}

/**
 * The matrix from screen to world coordinates through `camera` (its scroll, zoom and rotation as
 * last rendered): the camera's own `getWorldPoint`, which is affine, so three of its points give it
 * whatever Phaser version computes it.
 */
function worldFromScreen(camera, out = [0, 0, 0, 0, 0, 0]) {
  const o = camera.getWorldPoint(0, 0, POINT);
  out[4] = o.x;
  out[5] = o.y;
  const u = camera.getWorldPoint(1, 0, POINT);
  out[0] = u.x - out[4];
  out[1] = u.y - out[5];
  const v = camera.getWorldPoint(0, 1, POINT);
  out[2] = v.x - out[4];
  out[3] = v.y - out[5];
  return out;
}

// The point `getWorldPoint` writes into, read at once.
const POINT = { x: 0, y: 0 };

function needFramed(gameObject) {
  if (!gameObject?.frame || typeof gameObject.getWorldTransformMatrix !== "function") {
    throw new TypeError("gameObject must be a Phaser game object with a texture frame (an Image or a Sprite)");
  }
}

/**
 * A `Sprite` for a Phaser game object with a texture frame, placed exactly as it is drawn now
 * (`options`: `camera` and `snap`, as `placement` takes them).
 */
export function spriteOf(gameObject, threshold = 0, options = {}) {
  needFramed(gameObject);
  const sprite = new Sprite(frameMask(gameObject.frame, threshold));
  placeInto(sprite.matrix, gameObject, options.camera, options.snap);
  return sprite;
}

/** Where world point `point` (`{x, y}`) shows on the screen through `camera`. */
export function screenPoint(camera, point) {
  const [x, y] = apply(inverse(worldFromScreen(camera)), point.x, point.y);
  return { x, y };
}

/** A contact with `screen`, where its point shows through the camera, worked out when first read. */
class ScreenContact extends Contact {
  #view;
  #screen = null;

  constructor(a, b, view) {
    super(a, b);
    this.#view = view;
  }

  /** Where the contact's point shows on the screen (the world point again without a camera). */
  get screen() {
    this.#screen ??= this.#view ? screenPoint(this.#view, this.point) : { ...this.point };
    return this.#screen;
  }

  toJSON() {
    return { ...super.toJSON(), screen: this.screen };
  }
}

/**
 * Calls `callback(a, b, contact)` for every pair of `a` (a game object or an array of them) and `b`
 * that touch on visible pixels now; returns how many did. `contact` is in world coordinates, with
 * `screen` (`{x, y}`) where its point shows through `camera` (by default the main camera of the
 * first object's scene; the world point again for an object outside a scene), each worked out when
 * first read. Each game object keeps one sprite, placed again at each call.
 */
export const overlap = overlapOf(
  (o, sprite, camera) => {
    needFramed(o);
    const mask = frameMask(o.frame, 0);
    if (sprite === null) sprite = new Sprite(mask);
    else sprite.mask = mask;
    placeInto(sprite.matrix, o, camera);
    return sprite;
  },
  (sa, sb, first, camera) => new ScreenContact(sa, sb, camera ?? first.scene?.cameras?.main),
);
