// The Phaser adapter against what Phaser itself draws: random sprites of random pixel blobs,
// turned, scaled, flipped, with random origins, some inside a turned and scaled container, each
// pair rendered one sprite at a time by Phaser's canvas renderer and read back. A pair touches in
// the render where some pixel is opaque in both; the adapter must say the same wherever the pair
// is clear of texel edges: its shortest way apart (the push-out) at least `DEEP` pixels, or `FAR`
// pixels apart, since the canvas samples each pixel at its centre.
import Phaser from "phaser";
import { init, pushOut, distance } from "pixel-collide";
import { spriteOf } from "pixel-collide/phaser";
import { rng } from "./rng.js";

const SIZE = 256;
const DEEP = 1;
const FAR = 1.5;
const CASES = 200;

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

function randomize(obj, r) {
  obj.setPosition(96 + r() * 64, 96 + r() * 64);
  obj.setRotation(r() * Math.PI * 2);
  obj.setScale((0.6 + r() * 1.6) * (r() < 0.2 ? -1 : 1), 0.6 + r() * 1.6);
  obj.setOrigin(r(), r());
  obj.setFlip(r() < 0.3, r() < 0.3);
}

// Which canvas pixels are opaque, as a bit per pixel.
function opaque(canvas) {
  const data = canvas.getContext("2d").getImageData(0, 0, SIZE, SIZE).data;
  const out = new Uint8Array(SIZE * SIZE);
  for (let i = 0; i < out.length; i++) out[i] = data[4 * i + 3] > 0 ? 1 : 0;
  return out;
}

export async function run() {
  await init();
  const r = rng(1234);
  const result = { agree: 0, skipped: 0, disagree: [], touching: 0 };
  await new Promise((done) => {
    let state = 0;
    let a, b, container, first, i = 0;
    new Phaser.Game({
      type: Phaser.CANVAS, width: SIZE, height: SIZE, transparent: true, antialias: false, roundPixels: false,
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
            if (i % 10 === 0 && i > 0) {
              a.setTexture(blobTexture(this, `a${i}`, r));
              b.setTexture(blobTexture(this, `b${i}`, r));
            }
            randomize(a, r);
            randomize(b, r);
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
            a.setVisible(false);
            b.setVisible(true);
            state = 2;
          } else {
            const second = opaque(canvas);
            let rendered = false;
            for (let p = 0; p < first.length && !rendered; p++) rendered = first[p] === 1 && second[p] === 1;
            const sa = spriteOf(a);
            const sb = spriteOf(b);
            const push = pushOut(sa, sb);
            const area = push ? Math.hypot(push.x, push.y) : 0;
            const gap = distance(sa, sb)?.distance ?? Infinity;
            if (area >= DEEP || (push === null && gap > FAR)) {
              if ((push !== null) === rendered) result.agree++;
              else {
                const state = (o) => ({
                  x: o.x, y: o.y, rotation: o.rotation, scaleX: o.scaleX, scaleY: o.scaleY,
                  originX: o.originX, originY: o.originY, flipX: o.flipX, flipY: o.flipY,
                  inContainer: o.parentContainer === container, w: o.frame.cutWidth, h: o.frame.cutHeight,
                });
                const px = (o) => o.reduce((n, v) => n + v, 0);
                result.disagree.push({ i, push: area, gap, rendered, a: state(a), b: state(b),
                  texA: a.frame.source.image.toDataURL(), texB: b.frame.source.image.toDataURL(),
                  maskA: sa.mask.count, maskB: sb.mask.count, pxA: px(first), pxB: px(second),
                  container: { x: container.x, y: container.y, rotation: container.rotation, scale: container.scaleX } });
              }
            } else {
              result.skipped++;
            }
            if (rendered) result.touching++;
            a.setVisible(true);
            state = 0;
            i++;
            if (i === CASES) {
              this.sys.game.destroy(true);
              done();
            }
          }
        },
      },
    });
  });
  return result;
}
