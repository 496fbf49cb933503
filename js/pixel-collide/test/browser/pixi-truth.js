// The PixiJS adapter against what PixiJS itself draws: random sprites of random pixel blobs (some
// trimmed frames of a sheet), turned, scaled (some negatively), with random anchors, some inside a
// turned and scaled container, each pair rendered one sprite at a time by PixiJS's WebGL renderer
// and read back. A pair touches in the render where some pixel is opaque in both; the adapter must
// say the same wherever the pair is clear of texel edges (as in phaser-truth.js).
import * as PIXI from "pixi.js";
import { init, pushOut, distance } from "pixel-collide";
import { spriteOf } from "pixel-collide/pixi";
import { rng } from "./rng.js";

const SIZE = 256;
const DEEP = 1;
const FAR = 1.5;
const CASES = 200;

// A sheet of random blobs; a texture is one frame of it, trimmed (as a packer trims) or not.
function blobTexture(r) {
  const w = 8 + Math.floor(r() * 40);
  const h = 8 + Math.floor(r() * 40);
  const pad = Math.floor(r() * 6);
  const canvas = document.createElement("canvas");
  canvas.width = w + 20;
  canvas.height = h + 20;
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  for (let i = 0; i < 5; i++) {
    ctx.fillRect(10 + Math.floor(r() * w), 10 + Math.floor(r() * h), 1 + Math.floor(r() * w / 2), 1 + Math.floor(r() * h / 2));
  }
  ctx.clearRect(10 + w, 0, 20, canvas.height);
  ctx.clearRect(0, 10 + h, canvas.width, 20);
  const source = new PIXI.CanvasSource({ resource: canvas, scaleMode: "nearest" });
  const frame = new PIXI.Rectangle(10, 10, w, h);
  if (r() < 0.5) {
    // Trimmed: the frame sits `pad` texels into an original `pad` texels larger on every side.
    return new PIXI.Texture({
      source, frame,
      orig: new PIXI.Rectangle(0, 0, w + 2 * pad, h + 2 * pad),
      trim: new PIXI.Rectangle(pad, pad, w, h),
    });
  }
  return new PIXI.Texture({ source, frame });
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
  const result = { agree: 0, skipped: 0, disagree: [], touching: 0, trimmed: 0 };
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
    const depth = push ? Math.hypot(push.x, push.y) : 0;
    const gap = distance(sa, sb)?.distance ?? Infinity;
    if (depth >= DEEP || (push === null && gap > FAR)) {
      if ((push !== null) === rendered) result.agree++;
      else result.disagree.push({ i, depth, gap, rendered });
    } else {
      result.skipped++;
    }
    if (rendered) result.touching++;
    if (a.texture.trim || b.texture.trim) result.trimmed++;
  }
  app.destroy(true);
  return result;
}
