-- What a LuaJIT game pays per test: pc.overlaps (one FFI call into the C library) against the
-- per-pixel test of the XNA "transformed collision" tutorial written in Lua (each texel of A taken
-- to B by the A-to-B matrix with step vectors, rounded to the nearest texel, a hit where both are
-- opaque) over FFI uint8_t arrays of alpha. Turned 64 x 64 pairs over several seeds, blob sizes,
-- scales (0.75 to 1.5) and offsets: hits, near misses found by moving a hit apart until it is clear, and the same
-- pairs far apart (bounds apart: little but the call itself for pc.overlaps, every texel for the
-- loop). Before timing, the two are compared on every pair outside the texel-edge band (pushed
-- 1 px or more, or apart by more than 1.5 px); where the tutorial's loop says otherwise is counted
-- and shown, not asserted: it tries one point of each texel of A, not the texels' areas. Rounds
-- interleave the two; medians are shown.
--
--   luajit bench.lua [rounds]
local here = arg[0]:match("^(.*)/[^/]*$") or "."
package.path = here .. "/?.lua;" .. package.path
local ffi = require("ffi")
local pc = require("pixel_collide")

local SIZE = 64
local ROUNDS = tonumber(arg[1]) or 11
local SEEDS = { 1, 2, 3, 4, 5, 6 }
local PAIRS_PER_SEED = 12

local seed = 1
local function random()
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648
end

-- A 64 x 64 blob of discs about the centre (their radii scaled by `size`), as alpha and as a mask.
local function blob(size)
  local alpha = ffi.new("uint8_t[?]", SIZE * SIZE)
  for _ = 1, 6 do
    local cx, cy = 16 + random() * 32, 16 + random() * 32
    local r = (5 + random() * 10) * size
    for y = 0, SIZE - 1 do
      for x = 0, SIZE - 1 do
        if (x + 0.5 - cx) ^ 2 + (y + 0.5 - cy) ^ 2 <= r * r then
          alpha[y * SIZE + x] = 255
        end
      end
    end
  end
  local rgba = ffi.new("uint8_t[?]", SIZE * SIZE * 4)
  for i = 0, SIZE * SIZE - 1 do
    rgba[4 * i + 3] = alpha[i]
  end
  return { alpha = alpha, mask = pc.newMaskFromRGBA(rgba, SIZE, SIZE) }
end

-- The XNA tutorial's IntersectPixels(Matrix, ...) in Lua; `ta` and `tb` hold a, b, c, d, tx, ty.
local floor = math.floor
local function tutorialIntersects(ta, alphaA, tb, alphaB)
  -- The tutorial's Matrix.Invert(transformB), then transformA * it, by hand for 2D.
  local det = tb.a * tb.d - tb.b * tb.c
  local ia, ib, ic, id = tb.d / det, -tb.b / det, -tb.c / det, tb.a / det
  local itx, ity = -(ia * tb.tx + ic * tb.ty), -(ib * tb.tx + id * tb.ty)
  local stepXx, stepXy = ia * ta.a + ic * ta.b, ib * ta.a + id * ta.b
  local stepYx, stepYy = ia * ta.c + ic * ta.d, ib * ta.c + id * ta.d
  local rowX, rowY = ia * ta.tx + ic * ta.ty + itx, ib * ta.tx + id * ta.ty + ity
  for yA = 0, SIZE - 1 do
    local x, y = rowX, rowY
    for xA = 0, SIZE - 1 do
      local xB, yB = floor(x + 0.5), floor(y + 0.5)
      if xB >= 0 and xB < SIZE and yB >= 0 and yB < SIZE
          and alphaA[yA * SIZE + xA] ~= 0 and alphaB[yB * SIZE + xB] ~= 0 then
        return true
      end
      x, y = x + stepXx, y + stepXy
    end
    rowX, rowY = rowX + stepYx, rowY + stepYy
  end
  return false
end

local function matrixOf(sprite)
  local t = sprite.transform
  return { a = t.a, b = t.b, c = t.c, d = t.d, tx = t.tx, ty = t.ty }
end

-- A pair of blobs turned by ra, rb and drawn at scales ka, kb, centred `dx, dy` apart: the
-- sprites and the tutorial's view of them.
local function pairAt(blobA, blobB, ra, rb, ka, kb, dx, dy)
  local sa = pc.sprite(blobA.mask, 200, 200, ra, ka, ka, SIZE / 2, SIZE / 2)
  local sb = pc.sprite(blobB.mask, 200 + dx, 200 + dy, rb, kb, kb, SIZE / 2, SIZE / 2)
  return { a = sa, b = sb, ma = matrixOf(sa), mb = matrixOf(sb), alphaA = blobA.alpha, alphaB = blobB.alpha }
end

local function depthOf(p)
  local dx, dy = pc.pushOut(p.a, p.b)
  return dx and math.sqrt(dx * dx + dy * dy) or 0
end

