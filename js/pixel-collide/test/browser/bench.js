// Timings in the browser, one page, interleaved rounds, medians. A turned pair asked whether it
// touches: through a `Sprite` placed and `overlaps`, through each adapter's `overlap` on its
// framework's own objects (Phaser with `roundPixels` off and on, PixiJS), and the strongest canvas
// way (only the region where the two sprites' rectangles meet drawn, the second sprite composited
// `source-in` over the first, read back once), after checking that they all agree. Then a World of
// 10,000 turned sprites moved and asked for every touching pair each frame.
import * as Phaser from "phaser";
import * as PIXI from "pixi.js";
import { init, Mask, Sprite, World, overlaps, pushOut, distance } from "pixel-collide";
import { overlap as phaserOverlap, spriteOf as phaserSprite } from "pixel-collide/phaser";
import { overlap as pixiOverlap, spriteOf as pixiSprite } from "pixel-collide/pixi";
import { rng } from "./rng.js";

const SIDE = 64;
// Mask seeds: each pair's two sprites show two of them.
const SEEDS = 3;
const PAIRS = 300;
// Centres drawn up to this far apart: deep, grazing and apart pairs (a little over half touch).
const REACH = 110;

function disc(side, r, canvas = new OffscreenCanvas(side, side)) {
  const g = canvas.getContext("2d");
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
  return canvas;
}

function canvasOf(side) {
  return Object.assign(document.createElement("canvas"), { width: side, height: side });
}

// The matrix of a `side` px sprite turned by `angle` about its centre at (x, y).
function turned(x, y, angle, side) {
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  return [c, s, -s, c, x - (c * side) / 2 + (s * side) / 2, y - (s * side) / 2 - (c * side) / 2];
}

// The pixel rectangle around a `w` x `h` image placed by `m`, [x0, y0, x1, y1].
function pixelBounds([a, b, c, d, e, f], w, h) {
  const xs = [e, a * w + e, c * h + e, a * w + c * h + e];
  const ys = [f, b * w + f, d * h + f, b * w + d * h + f];
  return [Math.floor(Math.min(...xs)), Math.floor(Math.min(...ys)), Math.ceil(Math.max(...xs)), Math.ceil(Math.max(...ys))];
}

// The strongest canvas way: nothing drawn unless the rectangles meet; then only where they meet,
// the second image kept only where the first is opaque (`source-in`), one read back.
function canvasWay(ctx, imgA, mA, imgB, mB) {
  const [ax0, ay0, ax1, ay1] = pixelBounds(mA, imgA.width, imgA.height);
  const [bx0, by0, bx1, by1] = pixelBounds(mB, imgB.width, imgB.height);
  const [x0, y0, x1, y1] = [Math.max(ax0, bx0), Math.max(ay0, by0), Math.min(ax1, bx1), Math.min(ay1, by1)];
  if (x0 >= x1 || y0 >= y1) return false;
  const [w, h] = [x1 - x0, y1 - y0];
  ctx.globalCompositeOperation = "source-over";
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, w, h);
  ctx.setTransform(mA[0], mA[1], mA[2], mA[3], mA[4] - x0, mA[5] - y0);
  ctx.drawImage(imgA, 0, 0);
  ctx.globalCompositeOperation = "source-in";
  ctx.setTransform(mB[0], mB[1], mB[2], mB[3], mB[4] - x0, mB[5] - y0);
  ctx.drawImage(imgB, 0, 0);
  const data = ctx.getImageData(0, 0, w, h).data;
  for (let i = 3; i < data.length; i += 4) {
    if (data[i] > 0) return true;
  }
  return false;
}

function median(xs) {
  const s = [...xs].sort((p, q) => p - q);
  return s[s.length >> 1];
}

// A Phaser game with one scene, its loop stopped once the scene is made: the bench moves the
// objects itself. `roundPixels` as the game's setting.
function phaserScene(roundPixels) {
  return new Promise((resolve) => {
    const game = new Phaser.Game({
      type: Phaser.CANVAS, width: 256, height: 256, roundPixels, banner: false, audio: { noAudio: true },
      scene: { create() { game.loop.sleep(); resolve(this); } },
    });
  });
}

