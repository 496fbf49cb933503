// Random call sequences against the package's argument handling: every export called with
// arguments of every kind a caller might pass (numbers at the edges, NaN, infinities, strings,
// arrays of the wrong length, typed arrays, objects, freed masks), in random order. Each call
// returns or throws a TypeError, RangeError or Error with a one-line message; none traps in the
// wasm (a Rust panic). A call that never returns is the runner's to catch (`--test-timeout` in
// scripts/js.sh): a wall-clock bound per call here measured the machine, not the call (a garbage
// collection pause under load made a refused call take more than a second).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import * as pc from "../index.js";
import { rng } from "./browser/rng.js";

pc.initSync(readFileSync(new URL("../dist/pixel_collide_js_bg.wasm", import.meta.url)));

function value(r, depth = 0) {
  const kind = Math.floor(r() * (depth < 2 ? 12 : 8));
  switch (kind) {
    case 0: return Math.floor(r() * 70) - 3;
    case 1: return [0, -1, 2 ** 31, 2 ** 53, -(2 ** 53), 2 ** 23, 2 ** 24 + 1][Math.floor(r() * 7)];
    case 2: return (r() - 0.5) * 200;
    case 3: return [NaN, Infinity, -Infinity, 1e308, -0, 5e-324, 3.5e38][Math.floor(r() * 7)];
    case 4: return [null, undefined, true, "", "12", {}, () => 1, Symbol("s")][Math.floor(r() * 8)];
    case 5: return new Uint8Array(Math.floor(r() * 4) * 16);
    case 6: return pc.Mask.filled(1 + Math.floor(r() * 70), 1 + Math.floor(r() * 9));
    case 7: return new pc.Sprite(pc.Mask.filled(3, 3), [1, 0, 0, 1, r() * 5, r() * 5]);
    default: {
      const n = [0, 1, 2, 2, 6, 6, 7][Math.floor(r() * 7)];
      return Array.from({ length: n }, () => value(r, depth + 1));
    }
  }
}

function args(r) {
  return Array.from({ length: Math.floor(r() * 6) }, () => value(r));
}

function call(fn, list) {
  try {
    fn(...list);
  } catch (err) {
    assert.ok(!(err instanceof WebAssembly.RuntimeError), `a trap in the wasm: ${err.stack}`);
    assert.ok(err instanceof Error, `threw ${String(err)}`);
    assert.ok(!err.message.includes("\n"), `a message of more than one line: ${err.message}`);
  }
}

test("random calls on every export throw only documented errors, one line each", () => {
  const r = rng(20261202);
  const functions = [pc.overlaps, pc.collide, pc.pushOut, pc.distance, pc.overlapArea, pc.raycast,
    pc.containsPoint, pc.touchesRect, pc.touchesCircle, pc.bounds, pc.timeOfImpact];
  const masks = [pc.Mask.filled(9, 7), pc.Mask.filled(70, 3, false)];
  const sprites = masks.map((m) => new pc.Sprite(m, [1, 0, 0, 1, 0, 0]));
  const world = new pc.World();
  const maskMethods = Object.getOwnPropertyNames(pc.Mask.prototype).filter((n) => n !== "constructor");
  const worldMethods = Object.getOwnPropertyNames(pc.World.prototype)
    .filter((n) => n !== "constructor" && n !== "free");
  for (let i = 0; i < 4000; i++) {
    const kind = Math.floor(r() * 6);
    if (kind === 0) {
      call((...a) => pc.Mask.fromRgba(...a), args(r));
    } else if (kind === 1) {
      call((...a) => pc.Mask.filled(...a), args(r));
    } else if (kind === 2) {
      const m = masks[Math.floor(r() * masks.length)];
      const name = maskMethods[Math.floor(r() * maskMethods.length)];
      if (name !== "free") call((...a) => m[name](...a), args(r));
    } else if (kind === 3) {
      const list = [sprites[Math.floor(r() * 2)], ...args(r)];
      if (r() < 0.3) list[0] = value(r);
      call(functions[Math.floor(r() * functions.length)], list);
    } else if (kind === 4) {
      call((...a) => new pc.Sprite(...a), r() < 0.5 ? [masks[0], ...args(r)] : args(r));
    } else {
      const name = worldMethods[Math.floor(r() * worldMethods.length)];
      call((...a) => world[name](...a), r() < 0.5 ? [masks[0]] : args(r));
    }
  }
  // A freed mask is refused with an error, not a trap.
  const gone = pc.Mask.filled(4, 4);
  gone.free();
  call((m) => pc.overlaps(new pc.Sprite(m), sprites[0]), [gone]);
  assert.throws(() => new pc.Sprite(gone), /freed/);
  assert.equal(typeof pc.overlaps(sprites[0], sprites[0]), "boolean");
});
