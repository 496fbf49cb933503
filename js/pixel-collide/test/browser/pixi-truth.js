// The PixiJS adapter against what PixiJS itself draws: random sprites of random pixel blobs (some
// trimmed frames of a sheet, some stored turned, some of a source at resolution 2), turned, scaled (some negatively), with random anchors, some inside a
// turned and scaled container, each pair rendered one sprite at a time by PixiJS's WebGL renderer
// and read back. A pair touches in the render where some pixel is opaque in both; the adapter must
// say the same wherever the pair is clear of texel edges (as in phaser-truth.js).
import * as PIXI from "pixi.js";
import { init, pushOut, distance, containsPoint } from "pixel-collide";
import { overlap, spriteOf } from "pixel-collide/pixi";
import { rng } from "./rng.js";
import { sharesPixelCentre } from "./centres.js";
import { checkOverlap } from "./kept-contact.js";

const SIZE = 256;
const DEEP = 1;
const FAR = 1.5;
const CASES = 200;

// A sheet of random blobs; a texture is one frame of it: trimmed (as a packer trims) or not, stored
// a quarter turn clockwise (as a packer turns frames, `rotate` 2) or not, of a source at resolution
// 1 or 2 (two pixels a unit).
function blobTexture(r) {
  const res = r() < 0.25 ? 2 : 1;
  // The frame's size in units, shown; the sheet holds it turned when `turned`.
  const w = 4 + Math.floor(r() * 20) * (3 - res);
  const h = 4 + Math.floor(r() * 20) * (3 - res);
  const turned = r() < 0.35;
  const [sw, sh] = turned ? [h, w] : [w, h];
  const pad = Math.floor(r() * 6);
  const canvas = document.createElement("canvas");
  canvas.width = (sw + 20) * res;
  canvas.height = (sh + 20) * res;
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  // Blobs anywhere, then the sheet cleared around the frame's region but for a border of other pixels.
  for (let i = 0; i < 5; i++) {
    ctx.fillRect(Math.floor((10 + r() * sw) * res), Math.floor((10 + r() * sh) * res),
      1 + Math.floor(r() * sw * res / 2), 1 + Math.floor(r() * sh * res / 2));
  }
  ctx.clearRect((10 + sw) * res, 0, canvas.width, canvas.height);
  ctx.clearRect(0, (10 + sh) * res, canvas.width, canvas.height);
  ctx.fillRect(0, 0, canvas.width, 2);
  ctx.fillRect(0, 0, 2, canvas.height);
  const source = new PIXI.CanvasSource({ resource: canvas, scaleMode: "nearest", resolution: res });
  const frame = new PIXI.Rectangle(10, 10, sw, sh);
  const rotate = turned ? 2 : 0;
  if (r() < 0.5) {
    // Trimmed: the frame sits `pad` units into an original `pad` units larger on every side.
    return new PIXI.Texture({
      source, frame, rotate,
      orig: new PIXI.Rectangle(0, 0, w + 2 * pad, h + 2 * pad),
      trim: new PIXI.Rectangle(pad, pad, w, h),
    });
  }
  return new PIXI.Texture({ source, frame, rotate, orig: new PIXI.Rectangle(0, 0, w, h) });
}

function randomize(s, r) {
  s.position.set(96 + r() * 64, 96 + r() * 64);
  s.rotation = r() * Math.PI * 2;
  s.scale.set((0.6 + r() * 1.6) * (r() < 0.25 ? -1 : 1), (0.6 + r() * 1.6) * (r() < 0.25 ? -1 : 1));
  s.anchor.set(r(), r());
}

function opaque(app) {
  const copy = document.createElement("canvas");
  copy.width = SIZE;
  copy.height = SIZE;
  const ctx = copy.getContext("2d");
  ctx.drawImage(app.canvas, 0, 0);
  const data = ctx.getImageData(0, 0, SIZE, SIZE).data;
  const out = new Uint8Array(SIZE * SIZE);
  for (let i = 0; i < out.length; i++) out[i] = data[4 * i + 3] > 0 ? 1 : 0;
  return out;
}

