// The core package under Node: loaded with initSync from the wasm's bytes, checked against a
// brute-force reference on random masks and matrices, and on bad input.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import {
  Mask, Sprite, World, bounds, collide, containsPoint, distance, initSync, overlapArea, overlaps,
  pushOut, raycast, timeOfImpact, touchesCircle, touchesRect,
} from "../index.js";

import { rng } from "./browser/rng.js";

initSync(readFileSync(new URL("../dist/pixel_collide_js_bg.wasm", import.meta.url)));

function randomMask(r, w, h, density) {
  const data = new Uint8Array(w * h * 4);
  const solid = new Set();
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (r() < density) {
        data[(y * w + x) * 4 + 3] = 255;
        solid.add(y * w + x);
      }
    }
  }
  return { mask: Mask.fromRgba(data, w, h), solid, w, h };
}

function randomMatrix(r) {
  const angle = r() * Math.PI * 2;
  const sx = (0.5 + r() * 2) * (r() < 0.2 ? -1 : 1);
  const sy = r() < 0.5 ? sx : (0.5 + r() * 2) * (r() < 0.2 ? -1 : 1);
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  return [c * sx, s * sx, -s * sy, c * sy, 10 + r() * 30, 10 + r() * 30];
}

// The texel of a mask under world point p, through the inverse of its matrix (in doubles).
function texelAt(m, p) {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  const x = p[0] - e;
  const y = p[1] - f;
  return [(d * x - c * y) / det, (-b * x + a * y) / det];
}

// Whether the world point p lies inside a solid texel, or undefined within `eps` of a texel edge.
function solidAt(s, m, p, eps) {
  const [tx, ty] = texelAt(m, p);
  const fx = tx - Math.floor(tx);
  const fy = ty - Math.floor(ty);
  if (Math.min(fx, 1 - fx, fy, 1 - fy) < eps) return undefined;
  const [x, y] = [Math.floor(tx), Math.floor(ty)];
  return x >= 0 && y >= 0 && x < s.w && y < s.h && s.solid.has(y * s.w + x);
}

test("two squares a texel apart touch by one texel, and not edge to edge", () => {
  const square = Mask.filled(4, 4);
  const a = new Sprite(square, [1, 0, 0, 1, 0, 0]);
  const b = new Sprite(square, { a: 1, b: 0, c: 0, d: 1, tx: 3, ty: 3 });
  const c = collide(a, b);
  const { x, y } = c.point;
  assert.ok(x > 3 && x < 4 && y > 3 && y < 4, JSON.stringify(c));
  assert.equal(c.depth, 1);
  const back = collide(b, a);
  assert.deepEqual([back.point, back.depth], [c.point, c.depth]);
  assert.deepEqual([back.normal.x, back.normal.y], [-c.normal.x, -c.normal.y]);
  assert.equal(overlaps(a, new Sprite(square, [1, 0, 0, 1, 4, 0])), false, "edge to edge");
  assert.equal(overlapArea(a, b), 1);
  const push = pushOut(a, b);
  const moved = new Sprite(square, [1, 0, 0, 1, push.offset.x, push.offset.y]);
  assert.equal(overlaps(moved, b), false);
  assert.equal(push.budgetRanOut, false);
  square.free();
});

test("overlaps agrees with texel sampling on random masks and turned, scaled, flipped matrices", () => {
  const r = rng(7);
  let touching = 0;
  for (let i = 0; i < 150; i++) {
    const A = randomMask(r, 1 + Math.floor(r() * 20), 1 + Math.floor(r() * 20), 0.4);
    const B = randomMask(r, 1 + Math.floor(r() * 20), 1 + Math.floor(r() * 20), 0.4);
    const [ma, mb] = [randomMatrix(r), randomMatrix(r)];
    const [a, b] = [new Sprite(A.mask, ma), new Sprite(B.mask, mb)];
    const hit = overlaps(a, b);
    assert.equal(overlaps(b, a), hit, "symmetric");
    assert.equal(collide(a, b) !== null, hit);
    // Every sampled point solid in both (clear of texel edges) proves a touch.
    let sampled = false;
    for (let y = 0; y < 60 && !sampled; y += 0.37) {
      for (let x = 0; x < 60 && !sampled; x += 0.41) {
        sampled = solidAt(A, ma, [x, y], 1e-3) === true && solidAt(B, mb, [x, y], 1e-3) === true;
      }
    }
    if (sampled) {
      assert.ok(hit, `case ${i}: a sampled point lies in both`);
      touching++;
    }
    if (hit) {
      const c = collide(a, b);
      assert.ok(containsPoint(a, c.point) || solidAt(A, ma, [c.point.x, c.point.y], 1e-3) === undefined);
      assert.ok(Math.abs(Math.hypot(c.normal.x, c.normal.y) - 1) < 1e-5);
    }
    A.mask.free();
    B.mask.free();
  }
  assert.ok(touching > 30, `only ${touching} sampled touches`);
});

