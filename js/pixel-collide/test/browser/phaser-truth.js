// The Phaser adapter against what Phaser itself draws: random sprites of random pixel blobs,
// turned, scaled, flipped, with random origins, some inside a turned and scaled container, some
// showing a trimmed atlas frame (its cut among other pixels of a larger sheet, a trim offset inside
// a larger untrimmed size) and some a frame with a custom pivot, each
// pair rendered one sprite at a time by Phaser's canvas or WebGL renderer, with `roundPixels` off or
// on (the adapter then places each as snapped), and read back. A pair touches in
// the render where some pixel is opaque in both; the adapter must say the same wherever the pair
// is clear of texel edges: its shortest way apart (the push-out) at least `DEEP` pixels, or `FAR`
// pixels apart, since the canvas samples each pixel at its centre.
// Phaser 3.80's module has named exports only; Phaser 4's has them beside its default.
import * as Phaser from "phaser";
import { init, pushOut, distance, containsPoint } from "pixel-collide";
import { frameMask, overlap, placement, spriteOf } from "pixel-collide/phaser";
import { rng } from "./rng.js";
import { sharesPixelCentre } from "./centres.js";
import { checkOverlap } from "./kept-contact.js";

const SIZE = 256;
const DEEP = 1;
const FAR = 1.5;
const CASES = 200;
// Cases seen through a scrolled, zoomed and turned camera, after the others: the overlap's contact
// must show on the screen where the two renders share a pixel.
const CAMERA_CASES = 120;
const NEAR = 2;
// Pixel centres nearer a texel edge than this are not held against a placement.
const EDGE = 0.05;

function blobTexture(scene, key, r) {
  const w = 8 + Math.floor(r() * 40);
  const h = 8 + Math.floor(r() * 40);
  const canvas = scene.textures.createCanvas(key, w, h);
  const ctx = canvas.getContext();
  for (let i = 0; i < 5; i++) {
    ctx.fillStyle = "#fff";
    ctx.fillRect(Math.floor(r() * w), Math.floor(r() * h), 1 + Math.floor(r() * w / 2), 1 + Math.floor(r() * h / 2));
  }
  canvas.refresh();
  return key;
}

// An atlas frame cut from a sheet with other pixels around it, trimmed out of a larger untrimmed
// size at a random offset; some with a custom pivot, which changes how Phaser flips them.
function atlasFrame(scene, key, r) {
  const w = 8 + Math.floor(r() * 30);
  const h = 8 + Math.floor(r() * 30);
  const [cutX, cutY] = [3 + Math.floor(r() * 6), 2 + Math.floor(r() * 6)];
  const sheet = scene.textures.createCanvas(key, cutX + w + 5, cutY + h + 4);
  const ctx = sheet.getContext();
  ctx.fillStyle = "#fff";
  // Pixels of the sheet around the cut: never part of the frame.
  ctx.fillRect(0, 0, cutX + w + 5, 2);
  ctx.fillRect(0, 0, 2, cutY + h + 4);
  ctx.fillRect(cutX + w + 1, 0, 4, cutY + h + 4);
  for (let i = 0; i < 5; i++) {
    ctx.fillRect(cutX + Math.floor(r() * w), cutY + Math.floor(r() * h),
      1 + Math.floor(r() * w / 2), 1 + Math.floor(r() * h / 2));
  }
  sheet.refresh();
  const frame = sheet.add("cut", 0, cutX, cutY, w, h);
  const [realW, realH] = [w + Math.floor(r() * 20), h + Math.floor(r() * 20)];
  frame.setTrim(realW, realH, Math.floor(r() * (realW - w + 1)), Math.floor(r() * (realH - h + 1)), w, h);
  if (r() < 0.4) {
    frame.customPivot = true;
    frame.pivotX = r();
    frame.pivotY = r();
  }
  return [key, "cut"];
}

// A plain texture or an atlas frame, one in two.
function randomTexture(scene, key, r) {
  return r() < 0.5 ? [blobTexture(scene, key, r)] : atlasFrame(scene, key, r);
}

function randomize(obj, r) {
  obj.setPosition(96 + r() * 64, 96 + r() * 64);
  obj.setRotation(r() * Math.PI * 2);
  obj.setScale((0.6 + r() * 1.6) * (r() < 0.2 ? -1 : 1), 0.6 + r() * 1.6);
  obj.setOrigin(r(), r());
  obj.setFlip(r() < 0.3, r() < 0.3);
  // One in four unturned and unscaled: what Phaser 4's WebGL snaps.
  if (r() < 0.25) obj.setRotation(0).setScale(1).setFlip(false, false);
}

// Whether `shared(p)` holds for a pixel `p` (its index) whose centre lies within `NEAR` pixels of
// screen point (x, y).
function sharedNear(shared, x, y) {
  for (let py = Math.floor(y - NEAR); py <= Math.ceil(y + NEAR); py++) {
    for (let px = Math.floor(x - NEAR); px <= Math.ceil(x + NEAR); px++) {
      if (px < 0 || py < 0 || px >= SIZE || py >= SIZE) continue;
      if (Math.hypot(px + 0.5 - x, py + 0.5 - y) <= NEAR && shared(py * SIZE + px)) return true;
    }
  }
  return false;
}

