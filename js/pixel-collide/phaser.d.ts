// Type declarations of pixel-collide/phaser: Phaser game objects as exact pixel-collide sprites.

import type { Contact, Mask, Point, Sprite } from "./index.js";

/** A Phaser game object with a texture frame (an Image or a Sprite), as far as the adapter reads it. */
export interface FramedGameObject {
  frame: {
    source: { image: CanvasImageSource };
    cutX: number;
    cutY: number;
    cutWidth: number;
    cutHeight: number;
    /** The trim offset of an atlas frame's cut within its untrimmed size (0 when not trimmed). */
    x: number;
    y: number;
    /** The untrimmed size. */
    realWidth: number;
    realHeight: number;
    /** A frame with its own pivot, which Phaser flips about the origin. */
    customPivot?: boolean;
  };
  flipX: boolean;
  flipY: boolean;
  displayOriginX: number;
  displayOriginY: number;
  getWorldTransformMatrix(): { a: number; b: number; c: number; d: number; tx: number; ty: number };
  /** Its position in its parent's space, which Phaser floors as it snaps. */
  x?: number;
  y?: number;
  /** The container it is in, whose matrix places that position. */
  parentContainer?: { getWorldTransformMatrix(): { a: number; b: number; c: number; d: number } } | null;
  /** Its scene: the main camera, and the renderer whose snap counts. */
  scene?: { cameras?: { main?: CameraLike }; sys?: { game?: { renderer?: { type: number } } } };
  /** Phaser 4: whether it draws its corners rounded through a camera. */
  willRoundVertices?(camera: CameraLike, onlyTranslated: boolean): boolean;
}

/** The mask of a texture frame's pixels, read once and kept per frame and threshold. */
export function frameMask(frame: FramedGameObject["frame"], threshold?: number): Mask;
/** A Phaser camera, as far as the adapter reads it. */
export interface CameraLike {
  getWorldPoint(x: number, y: number): { x: number; y: number };
  /** Whether the camera draws snapped to whole pixels (the game's `pixelArt` or `roundPixels`). */
  roundPixels?: boolean;
}
/** Where to place a game object from: the camera whose drawing counts, and whether Phaser's snap does. */
export interface PlacementOptions {
  /** The camera it is drawn through (by default its scene's main camera). */
  camera?: CameraLike;
  /** Whether to place it snapped as Phaser draws it (by default the camera's `roundPixels`). */
  snap?: boolean;
}
/** The matrix that places texel (x, y) of the game object's frame in the world, as it is drawn. */
export function placement(
  gameObject: FramedGameObject,
  options?: PlacementOptions,
): [number, number, number, number, number, number];
/** A `Sprite` for the game object, placed exactly as it is drawn now. */
export function spriteOf(gameObject: FramedGameObject, threshold?: number, options?: PlacementOptions): Sprite;
/** Where world point `point` shows on the screen through `camera`. */
export function screenPoint(camera: CameraLike, point: Point): Point;
/** A contact in world coordinates, with where its point shows on the screen. */
export interface ScreenContact extends Contact {
  screen: Point;
}
/** Calls `callback` for every touching pair of `a` and `b`; returns how many touched. */
export function overlap<A extends FramedGameObject, B extends FramedGameObject>(
  a: A | A[],
  b: B | B[],
  callback?: (a: A, b: B, contact: ScreenContact) => void,
  camera?: CameraLike,
): number;
