// pixel-collide: exact per-pixel collision of sprites placed by any 2D matrix (turned, scaled,
// flipped, sheared), in WebAssembly. Load it once with `await init()` (or `initSync(bytes)`), build
// a `Mask` per image, and ask about `Sprite`s: a mask and the six numbers of its matrix.
//
// Coordinates are the web's: y grows downwards, a texel (x, y) is the unit square [x, x+1) x
// [y, y+1) of its image, and a matrix maps it as DOMMatrix does: (a x + c y + e, b x + d y + f).

import wasmInit, * as wasm from "./dist/pixel_collide_js.js";
import { contactOf, distanceOf, impactOf, pushOutOf, rayHitOf, rectOf } from "./results.js";

let ready = false;
// The module's memory, which the World's matrices and pairs are read and written through.
let memory = null;
// A view of the exchange buffer in WebAssembly memory (crates/pixel-collide-js/src/io.rs): a query's
// matrices are written into it and its answer read out of it, so that a call allocates nothing.
let io = null;
let ioPtr = 0;
// Where the answer starts in it.
const ANSWER = 24;

function loaded(exports) {
  memory = exports.memory;
  ioPtr = wasm.ioPtr();
  ready = true;
}

/** The exchange buffer, viewed again when WebAssembly's memory has grown (the old view is then empty). */
function exchange() {
  if (io === null || io.length === 0) io = new Float32Array(memory.buffer, ioPtr, 32);
  return io;
}

/** The answer a query wrote: `n` numbers, or `undefined` when it found none. */
function answer(found, n) {
  return found ? exchange().slice(ANSWER, ANSWER + n) : undefined;
}

/**
 * Loads the WebAssembly module: from `dist/pixel_collide_js_bg.wasm` beside this file (found
 * through `import.meta.url`, so bundlers copy it) unless `source` says otherwise (a URL, a
 * `Response`, bytes or a `WebAssembly.Module`). Call it once before anything else.
 */
export async function init(source) {
  if (!ready) {
    loaded(await wasmInit(source === undefined ? undefined : { module_or_path: source }));
  }
}

/** Loads the WebAssembly module from its bytes (or a compiled `WebAssembly.Module`) at once. */
export function initSync(bytes) {
  if (!ready) loaded(wasm.initSync({ module: bytes }));
}

function needReady() {
  if (!ready) {
    throw new Error("pixel-collide: call `await init()` (or `initSync(bytes)`) first");
  }
}

function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return typeof value === "object" ? value.constructor?.name ?? "an object" : `${typeof value} ${String(value)}`;
}

function number(value, what) {
  if (typeof value !== "number") {
    throw new TypeError(`${what} must be a number, not ${describe(value)}`);
  }
  return value;
}

/**
 * Writes the six numbers of a 2D matrix into `into` (six numbers from `at`), from an array or typed
 * array `[a, b, c, d, e, f]`, a DOMMatrix (`{a, b, c, d, e, f}`), or Phaser's and PixiJS's matrices
 * (`{a, b, c, d, tx, ty}`); nothing is written when one is not a number. Whether they are finite is
 * checked where they are used, in WebAssembly.
 */
function writeMatrix(into, at, m, what) {
  if (m instanceof Float32Array && m.length === 6) {
    for (let i = 0; i < 6; i++) into[at + i] = m[i];
    return;
  }
  const read = READ;
  if (Array.isArray(m) || ArrayBuffer.isView(m)) {
    if (m.length !== 6) {
      throw new RangeError(`${what} must hold the six numbers a, b, c, d, e, f, not ${m.length}`);
    }
    for (let i = 0; i < 6; i++) read[i] = number(m[i], `${what}[${i}]`);
  } else if (m !== null && typeof m === "object" && "a" in m && "d" in m) {
    read[0] = number(m.a, `${what}.a`);
    read[1] = number(m.b, `${what}.b`);
    read[2] = number(m.c, `${what}.c`);
    read[3] = number(m.d, `${what}.d`);
    read[4] = number("e" in m ? m.e : m.tx, `${what}.e (or .tx)`);
    read[5] = number("f" in m ? m.f : m.ty, `${what}.f (or .ty)`);
  } else {
    throw new TypeError(
      `${what} must be [a, b, c, d, e, f], a DOMMatrix or a {a, b, c, d, tx, ty} matrix, not ${describe(m)}`,
    );
  }
  for (let i = 0; i < 6; i++) into[at + i] = read[i];
}

