// The package's results, each built in one place from the numbers WebAssembly hands back (the
// layouts `crates/pixel-collide-js/src/queries.rs` and `motion.rs` write on each function). Points
// and vectors are `{x, y}` objects, as the package takes them.

function vec(v, i) {
  return { x: v[i], y: v[i + 1] };
}

/** `[x, y, nx, ny, depth]` as `{point, normal, depth}`. */
export function contactOf(v) {
  return v === undefined ? null : { point: vec(v, 0), normal: vec(v, 2), depth: v[4] };
}

/** `[dx, dy, nx, ny, budgetRanOut]` as `{offset, normal, budgetRanOut}`. */
export function pushOutOf(v) {
  return v === undefined ? null : { offset: vec(v, 0), normal: vec(v, 2), budgetRanOut: v[4] !== 0 };
}

/** `[distance, ax, ay, bx, by, lowerBound, budgetRanOut]` as `{distance, onA, onB, lowerBound, budgetRanOut}`. */
export function distanceOf(v) {
  return v === undefined
    ? null
    : { distance: v[0], onA: vec(v, 1), onB: vec(v, 3), lowerBound: v[5], budgetRanOut: v[6] !== 0 };
}

/** `[x, y, nx, ny, distance]` as `{point, normal, distance}`. */
export function rayHitOf(v) {
  return v === undefined ? null : { point: vec(v, 0), normal: vec(v, 2), distance: v[4] };
}

/** `[time, contactTime, x, y]` as `{time, contactTime, point}`. */
export function impactOf(v) {
  return v === undefined ? null : { time: v[0], contactTime: v[1], point: vec(v, 2) };
}

/** `[minX, minY, maxX, maxY]` as `{x, y, width, height}`. */
export function rectOf(v) {
  return { x: v[0], y: v[1], width: v[2] - v[0], height: v[3] - v[1] };
}