local hits, misses, far = {}, {}, {}
for _, s in ipairs(SEEDS) do
  seed = s * 7919
  for _ = 1, PAIRS_PER_SEED do
    local blobA, blobB = blob(0.7 + random() * 0.6), blob(0.7 + random() * 0.6)
    local ra, rb = random() * 2 * math.pi, random() * 2 * math.pi
    local ka, kb = 0.75 + random() * 0.75, 0.75 + random() * 0.75
    local angle = random() * 2 * math.pi
    local ux, uy = math.cos(angle), math.sin(angle)
    local reach = random() * 24
    local p = pairAt(blobA, blobB, ra, rb, ka, kb, ux * reach, uy * reach)
    if depthOf(p) >= 1 then
      hits[#hits + 1] = p
      -- Apart along the same line, a pixel at a time, until clear of the band.
      local gap = reach
      repeat
        gap = gap + 1
        p = pairAt(blobA, blobB, ra, rb, ka, kb, ux * gap, uy * gap)
      until not pc.overlaps(p.a, p.b) and (pc.distance(p.a, p.b) or math.huge) > 1.5
      misses[#misses + 1] = p
      far[#far + 1] = pairAt(blobA, blobB, ra, rb, ka, kb, ux * 200, uy * 200)
    end
  end
end

-- Both answers on every pair, outside the band.
local report = { compared = 0, skipped = 0, disagree = 0, examples = {} }
for _, set in ipairs({ { "hit", hits }, { "near miss", misses }, { "far apart", far } }) do
  for i, p in ipairs(set[2]) do
    local overlapping = pc.overlaps(p.a, p.b)
    local depth = depthOf(p)
    local gap = overlapping and 0 or (pc.distance(p.a, p.b) or math.huge)
    if depth >= 1 or (not overlapping and gap > 1.5) then
      report.compared = report.compared + 1
      if tutorialIntersects(p.ma, p.alphaA, p.mb, p.alphaB) ~= overlapping then
        report.disagree = report.disagree + 1
        if #report.examples < 3 then
          report.examples[#report.examples + 1] = ("%s #%d: pc says %s (depth %.2f, gap %.2f), the loop %s")
            :format(set[1], i, overlapping and "overlapping" or "apart", depth, gap,
              overlapping and "apart" or "overlapping")
        end
      end
    else
      report.skipped = report.skipped + 1
    end
  end
end

local clock = os.clock
local sink = 0
local function timeFfi(set, reps)
  local t0 = clock()
  for _ = 1, reps do
    for i = 1, #set do
      local p = set[i]
      if pc.overlaps(p.a, p.b) then sink = sink + 1 end
    end
  end
  return (clock() - t0) / (reps * #set) * 1e9
end
local function timeLua(set, reps)
  local t0 = clock()
  for _ = 1, reps do
    for i = 1, #set do
      local p = set[i]
      if tutorialIntersects(p.ma, p.alphaA, p.mb, p.alphaB) then sink = sink + 1 end
    end
  end
  return (clock() - t0) / (reps * #set) * 1e9
end

local function median(xs)
  table.sort(xs)
  local n = #xs
  return n % 2 == 1 and xs[(n + 1) / 2] or (xs[n / 2] + xs[n / 2 + 1]) / 2
end

-- Repetitions sized so that one timing takes some 20 ms, after a warm-up that lets the JIT settle.
local function reps(f, set)
  local n = 1
  while true do
    local t0 = clock()
    f(set, n)
    if clock() - t0 > 0.02 then
      return n
    end
    n = n * 2
  end
end

local rows = {}
for _, set in ipairs({ { "hits", hits }, { "near misses", misses }, { "far apart", far } }) do
  local name, pairs_ = set[1], set[2]
  local nFfi, nLua = reps(timeFfi, pairs_), reps(timeLua, pairs_)
  local ffiTimes, luaTimes = {}, {}
  for round = 1, ROUNDS do
    if round % 2 == 1 then
      ffiTimes[round] = timeFfi(pairs_, nFfi)
      luaTimes[round] = timeLua(pairs_, nLua)
    else
      luaTimes[round] = timeLua(pairs_, nLua)
      ffiTimes[round] = timeFfi(pairs_, nFfi)
    end
  end
  rows[#rows + 1] = { name, #pairs_, median(ffiTimes), median(luaTimes) }
end

print(("pairs: %d hits, %d near misses, %d far apart (bounds apart) of turned %d x %d blobs (%d seeds)")
  :format(#hits, #misses, #far, SIZE, SIZE, #SEEDS))
print(("agreement outside the band: %d compared, %d skipped, the tutorial's loop disagrees on %d")
  :format(report.compared, report.skipped, report.disagree))
for _, e in ipairs(report.examples) do
  print("  " .. e)
end
print(("%-12s %6s %16s %16s %8s"):format("case", "pairs", "pc.overlaps ns", "Lua loop ns", "ratio"))
for _, r in ipairs(rows) do
  print(("%-12s %6d %16.0f %16.0f %7.1fx"):format(r[1], r[2], r[3], r[4], r[4] / r[3]))
end
print(("(%s, %d interleaved rounds, medians; os.clock)"):format(jit.version, ROUNDS))
assert(sink >= 0)
