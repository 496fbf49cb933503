// Timings in the browser, one page, interleaved rounds, medians: a turned pair answered by the
// package against the canvas way (both sprites drawn transformed into an offscreen canvas, read
// back with getImageData, alpha compared), after checking they agree; and a World of 10,000 turned
// sprites moved and asked for every touching pair each frame.
import { init, Mask, Sprite, World, overlaps, pushOut, distance } from "pixel-collide";
import { rng } from "./rng.js";

const SIDE = 64;

function disc(side, r) {
  const c = new OffscreenCanvas(side, side);
  const g = c.getContext("2d");
  g.fillStyle = "#c84";
  g.beginPath();
  g.arc(side / 2, side / 2, side / 2 - 1, 0, Math.PI * 2);
  g.fill();
  g.globalCompositeOperation = "destination-out";
  for (let i = 0; i < 6; i++) {
    g.beginPath();
    g.arc(r() * side, r() * side, 2 + r() * 4, 0, Math.PI * 2);
    g.fill();
  }
  return c;
}

function turned(r, side) {
  const angle = r() * Math.PI * 2;
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  const [x, y] = [96 + r() * 64, 96 + r() * 64];
  // About the centre: translate(x, y) . rotate . translate(-side / 2, -side / 2).
  return [c, s, -s, c, x - (c * side) / 2 + (s * side) / 2, y - (s * side) / 2 - (c * side) / 2];
}

// The canvas way: draw each sprite transformed into a canvas over both, read both, compare alpha.
function canvasWay(ctx, size, imgA, mA, imgB, mB) {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, size, size);
  ctx.setTransform(...mA);
  ctx.drawImage(imgA, 0, 0);
  const a = ctx.getImageData(0, 0, size, size).data;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, size, size);
  ctx.setTransform(...mB);
  ctx.drawImage(imgB, 0, 0);
  const b = ctx.getImageData(0, 0, size, size).data;
  for (let i = 3; i < a.length; i += 4) {
    if (a[i] > 0 && b[i] > 0) return true;
  }
  return false;
}

function median(xs) {
  const s = [...xs].sort((p, q) => p - q);
  return s[s.length >> 1];
}

export async function run() {
  await init();
  const r = rng(6);
  const [imgA, imgB] = [disc(SIDE, r), disc(SIDE, r)];
  const [maskA, maskB] = [Mask.fromImage(imgA), Mask.fromImage(imgB)];
  const frames = Array.from({ length: 200 }, () => [turned(r, SIDE), turned(r, SIDE)]);
  const size = 256;
  const ctx = new OffscreenCanvas(size, size).getContext("2d", { willReadFrequently: true });
  ctx.imageSmoothingEnabled = false;
  const sa = new Sprite(maskA);
  const sb = new Sprite(maskB);
  // Agreement first, outside the band where the canvas's sampling and the texel edges differ.
  let agree = 0, band = 0, touching = 0;
  for (const [mA, mB] of frames) {
    sa.place(mA);
    sb.place(mB);
    const ours = overlaps(sa, sb);
    const theirs = canvasWay(ctx, size, imgA, mA, imgB, mB);
    const push = pushOut(sa, sb);
    const clear = (push && Math.hypot(push.offset.x, push.offset.y) >= 1) || (!push && distance(sa, sb).distance > 1.5);
    if (!clear) band++;
    else if (ours === theirs) agree++;
    else throw new Error(`a pair clear of the texel edges disagrees with the canvas: ${JSON.stringify([mA, mB])}`);
    if (ours) touching++;
  }
  const ourTimes = [], canvasTimes = [];
  for (let round = 0; round < 15; round++) {
    const sides = [
      () => {
        // Ten passes a round, so that the browser's 0.1 ms clock steps are 0.05 us of a pair.
        const t = performance.now();
        for (let pass = 0; pass < 10; pass++) {
          for (const [mA, mB] of frames) {
            sa.place(mA);
            sb.place(mB);
            overlaps(sa, sb);
          }
        }
        ourTimes.push((performance.now() - t) / (10 * frames.length));
      },
      () => {
        const t = performance.now();
        for (const [mA, mB] of frames) canvasWay(ctx, size, imgA, mA, imgB, mB);
        canvasTimes.push((performance.now() - t) / frames.length);
      },
    ];
    if (round % 2) sides.reverse();
    sides.forEach((f) => f());
  }

  // 10,000 turned sprites of 16 to 48 px in a 4096 px square field.
  const world = new World();
  const kinds = [16, 24, 32, 40, 48].map((s) => world.addMask(Mask.fromImage(disc(s, r))));
  const n = 10000;
  const sideOf = [];
  for (let i = 0; i < n; i++) {
    const k = Math.floor(r() * kinds.length);
    world.addSprite(kinds[k]);
    sideOf.push(16 + 8 * k);
  }
  const matrices = new Float32Array(6 * n);
  const pos = Array.from({ length: n }, () => [r() * 4096, r() * 4096, r() * Math.PI * 2]);
  const worldTimes = [], updateTimes = [], pairTimes = [];
  let pairs = 0;
  for (let frame = 0; frame < 80; frame++) {
    const t = performance.now();
    for (let i = 0; i < n; i++) {
      const p = pos[i];
      p[2] += 0.05;
      const [c, s, h] = [Math.cos(p[2]), Math.sin(p[2]), sideOf[i] / 2];
      matrices.set([c, s, -s, c, p[0] - c * h + s * h, p[1] - s * h - c * h], 6 * i);
    }
    const t1 = performance.now();
    world.update(matrices);
    const t2 = performance.now();
    pairs = world.pairs().length / 2;
    const t3 = performance.now();
    worldTimes.push(t3 - t);
    updateTimes.push(t2 - t1);
    pairTimes.push(t3 - t2);
  }
  return {
    agree, band, touching,
    oursUs: median(ourTimes) * 1000,
    canvasUs: median(canvasTimes) * 1000,
    ratio: median(canvasTimes) / median(ourTimes),
    worldMs: median(worldTimes.slice(40)),
    updateMs: median(updateTimes.slice(40)),
    pairsMs: median(pairTimes.slice(40)),
    pairs,
  };
}