// Microseconds a call since `t`, over `n` calls.
const us = (t, n) => ((performance.now() - t) * 1000) / n;

export async function run() {
  await init();
  const r = rng(6);
  const images = Array.from({ length: SEEDS }, () => disc(SIDE, r, canvasOf(SIDE)));
  const masks = images.map((img) => Mask.fromImage(img));
  const pairs = Array.from({ length: PAIRS }, () => {
    const [ka, kb] = [Math.floor(r() * SEEDS), Math.floor(r() * SEEDS)];
    const [dist, towards] = [r() * REACH, r() * Math.PI * 2];
    const a = { x: 128, y: 128, angle: r() * Math.PI * 2 };
    const b = { x: 128 + dist * Math.cos(towards), y: 128 + dist * Math.sin(towards), angle: r() * Math.PI * 2 };
    return { ka, kb, a, b, mA: turned(a.x, a.y, a.angle, SIDE), mB: turned(b.x, b.y, b.angle, SIDE) };
  });
  const ctx = new OffscreenCanvas(256, 256).getContext("2d", { willReadFrequently: true });
  ctx.imageSmoothingEnabled = false;
  // Each pair's two sprites and two objects of each framework, made with their textures once: the
  // timed loops only move them, as a game moves its objects each frame.
  for (const p of pairs) [p.sa, p.sb] = [new Sprite(masks[p.ka]), new Sprite(masks[p.kb])];
  const scenes = [await phaserScene(false), await phaserScene(true)];
  scenes.forEach((scene, k) => {
    images.forEach((img, i) => scene.textures.addCanvas(`disc${i}`, img));
    for (const p of pairs) p[`phaser${k}`] = [scene.add.image(0, 0, `disc${p.ka}`), scene.add.image(0, 0, `disc${p.kb}`)];
  });
  const textures = images.map((img) => PIXI.Texture.from(img));
  const stage = new PIXI.Container();
  for (const p of pairs) {
    p.pixi = [new PIXI.Sprite({ texture: textures[p.ka], anchor: 0.5 }), new PIXI.Sprite({ texture: textures[p.kb], anchor: 0.5 })];
    stage.addChild(...p.pixi);
  }
  const setPhaser = ([oa, ob], p) => {
    oa.setPosition(p.a.x, p.a.y).setRotation(p.a.angle);
    ob.setPosition(p.b.x, p.b.y).setRotation(p.b.angle);
  };
  const setPixi = ([oa, ob], p) => {
    oa.position.set(p.a.x, p.a.y);
    oa.rotation = p.a.angle;
    ob.position.set(p.b.x, p.b.y);
    ob.rotation = p.b.angle;
  };

  // Agreement first: every way against the package's own sprites, and the canvas outside the band
  // where the canvas's sampling and the texel edges differ.
  let agree = 0, band = 0, touching = 0;
  for (const p of pairs) {
    const { sa, sb, phaser0, phaser1, pixi } = p;
    sa.place(p.mA);
    sb.place(p.mB);
    const ours = overlaps(sa, sb);
    setPhaser(phaser0, p);
    setPhaser(phaser1, p);
    setPixi(pixi, p);
    const ways = {
      "Phaser": phaserOverlap(...phaser0) > 0,
      "Phaser with roundPixels": phaserOverlap(...phaser1) > 0,
      "PixiJS": pixiOverlap(...pixi) > 0,
    };
    // The snapped placement may differ from the exact one: it is checked against its own sprites.
    const snapped = overlaps(phaserSprite(phaser1[0]), phaserSprite(phaser1[1]));
    const expected = { "Phaser": overlaps(phaserSprite(phaser0[0]), phaserSprite(phaser0[1])),
      "Phaser with roundPixels": snapped, "PixiJS": overlaps(pixiSprite(pixi[0]), pixiSprite(pixi[1])) };
    for (const [way, answer] of Object.entries(ways)) {
      if (answer !== expected[way]) throw new Error(`${way}'s overlap disagrees with its sprites: ${JSON.stringify([p.mA, p.mB])}`);
    }
    if (expected.Phaser !== ours || expected.PixiJS !== ours) {
      throw new Error(`an adapter's placement disagrees with the matrix: ${JSON.stringify([p.mA, p.mB])}`);
    }
    const theirs = canvasWay(ctx, images[p.ka], p.mA, images[p.kb], p.mB);
    const push = pushOut(sa, sb);
    const clear = (push && Math.hypot(push.offset.x, push.offset.y) >= 1) || (!push && distance(sa, sb).distance > 1.5);
    if (!clear) band++;
    else if (ours === theirs) agree++;
    else throw new Error(`a pair clear of the texel edges disagrees with the canvas: ${JSON.stringify([p.mA, p.mB])}`);
    if (ours) touching++;
  }

  // Ten passes of the package's ways a round, so that the browser's 0.1 ms clock steps are small.
  const PASSES = 10;
  const times = { sprite: [], phaser: [], phaserRound: [], pixi: [], canvas: [] };
  const sides = {
    sprite() {
      const t = performance.now();
      for (let pass = 0; pass < PASSES; pass++) {
        for (const p of pairs) {
          p.sa.place(p.mA);
          p.sb.place(p.mB);
          overlaps(p.sa, p.sb);
        }
      }
      return us(t, PASSES * pairs.length);
    },
    phaser: () => phaserSide("phaser0"),
    phaserRound: () => phaserSide("phaser1"),
    pixi() {
      const t = performance.now();
      for (let pass = 0; pass < PASSES; pass++) {
        for (const p of pairs) {
          setPixi(p.pixi, p);
          pixiOverlap(p.pixi[0], p.pixi[1]);
        }
      }
      return us(t, PASSES * pairs.length);
    },
    canvas() {
      const t = performance.now();
      for (const p of pairs) canvasWay(ctx, images[p.ka], p.mA, images[p.kb], p.mB);
      return us(t, pairs.length);
    },
  };
  function phaserSide(key) {
    const t = performance.now();
    for (let pass = 0; pass < PASSES; pass++) {
      for (const p of pairs) {
        const objects = p[key];
        setPhaser(objects, p);
        phaserOverlap(objects[0], objects[1]);
      }
    }
    return us(t, PASSES * pairs.length);
  }
  const order = Object.keys(sides);
  for (let round = 0; round < 15; round++) {
    const now = round % 2 ? [...order].reverse() : order;
    for (const side of now) times[side].push(sides[side]());
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
  let found = 0;
  for (let frame = 0; frame < 80; frame++) {
    const t = performance.now();
    for (let i = 0; i < n; i++) {
      const p = pos[i];
      p[2] += 0.05;
      const [c, s, h] = [Math.cos(p[2]), Math.sin(p[2]), sideOf[i] / 2];
      const at = 6 * i;
      matrices[at] = c;
      matrices[at + 1] = s;
      matrices[at + 2] = -s;
      matrices[at + 3] = c;
      matrices[at + 4] = p[0] - c * h + s * h;
      matrices[at + 5] = p[1] - s * h - c * h;
    }
    const t1 = performance.now();
    world.update(matrices);
    const t2 = performance.now();
    found = world.pairs().length / 2;
    const t3 = performance.now();
    worldTimes.push(t3 - t);
    updateTimes.push(t2 - t1);
    pairTimes.push(t3 - t2);
  }
  const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
  return {
    pairs: pairs.length, agree, band, touching,
    spriteUs: m.sprite, phaserUs: m.phaser, phaserRoundUs: m.phaserRound, pixiUs: m.pixi, canvasUs: m.canvas,
    ratio: m.canvas / m.sprite,
    worldMs: median(worldTimes.slice(40)),
    updateMs: median(updateTimes.slice(40)),
    pairsMs: median(pairTimes.slice(40)),
    worldPairs: found,
  };
}
