// The adapters' `overlap`: every touching pair of two game objects or lists of them, each placed by
// the adapter. A call allocates nothing for a pair that does not touch: each game object keeps one
// `Sprite`, placed again in place at each call, and a touching pair's contact is worked out only
// when the callback reads it.

import { Sprite, collide, overlaps } from "./index.js";

/**
 * Where two placed sprites touch, worked out by `collide` the first time one of `point`, `normal`
 * and `depth` is read, from the placements the pair had when the contact was made.
 */
export class Contact {
  #a;
  #b;
  #found = null;

  constructor(a, b) {
    // Copies: the game objects' sprites are placed again by the next call.
    this.#a = new Sprite(a.mask, a.matrix);
    this.#b = new Sprite(b.mask, b.matrix);
  }

  #contact() {
    // `overlaps` said they touch, and `collide` touches exactly where `overlaps` does.
    this.#found ??= collide(this.#a, this.#b);
    return this.#found;
  }

  /** A world point `{x, y}` inside a solid texel of both. */
  get point() { return this.#contact().point; }
  /** The unit normal `{x, y}` from the first object towards the second. */
  get normal() { return this.#contact().normal; }
  /** How deep they overlap along the normal. */
  get depth() { return this.#contact().depth; }

  toJSON() {
    return { point: this.point, normal: this.normal, depth: this.depth };
  }
}

/**
 * An `overlap(a, b, callback, view)` for game objects: `place(object, sprite, view)` gives the
 * `Sprite` of `object` as drawn now, placing again `sprite` (the one it gave for the object before,
 * or `null`) where it can; `contact(sa, sb, first, view)` makes a touching pair's contact.
 */
export function overlapOf(place, contact = (sa, sb) => new Contact(sa, sb)) {
  // Each game object's sprite, and the call that last placed it.
  const kept = new WeakMap();
  let calls = 0;
  const placed = (o, call, view) => {
    let k = kept.get(o);
    if (k === undefined) {
      k = { sprite: null, call: -1 };
      kept.set(o, k);
    }
    if (k.call !== call) {
      k.sprite = place(o, k.sprite, view);
      k.call = call;
    }
    return k.sprite;
  };
  const each = (x, y, call, callback, view) => {
    if (x === y) return 0;
    const sx = placed(x, call, view);
    const sy = placed(y, call, view);
    if (!overlaps(sx, sy)) return 0;
    callback?.(x, y, contact(sx, sy, x, view));
    return 1;
  };
  return function overlap(a, b, callback, view) {
    // An object is placed once a call, however many pairs it is in; a call from inside a callback
    // is a call of its own.
    const call = ++calls;
    if (!Array.isArray(a) && !Array.isArray(b)) return each(a, b, call, callback, view);
    const left = Array.isArray(a) ? a : [a];
    const right = Array.isArray(b) ? b : [b];
    let count = 0;
    for (const x of left) {
      for (const y of right) count += each(x, y, call, callback, view);
    }
    return count;
  };
}
