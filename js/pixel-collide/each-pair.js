// The adapters' `overlap`: every touching pair of two game objects or lists of them, each placed by
// the adapter's own `spriteOf`.

import { collide } from "./index.js";

/**
 * An `overlap(a, b, callback, ...rest)` for game objects that `spriteOf(object, ...rest)` places;
 * `finish(contact, a, ...rest)`, when given, adds to each contact what the framework's coordinates need.
 */
export function overlapOf(spriteOf, finish) {
  return function overlap(a, b, callback, ...rest) {
    const left = Array.isArray(a) ? a : [a];
    const right = Array.isArray(b) ? b : [b];
    const placed = new Map();
    const place = (o) => {
      if (!placed.has(o)) placed.set(o, spriteOf(o, ...rest));
      return placed.get(o);
    };
    let count = 0;
    for (const x of left) {
      for (const y of right) {
        if (x === y) continue;
        const contact = collide(place(x), place(y));
        if (contact) {
          count++;
          finish?.(contact, x, ...rest);
          callback?.(x, y, contact);
        }
      }
    }
    return count;
  };
}