test("points, rectangles, circles, rays, bounds and distance", () => {
  const m = Mask.filled(10, 10);
  const s = new Sprite(m, [2, 0, 0, 2, 100, 50]); // 20 x 20 at (100, 50)
  assert.equal(containsPoint(s, { x: 110, y: 60 }), true);
  assert.equal(containsPoint(s, { x: 99, y: 60 }), false);
  assert.equal(touchesRect(s, { x: 90, y: 40, width: 11, height: 11 }), true);
  assert.equal(touchesRect(s, { x: 90, y: 40, width: 10, height: 10 }), false);
  assert.equal(touchesCircle(s, { x: 95, y: 60, radius: 5.5 }), true);
  assert.equal(touchesCircle(s, { x: 95, y: 60, radius: 4.5 }), false);
  const hit = raycast(s, { x: 0, y: 60 }, { x: 1, y: 0 });
  assert.deepEqual(hit, { point: { x: 100, y: 60 }, normal: { x: -1, y: 0 }, distance: 100 });
  assert.equal(raycast(s, { x: 0, y: 60 }, { x: 1, y: 0 }, 50), null);
  assert.deepEqual(bounds(s), { x: 100, y: 50, width: 20, height: 20 });
  const far = new Sprite(m, [1, 0, 0, 1, 130, 50]);
  assert.deepEqual(distance(s, far), {
    distance: 10, onA: { x: 120, y: 50 }, onB: { x: 130, y: 50 }, lowerBound: 10, budgetRanOut: false,
  });
  m.free();
});

test("a world finds the touching pairs that pairwise overlaps finds", () => {
  const r = rng(11);
  const masks = [randomMask(r, 12, 9, 0.6), randomMask(r, 30, 4, 0.7), randomMask(r, 7, 7, 1)];
  const world = new World();
  const ids = masks.map((m) => world.addMask(m.mask));
  const n = 120;
  const kinds = [];
  for (let i = 0; i < n; i++) {
    kinds.push(Math.floor(r() * masks.length));
    world.addSprite(ids[kinds[i]]);
  }
  assert.equal(world.size, n);
  for (let frame = 0; frame < 3; frame++) {
    const matrices = new Float32Array(6 * n);
    for (let i = 0; i < n; i++) {
      const m = randomMatrix(r);
      m[4] *= 4;
      m[5] *= 4;
      matrices.set(m, 6 * i);
    }
    world.update(matrices);
    const want = [];
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const a = new Sprite(masks[kinds[i]].mask, matrices.subarray(6 * i, 6 * i + 6));
        const b = new Sprite(masks[kinds[j]].mask, matrices.subarray(6 * j, 6 * j + 6));
        if (overlaps(a, b)) want.push(i, j);
      }
    }
    assert.deepEqual(Array.from(world.pairs()), want);
    assert.ok(want.length > 10);
  }
  // A sprite added later moves the world's buffers: the next frame writes and reads the new ones.
  world.addSprite(ids[2]);
  const placed = new Float32Array(6 * (n + 1));
  for (let i = 0; i < n; i++) placed.set([1, 0, 0, 1, 1000 + 40 * i, 0], 6 * i);
  // The 7 x 7 solid square over a texel of sprite 7, which has one within 7 texels of its corner.
  placed.set([1, 0, 0, 1, 1000 + 40 * 7, 0], 6 * n);
  world.update(placed);
  assert.deepEqual(Array.from(world.pairs()), [7, n]);
  world.free();
});

