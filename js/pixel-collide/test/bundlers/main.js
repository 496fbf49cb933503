// A fresh project's first use of the package, as its bundler builds it: the wasm found through
// `new URL(..., import.meta.url)`, two answers the page reports for the browser test to read.
import { init, Mask, Sprite, overlaps } from "pixel-collide";

init().then(
  () => {
    const block = Mask.filled(8, 8);
    const at = (matrix) => new Sprite(block, matrix);
    const turned = [Math.SQRT1_2, Math.SQRT1_2, -Math.SQRT1_2, Math.SQRT1_2, 10, 0];
    window.result = {
      hit: overlaps(at([1, 0, 0, 1, 0, 0]), at(turned)),
      miss: overlaps(at([1, 0, 0, 1, 0, 0]), at([1, 0, 0, 1, 20, 0])),
    };
  },
  (e) => {
    window.result = { failed: String(e.stack || e) };
  },
);