// The numbers of a matrix being read, all checked before any is written where they go.
const READ = new Float64Array(6);

function threshold(t) {
  number(t, "threshold");
  if (!Number.isInteger(t) || t < 0 || t > 255) {
    throw new RangeError(`threshold must be a whole number from 0 to 255, not ${t}`);
  }
  return t;
}

function size(value, what) {
  number(value, what);
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    throw new RangeError(`${what} must be a whole number of pixels, not ${value}`);
  }
  return value;
}

/** Which texels of an image are solid: built once per image, kept in WebAssembly memory. */
export class Mask {
  #inner;

  constructor(inner) {
    if (!(inner instanceof wasm.Mask)) {
      throw new TypeError("masks are made by Mask.fromRgba, fromImageData, fromImage or filled");
    }
    this.#inner = inner;
  }

  /** A mask from RGBA bytes, row by row from the top left; solid where alpha > `threshold`. */
  static fromRgba(data, width, height, threshold_ = 0) {
    needReady();
    if (!(data instanceof Uint8Array || data instanceof Uint8ClampedArray || Array.isArray(data))) {
      throw new TypeError(`data must be a Uint8Array or Uint8ClampedArray of RGBA bytes, not ${describe(data)}`);
    }
    const bytes = data instanceof Uint8Array ? data : Uint8Array.from(data);
    return new Mask(wasm.Mask.fromRgba(bytes, size(width, "width"), size(height, "height"), threshold(threshold_)));
  }

  /** A mask from an `ImageData` (a canvas's `getImageData`); solid where alpha > `threshold`. */
  static fromImageData(imageData, threshold_ = 0) {
    if (imageData === null || typeof imageData !== "object" || !("data" in imageData)) {
      throw new TypeError(`imageData must be an ImageData, not ${describe(imageData)}`);
    }
    const { data, width, height } = imageData;
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    return Mask.fromRgba(bytes, width, height, threshold_);
  }

  /**
   * A mask from anything a canvas can draw (an `HTMLImageElement` that has loaded, an
   * `ImageBitmap`, a canvas), read once through a canvas of its size; solid where alpha >
   * `threshold`. `region` (`{x, y, width, height}`) reads one frame of a sheet.
   */
  static fromImage(source, threshold_ = 0, region = undefined) {
    const w = source?.naturalWidth || source?.videoWidth || source?.width;
    const h = source?.naturalHeight || source?.videoHeight || source?.height;
    if (typeof w !== "number" || typeof h !== "number") {
      throw new TypeError(`source must be an image, bitmap or canvas, not ${describe(source)}`);
    }
    const r = region ?? { x: 0, y: 0, width: w, height: h };
    size(r.width, "region.width");
    size(r.height, "region.height");
    if (r.width === 0 || r.height === 0) {
      throw new RangeError(`the image region is ${r.width} x ${r.height}: a mask needs a pixel at least`);
    }
    const canvas = typeof OffscreenCanvas === "function"
      ? new OffscreenCanvas(r.width, r.height)
      : Object.assign(document.createElement("canvas"), { width: r.width, height: r.height });
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    ctx.clearRect(0, 0, r.width, r.height);
    ctx.drawImage(source, r.x, r.y, r.width, r.height, 0, 0, r.width, r.height);
    return Mask.fromImageData(ctx.getImageData(0, 0, r.width, r.height), threshold_);
  }

  /** A `width` x `height` mask, every texel solid (or none, with `solid` false). */
  static filled(width, height, solid = true) {
    needReady();
    return new Mask(wasm.Mask.filled(size(width, "width"), size(height, "height"), Boolean(solid)));
  }

  /** The WebAssembly object, or a TypeError once freed. */
  get _wasm() {
    if (this.#inner === null) throw new TypeError("this Mask has been freed");
    return this.#inner;
  }

  get width() { return this._wasm.width; }
  get height() { return this._wasm.height; }
  /** How many texels are solid. */
  get solidCount() { return this._wasm.solidCount; }
  /** Whether texel (x, y) is solid; anything outside is air. */
  isSolid(x, y) { return this._wasm.isSolid(number(x, "x"), number(y, "y")); }
  /** Makes texel (x, y) solid or air (a RangeError outside the mask). */
  set(x, y, solid = true) { this._wasm.set(number(x, "x"), number(y, "y"), Boolean(solid)); }
  /** Releases the mask's WebAssembly memory; using it afterwards throws a TypeError. */
  free() {
    if (this.#inner !== null) {
      this.#inner.free();
      this.#inner = null;
    }
  }
}

function maskOf(mask, what) {
  if (!(mask instanceof Mask)) throw new TypeError(`${what} must be a Mask, not ${describe(mask)}`);
  return mask._wasm;
}

/** A mask placed in the world by a 2D matrix (see `writeMatrix` for the forms it takes). */
export class Sprite {
  #matrix = new Float32Array(6);

