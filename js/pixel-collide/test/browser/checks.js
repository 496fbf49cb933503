// The checks every browser page runs on the package, however it was loaded: a few exact answers,
// and bad input turned into TypeError and RangeError.
export function runChecks(pc) {
  const square = pc.Mask.filled(4, 4);
  const a = new pc.Sprite(square, new DOMMatrix([1, 0, 0, 1, 0, 0]));
  const b = new pc.Sprite(square, { a: 1, b: 0, c: 0, d: 1, tx: 3, ty: 3 });
  const turned = new pc.Sprite(square, new DOMMatrix().translate(2, 2).rotate(45).translate(-2, -2));
  const out = {
    collide: pc.collide(a, b),
    apart: pc.overlaps(a, new pc.Sprite(square, [1, 0, 0, 1, 4, 0])),
    turned: pc.overlaps(a, turned),
    area: pc.overlapArea(a, b),
  };
  const canvas = document.createElement("canvas");
  canvas.width = 8;
  canvas.height = 8;
  const ctx = canvas.getContext("2d");
  ctx.fillRect(2, 2, 3, 3);
  out.fromImage = pc.Mask.fromImage(canvas).solidCount;
  out.errors = [];
  for (const bad of [
    () => new pc.Sprite(square, [1, 0, 0, 1, NaN, 0]).matrix && pc.overlaps(a, new pc.Sprite(square, [1, 0, 0, 1, NaN, 0])),
    () => pc.Mask.fromRgba(new Uint8Array(3), 1, 1),
    () => new pc.Sprite(null),
  ]) {
    try {
      bad();
      out.errors.push("none");
    } catch (e) {
      out.errors.push(`${e.constructor.name}: ${e.message}`);
    }
  }
  return out;
}
