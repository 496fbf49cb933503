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

/** A rectangle: a part of an image in pixels, or an axis-aligned rectangle in the world. */
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
  readonly solidCount: number;
  /** Whether texel (x, y) is solid; anything outside is air. */
  isSolid(x: number, y: number): boolean;
  /** Makes texel (x, y) solid or air. */
  set(x: number, y: number, solid?: boolean): void;
  /** Releases the mask's WebAssembly memory; using it afterwards throws a TypeError. */
  free(): void;
}

/** A mask placed in the world by a 2D matrix. */
export class Sprite {
  constructor(mask: Mask, matrix?: MatrixLike);
  mask: Mask;
  /** The sprite's own six numbers, which `place` (or setting `matrix`) overwrites. */
  get matrix(): Float32Array;
  set matrix(matrix: MatrixLike);
  /** Places the sprite by a new matrix, its numbers copied into the sprite's own. */
  place(matrix: MatrixLike): this;
}

/** A point or a vector in the world, y down. */
export interface Point {
  x: number;
  y: number;
}

/** A circle in the world, as Phaser's `Geom.Circle` and PixiJS's `Circle` hold one. */
export interface CircleLike {
  x: number;
  y: number;
  radius: number;
}

/** Where two sprites touch: a point inside a solid texel of both, the unit normal from the first towards the second, the overlap along it. */
export interface Contact {
  point: Point;
  normal: Point;
  depth: number;
}

/** The shortest move of the first sprite out of the second, the pair's normal, and whether the search ran out of its work budget. */
export interface PushOut {
  offset: Point;
  normal: Point;
  /** True when the search ran out of its work budget and parted the two sprites' bounds instead. */
  budgetRanOut: boolean;
}

/** How far apart two sprites' solid texels are, and the closest point on each. */
export interface Distance {
  distance: number;
  onA: Point;
  onB: Point;
  /** No pair of solid texels lies closer: `distance` unless the search ran out of its work budget. */
  lowerBound: number;
  /** Whether the search ran out of its work budget before it was sure. */
  budgetRanOut: boolean;
}

/** Where a ray enters a solid texel, the surface normal there, and how far along the ray. */
export interface RayHit {
  point: Point;
  normal: Point;
  distance: number;
}

export function overlaps(a: Sprite, b: Sprite): boolean;
export function collide(a: Sprite, b: Sprite): Contact | null;
export function pushOut(a: Sprite, b: Sprite): PushOut | null;
export function distance(a: Sprite, b: Sprite): Distance | null;
export function overlapArea(a: Sprite, b: Sprite): number;
export function raycast(sprite: Sprite, origin: Point, direction: Point, maxDistance?: number): RayHit | null;
export function containsPoint(sprite: Sprite, point: Point): boolean;
export function touchesRect(sprite: Sprite, rect: Region): boolean;
export function touchesCircle(sprite: Sprite, circle: CircleLike): boolean;
export function bounds(sprite: Sprite): Region;

/** When two moving sprites first touch over a step (see `timeOfImpact`). */
export interface Impact {
  /** The first time in the step, 0 to 1, at which they touch on solid texels. */
  time: number;
  /** A time they are found touching, at most 2^-14 after `time`. */
  contactTime: number;
  /** A world point inside solid texels of both at `contactTime`. */
  point: Point;
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
