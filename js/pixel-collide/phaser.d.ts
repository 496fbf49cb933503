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
}

/** The mask of a texture frame's pixels, read once and kept per frame and threshold. */
export function frameMask(frame: FramedGameObject["frame"], threshold?: number): Mask;
/** The matrix that places texel (x, y) of the game object's frame in the world. */
export function placement(gameObject: FramedGameObject): [number, number, number, number, number, number];
/** A `Sprite` for the game object, placed exactly as it is drawn now. */
export function spriteOf(gameObject: FramedGameObject, threshold?: number): Sprite;
/** A Phaser camera, as far as the adapter reads it. */
export interface CameraLike {
  getWorldPoint(x: number, y: number): { x: number; y: number };
}
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
