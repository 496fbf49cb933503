// Type declarations of pixel-collide: exact per-pixel collision of sprites placed by 2D matrices.

/** Where the WebAssembly module comes from: a URL, a `Response`, its bytes or a compiled module. */
export type WasmSource =
  | string
  | URL
  | Request
  | Response
  | BufferSource
  | WebAssembly.Module
  | Promise<Response>;

/** Loads the WebAssembly module (from beside this file unless `source` says otherwise). */
export function init(source?: WasmSource): Promise<void>;
/** Loads the WebAssembly module from its bytes, or a compiled module, at once. */
export function initSync(bytes: BufferSource | WebAssembly.Module): void;

/** `[a, b, c, d, e, f]`, a `DOMMatrix` or a Phaser / PixiJS matrix `{a, b, c, d, tx, ty}`. */
export type MatrixLike =
  | ArrayLike<number>
  | { a: number; b: number; c: number; d: number; e: number; f: number }
  | { a: number; b: number; c: number; d: number; tx: number; ty: number };

/** A part of an image, in pixels. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Which texels of an image are solid, kept in WebAssembly memory. */
export class Mask {
  private constructor();
  /** A mask from RGBA bytes, row by row from the top left; solid where alpha > `threshold` (0: any opacity). */
  static fromRgba(
    data: Uint8Array | Uint8ClampedArray | number[],
    width: number,
    height: number,
    threshold?: number,
  ): Mask;
  /** A mask from an `ImageData`; solid where alpha > `threshold` (0: any opacity). */
  static fromImageData(imageData: ImageData, threshold?: number): Mask;
  /** A mask from an image, bitmap or canvas (or a `region` of it), read once through a canvas. */
  static fromImage(source: CanvasImageSource, threshold?: number, region?: Region): Mask;
  /** A `width` x `height` mask, every texel solid (or none). */
  static filled(width: number, height: number, solid?: boolean): Mask;
  readonly width: number;
  readonly height: number;
  /** How many texels are solid. */
  readonly count: number;
  /** Whether texel (x, y) is solid; anything outside is air. */
  getAt(x: number, y: number): boolean;
  /** Makes texel (x, y) solid or air. */
  setAt(x: number, y: number, solid?: boolean): void;
  /** Releases the mask's WebAssembly memory; using it afterwards throws a TypeError. */
  free(): void;
}

/** A mask placed in the world by a 2D matrix. */
export class Sprite {
  constructor(mask: Mask, matrix?: MatrixLike);
  mask: Mask;
  matrix: Float32Array;
  /** Places the sprite by a new matrix. */
  place(matrix: MatrixLike): this;
}

/** A point inside a solid texel of both, the unit normal from the first towards the second, the overlap along it. */
export interface Contact {
  x: number;
  y: number;
  normalX: number;
  normalY: number;
  depth: number;
}

/** The shortest move of the first sprite out of the second, and the pair's normal. */
export interface PushOut {
  x: number;
  y: number;
  normalX: number;
  normalY: number;
}

/** How far apart two sprites' solid texels are, and the closest point on each. */
export interface Distance {
  distance: number;
  a: { x: number; y: number };
  b: { x: number; y: number };
}

/** Where a ray enters a solid texel, the surface normal there, and how far along the ray. */
export interface RayHit {
  x: number;
  y: number;
  normalX: number;
  normalY: number;
  distance: number;
}

export function overlaps(a: Sprite, b: Sprite): boolean;
export function collide(a: Sprite, b: Sprite): Contact | null;
export function pushOut(a: Sprite, b: Sprite): PushOut | null;
export function distance(a: Sprite, b: Sprite): Distance | null;
export function overlapArea(a: Sprite, b: Sprite): number;
export function raycast(
  sprite: Sprite,
  origin: { x: number; y: number },
  direction: { x: number; y: number },
  maxDistance?: number,
): RayHit | null;
export function containsPoint(sprite: Sprite, x: number, y: number): boolean;
export function touchesRect(sprite: Sprite, x: number, y: number, width: number, height: number): boolean;
export function touchesCircle(sprite: Sprite, x: number, y: number, radius: number): boolean;
export function bounds(sprite: Sprite): Region;

/** When two moving sprites first touch over a step (see `timeOfImpact`). */
export interface Impact {
  /** The first time in the step, 0 to 1, at which they touch on solid texels. */
  time: number;
  /** A time they are found touching, at most 2^-14 after `time`. */
  contactTime: number;
  /** A world point inside solid texels of both at `contactTime`. */
  x: number;
  y: number;
}

/**
 * When `a` and `b` first touch while each moves from its matrix to `aTo` / `bTo` over a step (its
 * centre on a straight line, turning the short way round, scaling evenly), or `null`. A matrix
 * that shears throws a `RangeError`.
 */
export function timeOfImpact(a: Sprite, aTo: MatrixLike, b: Sprite, bTo: MatrixLike): Impact | null;

/** Many sprites in WebAssembly memory, moved by one `Float32Array` a frame. */
export class World {
  constructor();
  /** Keeps a copy of `mask`; returns its index for `addSprite`. */
  addMask(mask: Mask): number;
  /** Adds a sprite of mask index `mask`; returns the sprite's index. */
  addSprite(mask: number): number;
  /** How many sprites the world holds. */
  readonly size: number;
  /** Places every sprite: six numbers a sprite, in sprite order, copied into WebAssembly memory. */
  update(matrices: Float32Array): void;
  /**
   * Every touching pair `i < j`, as `[i0, j0, i1, j1, ...]`, sorted: a view of the world's buffer
   * in WebAssembly memory, valid until the next `update`, `pairs` or `addSprite` (`slice()` keeps it).
   */
  pairs(): Uint32Array;
  /** Releases the world's WebAssembly memory. */
  free(): void;
}