// The contact `overlap` gives for a pair touching deeply, checked against the camera's own
// mapping, and against where both renders show: a pixel near it is opaque in both exactly when the
// adapter's sprites hold that pixel's centre (seen through the camera) in both (the contact may
// lie where the two overlap between pixel centres, however deep they are elsewhere).
function checkScreenContact(camera, a, b, first, second, result) {
  let contact = null;
  overlap(a, b, (_a, _b, c) => { contact = c; });
  if (!contact) return;
  const back = camera.getWorldPoint(contact.screen.x, contact.screen.y);
  const [sa, sb] = [spriteOf(a, 0, OPTIONS), spriteOf(b, 0, OPTIONS)];
  const rendered = sharedNear((p) => first[p] && second[p], contact.screen.x, contact.screen.y);
  const placed = sharedNear((p) => {
    const w = camera.getWorldPoint(p % SIZE + 0.5, Math.floor(p / SIZE) + 0.5);
    return containsPoint(sa, w) && containsPoint(sb, w);
  }, contact.screen.x, contact.screen.y);
  if (Math.hypot(back.x - contact.point.x, back.y - contact.point.y) < 1e-3 && rendered === placed) {
    if (rendered) result.screenAgree++;
    else result.screenBetween++;
  } else {
    const state = (o) => ({ x: o.x, y: o.y, rotation: o.rotation, scaleX: o.scaleX, scaleY: o.scaleY,
      originX: o.originX, originY: o.originY, flipX: o.flipX, flipY: o.flipY, inContainer: Boolean(o.parentContainer) });
    result.screenDisagree.push({ contact, back: { x: back.x, y: back.y }, rendered, placed, a: state(a), b: state(b),
      camera: { scrollX: camera.scrollX, scrollY: camera.scrollY, zoom: camera.zoom, rotation: camera.rotation } });
  }
}

// How many pixels of a sprite's render (a bit per pixel) say otherwise than its placement, of those
// whose centre lies at least `EDGE` pixels from every texel edge (a centre on an edge is the
// rasteriser's to round); the rest are counted apart.
function wrongPixels(o, seen, counts) {
  const m = placement(o, OPTIONS);
  const mask = frameMask(o.frame);
  const det = m[0] * m[3] - m[1] * m[2];
  // Texel coordinates of a world point: the inverse of the placement, row by row.
  const [ua, uc, va, vc] = [m[3] / det, -m[2] / det, -m[1] / det, m[0] / det];
  const [gu, gv] = [Math.hypot(ua, uc), Math.hypot(va, vc)];
  for (let p = 0; p < seen.length; p++) {
    const [x, y] = [p % SIZE + 0.5 - m[4], Math.floor(p / SIZE) + 0.5 - m[5]];
    const [u, v] = [ua * x + uc * y, va * x + vc * y];
    const inFrame = u >= 0 && v >= 0 && u < mask.width && v < mask.height;
    if (!inFrame && seen[p] === 0) continue;
    const edge = Math.min(Math.abs(u - Math.round(u)) / gu, Math.abs(v - Math.round(v)) / gv);
    const solid = inFrame && mask.isSolid(Math.floor(u), Math.floor(v));
    if (edge < EDGE) counts.onEdges++;
    else if (solid !== (seen[p] === 1)) counts.wrong++;
    else counts.right++;
  }
}

// Which canvas pixels are opaque, as a bit per pixel.
function opaque(canvas) {
  let flat = canvas;
  if (!canvas.getContext("2d")) {
    // A WebGL canvas (its drawing kept: `preserveDrawingBuffer`) read through a 2D one.
    flat = document.createElement("canvas");
    [flat.width, flat.height] = [SIZE, SIZE];
    flat.getContext("2d").drawImage(canvas, 0, 0);
  }
  const data = flat.getContext("2d").getImageData(0, 0, SIZE, SIZE).data;
  const out = new Uint8Array(SIZE * SIZE);
  for (let i = 0; i < out.length; i++) out[i] = data[4 * i + 3] > 0 ? 1 : 0;
  return out;
}

// `?round=1` draws with `roundPixels` on, `?renderer=webgl` with the WebGL renderer, and `?snap=0`
// asks the adapter for the placement before Phaser's snap (which must then disagree somewhere).
const params = new URLSearchParams(location.search);
const ROUND = params.get("round") === "1";
const WEBGL = params.get("renderer") === "webgl";
const OPTIONS = params.get("snap") === "0" ? { snap: false } : {};

