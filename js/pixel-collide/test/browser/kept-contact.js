// An adapter's `overlap` against its own `spriteOf`: it counts a pair exactly when the pair's sprites
// overlap, and the contact it hands the callback is `collide`'s for the placements of the call, also
// when read only after the objects have moved and another call has placed them again.
import { collide, overlaps } from "pixel-collide";

/**
 * Checks `overlap(a, b)` against `sa` and `sb` (the adapter's sprites of `a` and `b`); `move()`
 * moves `a` and returns how to move it back. Throws naming what differs.
 */
export function checkOverlap(overlap, a, b, sa, sb, move) {
  let contact = null;
  const count = overlap(a, b, (_a, _b, c) => { contact = c; });
  const touching = overlaps(sa, sb);
  if (count !== (touching ? 1 : 0) || (contact !== null) !== touching) {
    throw new Error(`overlap counted ${count} pairs and gave ${contact ? "a" : "no"} contact where overlaps says ${touching}`);
  }
  if (contact === null) return false;
  const expected = collide(sa, sb);
  const back = move();
  overlap(a, b);
  const kept = { point: contact.point, normal: contact.normal, depth: contact.depth };
  back();
  if (JSON.stringify(kept) !== JSON.stringify(expected)) {
    throw new Error(`a contact read after its objects moved is ${JSON.stringify(kept)}, not ${JSON.stringify(expected)}`);
  }
  return true;
}