test("time of impact: nothing passes through unseen, and no touch is found before its time", () => {
  // A bar one texel thin falls 100 px in a step past a one-texel ledge: both ends of the step miss it.
  const bar = Mask.filled(40, 1);
  const dot = Mask.filled(1, 1);
  const ledge = new Sprite(dot, [1, 0, 0, 1, 20, 50]);
  const fall = timeOfImpact(new Sprite(bar, [1, 0, 0, 1, 0, 0]), [1, 0, 0, 1, 0, 100], ledge, ledge.matrix);
  assert.ok(Math.abs(fall.time - 0.49) < 1e-3, `${fall.time}`);
  assert.ok(fall.time <= fall.contactTime && fall.contactTime <= fall.time + 2 ** -14);
  assert.ok(Math.abs(fall.point.x - 20.5) <= 0.5 && Math.abs(fall.point.y - 50.5) <= 0.5);
  // A bar 40 x 2 turning a quarter about its centre at (50, 50) sweeps over a texel on its diagonal,
  // and turning the same quarter written as three quarters the other way changes nothing.
  const thin = Mask.filled(40, 2);
  const turned = (angle) => {
    const [c, s] = [Math.cos(angle), Math.sin(angle)];
    return [c, s, -s, c, 50 - c * 20 + s * 1, 50 - s * 20 - c * 1];
  };
  const onDiagonal = new Sprite(dot, [1, 0, 0, 1, 59.5, 59.5]);
  const quarter = timeOfImpact(new Sprite(thin, turned(0)), turned(Math.PI / 2), onDiagonal, onDiagonal.matrix);
  assert.ok(quarter.time > 0.4 && quarter.time < 0.5, `${quarter.time}`);
  const same = timeOfImpact(new Sprite(thin, turned(0)), turned(-1.5 * Math.PI), onDiagonal, onDiagonal.matrix);
  assert.ok(Math.abs(same.time - quarter.time) < 1e-4, `${same.time} against ${quarter.time}`);
  // Random masks sliding past each other, turned and scaled but not turning: against 400 samples.
  const r = rng(23);
  let touched = 0;
  for (let round = 0; round < 40; round++) {
    const ma = randomMask(r, 3 + Math.floor(r() * 20), 3 + Math.floor(r() * 20), 0.5);
    const mb = randomMask(r, 3 + Math.floor(r() * 20), 3 + Math.floor(r() * 20), 0.5);
    const [a, b] = [randomMatrix(r), randomMatrix(r)];
    const [aTo, bTo] = [a.slice(), b.slice()];
    aTo[4] += (r() - 0.5) * 80;
    aTo[5] += (r() - 0.5) * 80;
    const at = (m, to, t) => [m[0], m[1], m[2], m[3], m[4] + (to[4] - m[4]) * t, m[5] + (to[5] - m[5]) * t];
    const hit = timeOfImpact(new Sprite(ma.mask, a), aTo, new Sprite(mb.mask, b), bTo);
    let first = null;
    for (let k = 0; k <= 400 && first === null; k++) {
      const t = k / 400;
      if (overlaps(new Sprite(ma.mask, at(a, aTo, t)), new Sprite(mb.mask, at(b, bTo, t)))) first = t;
    }
    if (first !== null) {
      touched++;
      assert.ok(hit !== null && hit.time <= first + 1e-6, `round ${round}: touch at ${first}, impact ${hit?.time}`);
    }
    if (hit !== null) {
      for (let k = 0; k < 400 && k / 400 < hit.time - 1e-4; k++) {
        const t = k / 400;
        assert.ok(!overlaps(new Sprite(ma.mask, at(a, aTo, t)), new Sprite(mb.mask, at(b, bTo, t))),
          `round ${round}: touching at ${t} before the impact at ${hit.time}`);
      }
    }
  }
  assert.ok(touched > 10, `${touched} rounds touched`);
  throwsNaming(() => timeOfImpact(new Sprite(bar), [1, 0.5, 0, 1, 0, 0], ledge, ledge.matrix), RangeError, "aTo");
  throwsNaming(() => timeOfImpact(new Sprite(bar), [1, 0, 0, 1, NaN, 0], ledge, ledge.matrix), RangeError, "aTo[4]");
});

function throwsNaming(fn, Kind, name) {
  assert.throws(fn, (e) => e instanceof Kind && e.message.includes(name), `${Kind.name} naming ${name}`);
}

test("answers stay right after WebAssembly's memory grows under the exchange buffer's view", () => {
  const square = Mask.filled(4, 4);
  const a = new Sprite(square, [1, 0, 0, 1, 0, 0]);
  const b = new Sprite(square, [1, 0, 0, 1, 3, 0]);
  const before = collide(a, b);
  assert.deepEqual(bounds(b), { x: 3, y: 0, width: 4, height: 4 });
  // Masks large enough that the module's memory must grow, which empties every view of it.
  const big = [Mask.filled(4000, 4000), Mask.filled(4000, 4000)];
  b.place([1, 0, 0, 1, 2, 1]);
  const after = collide(a, b);
  assert.deepEqual(bounds(b), { x: 2, y: 1, width: 4, height: 4 });
  assert.ok(before.point.x >= 3 && before.point.x <= 4, JSON.stringify(before));
  assert.ok(after.point.x >= 2 && after.point.x <= 4 && after.point.y >= 1, JSON.stringify(after));
  assert.equal(overlapArea(a, b), 2 * 3);
  for (const m of big) m.free();
});