export async function run() {
  await init();
  const r = rng(1234);
  const result = {
    agree: 0, skipped: 0, between: 0, disagree: [], touching: 0, trimmed: 0, pivoted: 0,
    // Touching pairs whose overlap contact was read after they moved.
    kept: 0,
    screenAgree: 0, screenBetween: 0, screenDisagree: [], pixels: { right: 0, wrong: 0, onEdges: 0 },
  };
  await new Promise((done) => {
    let state = 0;
    let a, b, container, first, i = 0;
    new Phaser.Game({
      type: WEBGL ? Phaser.WEBGL : Phaser.CANVAS, width: SIZE, height: SIZE, transparent: true,
      antialias: false, roundPixels: ROUND, preserveDrawingBuffer: true,
      banner: false, audio: { noAudio: true },
      scene: {
        create() {
          container = this.add.container(0, 0);
          a = this.add.image(0, 0, blobTexture(this, "a0", r));
          b = this.add.image(0, 0, blobTexture(this, "b0", r));
        },
        update() {
          const canvas = this.sys.game.canvas;
          if (state === 0) {
            // A new case: new textures now and then, new placements, a container for some.
            if (i % 5 === 0 && i > 0) {
              a.setTexture(...randomTexture(this, `a${i}`, r));
              b.setTexture(...randomTexture(this, `b${i}`, r));
            }
            randomize(a, r);
            randomize(b, r);
            if (i >= CASES) {
              this.cameras.main.setScroll(r() * 60 - 30, r() * 60 - 30)
                .setZoom(0.8 + r() * 0.5).setRotation((r() - 0.5) * 0.8);
            }
            container.remove([a, b]);
            this.children.add(a);
            this.children.add(b);
            if (r() < 0.3) {
              container.setPosition(r() * 40 - 20, r() * 40 - 20).setRotation((r() - 0.5) * 0.6).setScale(0.8 + r() * 0.4);
              container.add(r() < 0.5 ? a : b);
            }
            a.setVisible(true);
            b.setVisible(false);
            state = 1;
          } else if (state === 1) {
            first = opaque(canvas);
            if (i < CASES) wrongPixels(a, first, result.pixels);
            a.setVisible(false);
            b.setVisible(true);
            state = 2;
          } else {
            const second = opaque(canvas);
            if (i < CASES) wrongPixels(b, second, result.pixels);
            let rendered = false;
            for (let p = 0; p < first.length && !rendered; p++) rendered = first[p] === 1 && second[p] === 1;
            const sa = spriteOf(a, 0, OPTIONS);
            if (i >= CASES) {
              const push = pushOut(sa, spriteOf(b, 0, OPTIONS));
              if (push && Math.hypot(push.offset.x, push.offset.y) >= DEEP) {
                checkScreenContact(this.cameras.main, a, b, first, second, result);
              }
              a.setVisible(true);
              state = 0;
              if (++i === CASES + CAMERA_CASES) {
                this.sys.game.destroy(true);
                done();
              }
              return;
            }
            const sb = spriteOf(b, 0, OPTIONS);
            // overlap places as spriteOf does by default (snapped when the camera's roundPixels is).
            if (OPTIONS.snap !== false) {
              const x = a.x;
              if (checkOverlap(overlap, a, b, sa, sb, () => { a.x += 40; return () => { a.x = x; }; })) result.kept++;
            }
            const push = pushOut(sa, sb);
            const area = push ? Math.hypot(push.offset.x, push.offset.y) : 0;
            const gap = distance(sa, sb)?.distance ?? Infinity;
            // Touching between pixel centres only: nothing a render can show, and no disagreement.
            const between = push !== null && !rendered && !sharesPixelCentre(sa, sb, SIZE);
            if (between) result.between++;
            if (!between && (area >= DEEP || (push === null && gap > FAR))) {
              if (a.frame.trimmed || b.frame.trimmed) result.trimmed++;
              if (a.frame.customPivot || b.frame.customPivot) result.pivoted++;
              if ((push !== null) === rendered) result.agree++;
              else {
                const state = (o) => ({
                  x: o.x, y: o.y, rotation: o.rotation, scaleX: o.scaleX, scaleY: o.scaleY,
                  originX: o.originX, originY: o.originY, flipX: o.flipX, flipY: o.flipY,
                  inContainer: o.parentContainer === container, w: o.frame.cutWidth, h: o.frame.cutHeight,
                  trim: o.frame.trimmed ? [o.frame.x, o.frame.y, o.frame.realWidth, o.frame.realHeight] : null,
                  pivot: o.frame.customPivot,
                });
                const px = (o) => o.reduce((n, v) => n + v, 0);
                result.disagree.push({ i, push: area, gap, rendered, a: state(a), b: state(b),
                  texA: a.frame.source.image.toDataURL(), texB: b.frame.source.image.toDataURL(),
                  maskA: sa.mask.solidCount, maskB: sb.mask.solidCount, pxA: px(first), pxB: px(second),
                  container: { x: container.x, y: container.y, rotation: container.rotation, scale: container.scaleX } });
              }
            } else {
              result.skipped++;
            }
            if (rendered) result.touching++;
            a.setVisible(true);
            state = 0;
            i++;

          }
        },
      },
    });
  });
  return result;
}