  constructor(mask, matrix = [1, 0, 0, 1, 0, 0]) {
    maskOf(mask, "mask");
    this.mask = mask;
    writeMatrix(this.#matrix, 0, matrix, "matrix");
  }

  /** Places the sprite by a new matrix, its numbers copied into the sprite's own. */
  place(matrix) {
    writeMatrix(this.#matrix, 0, matrix, "matrix");
    return this;
  }

  /** The sprite's matrix: its own six numbers, which `place` overwrites. */
  get matrix() {
    return this.#matrix;
  }

  set matrix(matrix) {
    this.place(matrix);
  }
}

/** Writes sprite `s`'s matrix as the exchange buffer's `k`th and gives its mask's WebAssembly object. */
function sprite(s, k, what) {
  if (!(s instanceof Sprite)) throw new TypeError(`${what} must be a Sprite, not ${describe(s)}`);
  const mask = maskOf(s.mask, `${what}.mask`);
  const m = s.matrix;
  const v = exchange();
  const at = 6 * k;
  v[at] = m[0];
  v[at + 1] = m[1];
  v[at + 2] = m[2];
  v[at + 3] = m[3];
  v[at + 4] = m[4];
  v[at + 5] = m[5];
  return mask;
}

function one(s) {
  needReady();
  return sprite(s, 0, "sprite");
}

/** The two numbers of a point `{x, y}` (or of anything with `x` and `y`, such as a rectangle). */
function xy(p, what) {
  if (p === null || typeof p !== "object") {
    throw new TypeError(`${what} must be an {x, y} object, not ${describe(p)}`);
  }
  return [number(p.x, `${what}.x`), number(p.y, `${what}.y`)];
}

function pair(a, b, query) {
  needReady();
  const ma = sprite(a, 0, "a");
  const mb = sprite(b, 1, "b");
  return query(ma, mb);
}

/** Whether sprites `a` and `b` share a solid texel. */
export function overlaps(a, b) {
  return pair(a, b, wasm.overlaps);
}

/**
 * Where `a` and `b` touch: `{point, normal, depth}` (a point `{x, y}` inside a solid texel of
 * both, the unit normal from `a` towards `b`, the overlap along it), or `null`.
 */
export function collide(a, b) {
  return contactOf(answer(pair(a, b, wasm.collide), 5));
}

/**
 * The shortest move of `a` out of `b`: `{offset, normal, budgetRanOut}` (the move `{x, y}`, the
 * pair's normal, and whether the search ran out of its work budget and parted the bounds instead),
 * or `null` when apart.
 */
export function pushOut(a, b) {
  return pushOutOf(answer(pair(a, b, wasm.pushOut), 5));
}

/**
 * How far apart `a` and `b` are: `{distance, onA, onB, lowerBound, budgetRanOut}`, the closest
 * point on each, and the bound no pair lies closer than (`distance` unless the search ran out of
 * its work budget); `null` when one is empty.
 */
export function distance(a, b) {
  return distanceOf(answer(pair(a, b, wasm.distance), 7));
}

/** The world area the solid texels of `a` and `b` share. */
export function overlapArea(a, b) {
  return pair(a, b, wasm.overlapArea);
}

/**
 * Where a ray from `origin` (`{x, y}`) along `direction` (`{x, y}`) first enters a solid texel of
 * `s` within `maxDistance`: `{point, normal, distance}`, or `null`.
 */
export function raycast(s, origin, direction, maxDistance = Infinity) {
  const m = one(s);
  const [ox, oy] = xy(origin, "origin");
  const [dx, dy] = xy(direction, "direction");
  return rayHitOf(answer(wasm.raycast(m, ox, oy, dx, dy, number(maxDistance, "maxDistance")), 5));
}

/** Whether world point `point` (`{x, y}`) lies inside a solid texel of `s`. */
export function containsPoint(s, point) {
  const m = one(s);
  const [x, y] = xy(point, "point");
  return wasm.containsPoint(m, x, y);
}

/** Whether the axis-aligned rectangle `rect` (`{x, y, width, height}`) overlaps a solid texel of `s`. */
export function touchesRect(s, rect) {
  const m = one(s);
  const [x, y] = xy(rect, "rect");
  return wasm.touchesRect(m, x, y, number(rect.width, "rect.width"), number(rect.height, "rect.height"));
}

/**
 * Whether the circle `circle` (`{x, y, radius}`, as Phaser's `Geom.Circle` and PixiJS's `Circle`
 * hold it) overlaps a solid texel of `s`.
 */
export function touchesCircle(s, circle) {
  const m = one(s);
  const [x, y] = xy(circle, "circle");
  return wasm.touchesCircle(m, x, y, number(circle.radius, "circle.radius"));
}

/** The world rectangle `{x, y, width, height}` around the texels of `s`. */
export function bounds(s) {
  wasm.bounds(one(s));
  return rectOf(answer(true, 4));
}

/**
 * When `a` and `b` first touch while each moves from its matrix to another over a step (`aTo`,
 * `bTo`, in any form a Sprite takes): `{time, contactTime, point}`, the first time (0 to 1) they
 * touch on solid texels, the time they are found touching (at most 2^-14 later) and a world point
 * `{x, y}` inside both then; `null` when they never do. Each sprite moves as a game moves it
 * between frames: its centre along a straight line, turning the short way round and scaling
 * evenly, so nothing fast or thin passes through unseen. A matrix that shears throws a
 * `RangeError`.
 */
export function timeOfImpact(a, aTo, b, bTo) {
  needReady();
  const ma = sprite(a, 0, "a");
  const mb = sprite(b, 2, "b");
  const v = exchange();
  writeMatrix(v, 6, aTo, "aTo");
  writeMatrix(v, 18, bTo, "bTo");
  return impactOf(answer(wasm.timeOfImpact(ma, mb), 4));
}

/**
 * Many sprites in WebAssembly memory: add masks and sprites once, then each frame `update` every
 * sprite's matrix from one `Float32Array` (six numbers a sprite) and ask for the touching `pairs`.
 */
export class World {
  #inner;
  #matrices = null;

  constructor() {
    needReady();
    this.#inner = new wasm.World();
  }

  /** Keeps a copy of `mask`; returns its index for `addSprite`. */
  addMask(mask) {
    return this.#inner.addMask(maskOf(mask, "mask"));
  }

  /** Adds a sprite of mask index `mask`; returns the sprite's index. */
  addSprite(mask) {
    return this.#inner.addSprite(size(mask, "mask"));
  }

  /** How many sprites the world holds. */
  get size() {
    return this.#inner.spriteCount;
  }

  /**
   * Places every sprite: a `Float32Array` of six numbers per sprite, in sprite order, copied straight
   * into the world's own buffer in WebAssembly memory.
   */
  update(matrices) {
    if (!(matrices instanceof Float32Array)) {
      throw new TypeError(`matrices must be a Float32Array of six numbers a sprite, not ${describe(matrices)}`);
    }
    const n = this.#inner.spriteCount;
    if (matrices.length !== 6 * n) {
      throw new RangeError(`matrices holds ${matrices.length} numbers where ${n} sprites need ${6 * n}`);
    }
    // One view of the world's buffer, made again only when the buffer or WebAssembly's memory moved.
    const ptr = this.#inner.matricesPtr();
    const view = this.#matrices;
    if (view === null || view.buffer !== memory.buffer || view.byteOffset !== ptr || view.length !== 6 * n) {
      this.#matrices = new Float32Array(memory.buffer, ptr, 6 * n);
    }
    this.#matrices.set(matrices);
    this.#inner.apply();
  }

  /**
   * Every touching pair `i < j`, as `[i0, j0, i1, j1, ...]`, sorted: a `Uint32Array` that views the
   * world's own buffer in WebAssembly memory (nothing copied), valid until the next `update`,
   * `pairs` or `addSprite`; `slice()` it to keep it longer.
   */
  pairs() {
    const count = this.#inner.findPairs();
    return new Uint32Array(memory.buffer, this.#inner.pairsPtr(), 2 * count);
  }

  /** Releases the world's WebAssembly memory. */
  free() {
    this.#inner.free();
  }
}