test("a sprite keeps its own copy of the matrix it is placed by, untouched by a place that throws", () => {
  const square = Mask.filled(4, 4);
  const m = Float32Array.of(1, 0, 0, 1, 0, 0);
  const s = new Sprite(square, m);
  m[4] = 100;
  assert.equal(bounds(s).x, 0);
  s.matrix = [1, 0, 0, 1, 5, 0];
  assert.equal(bounds(s).x, 5);
  assert.throws(() => { s.matrix = [9, 9, 9, 9, "5", 0]; }, TypeError);
  assert.throws(() => s.place({ a: 2, b: 0, c: 0, d: 2, tx: 1, ty: null }), TypeError);
  // A place that throws leaves the sprite where it was.
  assert.deepEqual([...s.matrix], [1, 0, 0, 1, 5, 0]);
});

test("bad input throws TypeError or RangeError naming the argument", () => {
  const m = Mask.filled(3, 3);
  const ok = new Sprite(m);
  throwsNaming(() => overlaps(ok, new Sprite(m, [1, 0, 0, 1, NaN, 0])), RangeError, "matrixB[4]");
  throwsNaming(() => new Sprite(m, [1, 0, 0]), RangeError, "matrix");
  throwsNaming(() => new Sprite(m, "identity"), TypeError, "matrix");
  throwsNaming(() => new Sprite({}, [1, 0, 0, 1, 0, 0]), TypeError, "mask");
  throwsNaming(() => Mask.fromRgba(new Uint8Array(7), 1, 2), RangeError, "data");
  throwsNaming(() => Mask.fromRgba(new Uint8Array(0), 0, 3), RangeError, "0 x 3");
  throwsNaming(() => Mask.fromRgba(new Uint8Array(4), 1, 1, 300), RangeError, "threshold");
  throwsNaming(() => Mask.fromRgba("abcd", 1, 1), TypeError, "data");
  throwsNaming(() => Mask.filled(2 ** 24, 2), RangeError, "texels a side");
  throwsNaming(() => raycast(ok, { x: 0, y: NaN }, { x: 1, y: 0 }), RangeError, "origin");
  throwsNaming(() => touchesCircle(ok, { x: 0, y: 0, radius: -1 }), RangeError, "radius");
  throwsNaming(() => touchesCircle(ok, 0, 0, 1), TypeError, "circle");
  throwsNaming(() => containsPoint(ok, 1, 1), TypeError, "point");
  throwsNaming(() => touchesRect(ok, { x: 0, y: 0, width: "3", height: 1 }), TypeError, "rect.width");
  throwsNaming(() => m.set(5, 0), RangeError, "outside");
  const world = new World();
  throwsNaming(() => world.addSprite(0), RangeError, "mask 0");
  throwsNaming(() => world.update([1, 0, 0, 1, 0, 0]), TypeError, "matrices");
  world.addSprite(world.addMask(m));
  throwsNaming(() => world.update(new Float32Array(5)), RangeError, "matrices");
  throwsNaming(() => world.update(Float32Array.of(1, 0, 0, 1, Infinity, 0)), RangeError, "sprite 0");
  m.free();
  throwsNaming(() => overlaps(ok, ok), TypeError, "freed");
  throwsNaming(() => m.solidCount, TypeError, "freed");
});

test("the type declarations name every export, and nothing more", async () => {
  const declared = new Set(
    [...readFileSync(new URL("../index.d.ts", import.meta.url), "utf8").matchAll(
      /^export (?:function|class|type|interface) (\w+)/gm,
    )].map((m) => m[1]),
  );
  const types = new Set(["WasmSource", "MatrixLike", "Region", "Point", "CircleLike", "Contact", "PushOut", "Distance", "RayHit", "Impact"]);
  const exported = Object.keys(await import("../index.js"));
  assert.deepEqual(new Set([...declared].filter((n) => !types.has(n))), new Set(exported));
});

test("the adapters' type declarations name every export", async () => {
  for (const name of ["phaser", "pixi"]) {
    const declared = new Set(
      [...readFileSync(new URL(`../${name}.d.ts`, import.meta.url), "utf8").matchAll(
        /^export function (\w+)/gm,
      )].map((m) => m[1]),
    );
    assert.deepEqual(declared, new Set(Object.keys(await import(`../${name}.js`))), name);
  }
});