export async function run() {
  await init();
  const app = new PIXI.Application();
  await app.init({
    width: SIZE, height: SIZE, backgroundAlpha: 0, antialias: false, preference: "webgl",
    preserveDrawingBuffer: true, autoStart: false, resolution: 1,
  });
  document.body.appendChild(app.canvas);
  const r = rng(4321);
  const result = {
    agree: 0, skipped: 0, between: 0, disagree: [], touching: 0, trimmed: 0, turned: 0, resolution2: 0,
    // Touching pairs whose overlap contact was read after they moved.
    kept: 0,
    // Each new texture drawn alone, unturned, a texel a pixel: pixel by pixel against the mask.
    textures: 0, pixels: 0, wrongPixels: [],
  };
  const container = new PIXI.Container();
  app.stage.addChild(container);
  let textures = [blobTexture(r), blobTexture(r)];
  const a = new PIXI.Sprite(textures[0]);
  const b = new PIXI.Sprite(textures[1]);
  for (let i = 0; i < CASES; i++) {
    if (i % 10 === 0 && i > 0) {
      textures = [blobTexture(r), blobTexture(r)];
      a.texture = textures[0];
      b.texture = textures[1];
    }
    if (i % 10 === 0) {
      for (const [shown, hidden] of [[a, b], [b, a]]) {
        app.stage.addChild(shown, hidden);
        const res = shown.texture.source.resolution;
        shown.position.set(20, 30);
        shown.rotation = 0;
        shown.scale.set(res, res);
        shown.anchor.set(0, 0);
        shown.visible = true;
        hidden.visible = false;
        app.renderer.render(app.stage);
        const seen = opaque(app);
        const placed = spriteOf(shown);
        result.textures++;
        for (let p = 0; p < seen.length; p++) {
          const [x, y] = [p % SIZE + 0.5, Math.floor(p / SIZE) + 0.5];
          result.pixels++;
          if ((seen[p] === 1) !== containsPoint(placed, { x, y }) && result.wrongPixels.length < 5) {
            result.wrongPixels.push({ i, x, y, rendered: seen[p], rotate: shown.texture.rotate, res });
          }
        }
      }
    }
    randomize(a, r);
    randomize(b, r);
    app.stage.addChild(a, b);
    if (r() < 0.3) {
      container.position.set(r() * 40 - 20, r() * 40 - 20);
      container.rotation = (r() - 0.5) * 0.6;
      container.scale.set(0.8 + r() * 0.4);
      container.addChild(r() < 0.5 ? a : b);
    }
    // The adapter first, before any render: getGlobalTransform must be current without one.
    const sa = spriteOf(a);
    const sb = spriteOf(b);
    const x = a.x;
    if (checkOverlap(overlap, a, b, sa, sb, () => { a.x += 40; return () => { a.x = x; }; })) result.kept++;
    a.visible = true;
    b.visible = false;
    app.renderer.render(app.stage);
    const first = opaque(app);
    a.visible = false;
    b.visible = true;
    app.renderer.render(app.stage);
    const second = opaque(app);
    b.visible = true;
    a.visible = true;
    let rendered = false;
    for (let p = 0; p < first.length && !rendered; p++) rendered = first[p] === 1 && second[p] === 1;
    const push = pushOut(sa, sb);
    const depth = push ? Math.hypot(push.offset.x, push.offset.y) : 0;
    const gap = distance(sa, sb)?.distance ?? Infinity;
    // Touching between pixel centres only: nothing a render can show, and no disagreement.
    const between = push !== null && !rendered && !sharesPixelCentre(sa, sb, SIZE);
    if (between) result.between++;
    if (!between && (depth >= DEEP || (push === null && gap > FAR))) {
      if (a.texture.trim || b.texture.trim) result.trimmed++;
      if (a.texture.rotate || b.texture.rotate) result.turned++;
      if (a.texture.source.resolution === 2 || b.texture.source.resolution === 2) result.resolution2++;
      if ((push !== null) === rendered) result.agree++;
      else {
        const about = (o) => ({
          rotate: o.texture.rotate, resolution: o.texture.source.resolution, frame: o.texture.frame,
          orig: o.texture.orig, trim: o.texture.trim, anchor: [o.anchor.x, o.anchor.y],
          scale: [o.scale.x, o.scale.y], rotation: o.rotation, x: o.x, y: o.y, inContainer: o.parent === container,
          pixels: (o === a ? first : second).reduce((n, v) => n + v, 0),
        });
        result.disagree.push({ i, depth, gap, rendered, a: about(a), b: about(b), maskA: sa.mask.solidCount, maskB: sb.mask.solidCount });
      }
    } else {
      result.skipped++;
    }
    if (rendered) result.touching++;
  }
  app.destroy(true);
  return result;
}
