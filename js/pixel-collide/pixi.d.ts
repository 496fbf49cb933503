// Type declarations of pixel-collide/pixi: PixiJS 8 Sprites as exact pixel-collide sprites.

import type { Contact, Mask, Sprite } from "./index.js";

/** A PixiJS 8 texture, as far as the adapter reads it. */
export interface PixiTexture {
  source: { resource: CanvasImageSource; resolution?: number };
  frame: { x: number; y: number; width: number; height: number };
  orig: { width: number; height: number };
  trim?: { x: number; y: number } | null;
  rotate?: number;
}

/** A PixiJS 8 Sprite, as far as the adapter reads it. */
export interface PixiSprite {
  texture: PixiTexture;
  anchor: { x: number; y: number };
  getGlobalTransform(): { a: number; b: number; c: number; d: number; tx: number; ty: number };
}

/** The mask of a texture's frame pixels, read once and kept per texture and threshold. */
export function textureMask(texture: PixiTexture, threshold?: number): Mask;
/** The matrix that places texel (x, y) of the sprite's texture frame in the world. */
export function placement(sprite: PixiSprite): [number, number, number, number, number, number];
/** A `Sprite` of this package for the PixiJS Sprite, placed exactly as it is drawn now. */
export function spriteOf(sprite: PixiSprite, threshold?: number): Sprite;
/** Calls `callback` for every touching pair of `a` and `b`; returns how many touched. */
export function overlap<A extends PixiSprite, B extends PixiSprite>(
  a: A | A[],
  b: B | B[],
  callback?: (a: A, b: B, contact: Contact) => void,
): number;
