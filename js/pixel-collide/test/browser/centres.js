// What a renderer can show of a pair: it samples each pixel at its centre, so two sprites that
// overlap only between pixel centres (two thin strokes crossing, say) show no shared pixel however
// far apart a push would have to move them. The truth pages ask this of a pair that the package
// says touches and the render does not.
import { bounds, containsPoint } from "pixel-collide";

/** Whether some pixel centre of the canvas (`size` square) lies inside solid texels of both. */
export function sharesPixelCentre(sa, sb, size) {
  const [ba, bb] = [bounds(sa), bounds(sb)];
  const x0 = Math.max(0, Math.floor(Math.max(ba.x, bb.x)));
  const y0 = Math.max(0, Math.floor(Math.max(ba.y, bb.y)));
  const x1 = Math.min(size, Math.ceil(Math.min(ba.x + ba.width, bb.x + bb.width)));
  const y1 = Math.min(size, Math.ceil(Math.min(ba.y + ba.height, bb.y + bb.height)));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (containsPoint(sa, { x: x + 0.5, y: y + 0.5 }) && containsPoint(sb, { x: x + 0.5, y: y + 0.5 })) return true;
    }
  }
  return false;
}
