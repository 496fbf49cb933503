-- pixel_collide.lua against what LÖVE itself draws: random sprites of random pixel blobs (ImageData
-- made here, some frames of a sheet drawn through Quads, some texels half transparent under a
-- threshold), turned, scaled (some negatively), sheared, with random origins, some placed by a
-- love.math.Transform (some composed of two). Each sprite of a pair is drawn alone into a canvas
-- and read back; the pair touches in the render where some pixel is opaque in both. The module
-- must say the same wherever the pair is clear of texel edges, by the rule of the JS truth pages
-- (js/pixel-collide/test/browser/pixi-truth.js): compared when not touching between pixel centres
-- only, and either pushed apart by 1 px or more or apart by more than 1.5 px (the rest, those
-- between pixel centres among them, are skipped). Each new texture is also drawn alone, unturned,
-- a texel a pixel, every pixel against containsPoint at its centre: LÖVE draws an image's quad
-- over 0..w, 0..h and samples at pixel centres (x + 0.5, y + 0.5), so draw's own matrix is the
-- sprite's, with no half-pixel shift. And every placement's matrix must be bit for bit the one
-- LÖVE's Matrix4 makes of the same arguments (a Transform of them holds it).
--
--   xvfb-run -a love tests/truth     prints one result line; exits 1 on any disagreement
--   PC_TRUTH_SEED=7 PC_TRUTH_CASES=2000 xvfb-run -a love tests/truth     other cases
package.path = love.filesystem.getSource() .. "/../../?.lua;" .. package.path
local ffi = require("ffi")
local pc = require("pixel_collide")

local SIZE = 256
local DEEP = 1
local FAR = 1.5
local CASES = tonumber(os.getenv("PC_TRUTH_CASES")) or 600
local SEED = tonumber(os.getenv("PC_TRUTH_SEED")) or 4321
local MIN_COMPARED = 400

local rng

local function uniform(lo, hi)
  return lo + (hi - lo) * rng:random()
end

-- Blobs of opaque and half transparent texels; a texture is the whole ImageData or a frame of a
-- sheet of noise, so that a mask cut from the wrong rows or columns shows. A ring one texel wide
-- around the frame is clear: the rasteriser snaps vertices to a subpixel grid, and a pixel centre
-- a ten-thousandth of a texel outside a frame's edge then samples the sheet's texel beyond it.
local function blobTexture()
  local w, h = rng:random(4, 24), rng:random(4, 24)
  local threshold = rng:random() < 0.3 and 100 or 0
  local sheeted = rng:random() < 0.35
  local fx, fy = 0, 0
  local data
  if sheeted then
    fx, fy = rng:random(2, 10), rng:random(2, 10)
    data = love.image.newImageData(w + fx + rng:random(2, 10), h + fy + rng:random(2, 10))
    data:mapPixel(function() return 1, 1, 1, rng:random() < 0.5 and 1 or 0 end)
    for y = fy - 1, fy + h do
      for x = fx - 1, fx + w do
        data:setPixel(x, y, 0, 0, 0, 0)
      end
    end
  else
    data = love.image.newImageData(w, h)
  end
  for _ = 1, rng:random(2, 6) do
    local alpha = ({ 1, 1, 150 / 255, 60 / 255 })[rng:random(1, 4)]
    local bx, by = rng:random(0, w - 1), rng:random(0, h - 1)
    local bw, bh = rng:random(1, math.ceil(w / 2)), rng:random(1, math.ceil(h / 2))
    for y = by, math.min(h - 1, by + bh - 1) do
      for x = bx, math.min(w - 1, bx + bw - 1) do
        data:setPixel(fx + x, fy + y, 1, 1, 1, alpha)
      end
    end
  end
  local image = love.graphics.newImage(data)
  local texture = { image = image, threshold = threshold, w = w, h = h }
  if sheeted then
    texture.quad = love.graphics.newQuad(fx, fy, w, h, data:getDimensions())
    texture.mask = pc.newMask(data, threshold, texture.quad)
  else
    texture.mask = pc.newMask(data, threshold)
  end
  data:release()
  return texture
end

-- A placement as love.graphics.draw's arguments (sometimes fewer, for draw's defaults), or a
-- love.math.Transform of them (sometimes under a parent turned and scaled about the centre).
local function randomPlacement(t)
  local flip = function() return rng:random() < 0.25 and -1 or 1 end
  local sheared = rng:random() < 0.4
  local args = {
    uniform(118, 138), uniform(118, 138), uniform(0, 2 * math.pi),
    uniform(0.6, 2.2) * flip(), rng:random() < 0.8 and uniform(0.6, 2.2) * flip() or nil,
    uniform(-0.25, 1.25) * t.w, uniform(-0.25, 1.25) * t.h,
    sheared and uniform(-0.6, 0.6) or 0, sheared and uniform(-0.6, 0.6) or 0,
  }
  local n = sheared and 9 or rng:random(3, 9)
  local p = { args = args, n = n }
  local roll = rng:random()
  if roll < 0.15 then
    p.transform = love.math.newTransform(unpack(args, 1, n))
  elseif roll < 0.25 then
    local parent = love.math.newTransform(SIZE / 2, SIZE / 2, uniform(-0.5, 0.5), uniform(0.8, 1.2), nil,
      SIZE / 2, SIZE / 2)
    p.transform = parent * love.math.newTransform(unpack(args, 1, n))
  end
  p.sheared = args[8] ~= 0 or args[9] ~= 0
  p.flipped = args[4] < 0 or (args[5] or args[4]) < 0
  return p
end

local canvas
local function drawAlone(t, p)
  love.graphics.setCanvas(canvas)
  love.graphics.clear(0, 0, 0, 0)
  love.graphics.setColor(1, 1, 1, 1)
  if t.quad then
    if p.transform then
      love.graphics.draw(t.image, t.quad, p.transform)
    else
      love.graphics.draw(t.image, t.quad, unpack(p.args, 1, p.n))
    end
  elseif p.transform then
    love.graphics.draw(t.image, p.transform)
  else
    love.graphics.draw(t.image, unpack(p.args, 1, p.n))
  end
  love.graphics.setCanvas()
  local data = canvas:newImageData()
  local alpha = ffi.new("uint8_t[?]", SIZE * SIZE)
  local px = ffi.cast("const uint8_t *", data:getFFIPointer())
  for i = 0, SIZE * SIZE - 1 do
    alpha[i] = px[4 * i + 3] > t.threshold and 1 or 0
  end
  data:release()
  return alpha
end

local function place(sprite, p)
  if p.transform then
    return sprite:place(p.transform)
  end
  return sprite:place(unpack(p.args, 1, p.n))
end

-- The module's matrix for draw's arguments must be bit for bit LÖVE's own (Matrix4's, as a
-- Transform of the same arguments holds it).
local function matrixMatches(sprite, p)
  local t = sprite.transform
  local a, c, _, tx, b, d, _, ty = (p.transform or love.math.newTransform(unpack(p.args, 1, p.n))):getMatrix()
  return t.a == a and t.b == b and t.c == c and t.d == d and t.tx == tx and t.ty == ty
end

-- Whether some pixel centre lies inside solid texels of both (centres.js's sharesPixelCentre).
local function sharesPixelCentre(sa, sb)
  local ax, ay, aw, ah = sa:getBounds()
  local bx, by, bw, bh = sb:getBounds()
  local x0 = math.max(0, math.floor(math.max(ax, bx)))
  local y0 = math.max(0, math.floor(math.max(ay, by)))
  local x1 = math.min(SIZE, math.ceil(math.min(ax + aw, bx + bw)))
  local y1 = math.min(SIZE, math.ceil(math.min(ay + ah, by + bh)))
  for y = y0, y1 - 1 do
    for x = x0, x1 - 1 do
      if pc.containsPoint(sa, x + 0.5, y + 0.5) and pc.containsPoint(sb, x + 0.5, y + 0.5) then
        return true
      end
    end
  end
  return false
end

local function json(v)
  if type(v) == "table" then
    local parts = {}
    if #v > 0 or next(v) == nil then
      for _, x in ipairs(v) do
        parts[#parts + 1] = json(x)
      end
      return "[" .. table.concat(parts, ",") .. "]"
    end
    local keys = {}
    for k in pairs(v) do
      keys[#keys + 1] = k
    end
    table.sort(keys)
    for _, k in ipairs(keys) do
      parts[#parts + 1] = string.format("%q:%s", k, json(v[k]))
    end
    return "{" .. table.concat(parts, ",") .. "}"
  elseif type(v) == "number" then
    return v % 1 == 0 and string.format("%d", v) or string.format("%.6g", v)
  elseif type(v) == "string" then
    return string.format("%q", v)
  end
  return tostring(v)
end

local function describe(t, p, sprite)
  local m = sprite.transform
  return {
    args = { unpack(p.args, 1, p.n) }, transform = p.transform ~= nil, quad = t.quad ~= nil,
    size = { t.w, t.h }, threshold = t.threshold, matrix = { m.a, m.b, m.c, m.d, m.tx, m.ty },
  }
end

-- Where the world point lands in the sprite's texels (its matrix inverted), for the examples.
local function texelOf(sprite, x, y)
  local m = sprite.transform
  local det = m.a * m.d - m.b * m.c
  local u, v = x - m.tx, y - m.ty
  return { (m.d * u - m.c * v) / det, (m.a * v - m.b * u) / det }
end

local function run()
  love.graphics.setDefaultFilter("nearest", "nearest")
  canvas = love.graphics.newCanvas(SIZE, SIZE)
  rng = love.math.newRandomGenerator(SEED)
  local result = {
    seed = SEED, pairs = 0, agree = 0, skipped = 0, between = 0, disagree = 0, examples = {}, touching = 0,
    comparedTouching = 0,
    sheared = 0, flipped = 0, quad = 0, transform = 0, threshold = 0,
    textures = 0, pixels = 0, wrongPixels = 0, pixelExamples = {}, matrices = 0, matrixMismatches = 0,
  }
  local textures
  local sa, sb
  for i = 0, CASES - 1 do
    if i % 10 == 0 then
      if textures then
        textures[1].mask:free()
        textures[2].mask:free()
      end
      textures = { blobTexture(), blobTexture() }
      sa, sb = pc.sprite(textures[1].mask), pc.sprite(textures[2].mask)
      -- Each new texture alone, unturned, a texel a pixel: pixel by pixel against the mask.
      for k, t in ipairs(textures) do
        local p = { args = { 20, 30 }, n = 2 }
        local seen = drawAlone(t, p)
        local s = k == 1 and sa or sb
        place(s, p)
        result.textures = result.textures + 1
        for q = 0, SIZE * SIZE - 1 do
          local x, y = q % SIZE + 0.5, math.floor(q / SIZE) + 0.5
          result.pixels = result.pixels + 1
          if (seen[q] == 1) ~= pc.containsPoint(s, x, y) then
            result.wrongPixels = result.wrongPixels + 1
            if #result.pixelExamples < 5 then
              result.pixelExamples[#result.pixelExamples + 1] = { case = i, x = x, y = y, rendered = seen[q],
                quad = t.quad ~= nil, threshold = t.threshold }
            end
          end
        end
      end
    end
    local ta, tb = textures[1], textures[2]
    local pa, pb = randomPlacement(ta), randomPlacement(tb)
    place(sa, pa)
    place(sb, pb)
    for _, pair in ipairs({ { sa, pa }, { sb, pb } }) do
      result.matrices = result.matrices + 1
      if not matrixMatches(pair[1], pair[2]) then
        result.matrixMismatches = result.matrixMismatches + 1
      end
    end
    local first, second = drawAlone(ta, pa), drawAlone(tb, pb)
    local rendered, shared = false, nil
    for q = 0, SIZE * SIZE - 1 do
      if first[q] == 1 and second[q] == 1 then
        rendered, shared = true, q
        break
      end
    end
    local dx, dy = pc.pushOut(sa, sb)
    local pushed = dx ~= nil
    local depth = pushed and math.sqrt(dx * dx + dy * dy) or 0
    local gap = pc.distance(sa, sb) or math.huge
    result.pairs = result.pairs + 1
    if rendered then
      result.touching = result.touching + 1
    end
    -- Touching between pixel centres only: nothing a render can show, and no disagreement.
    local between = pushed and not rendered and not sharesPixelCentre(sa, sb)
    if between then
      result.between = result.between + 1
    end
    if not between and (depth >= DEEP or (not pushed and gap > FAR)) then
      if pa.sheared or pb.sheared then result.sheared = result.sheared + 1 end
      if pa.flipped or pb.flipped then result.flipped = result.flipped + 1 end
      if ta.quad or tb.quad then result.quad = result.quad + 1 end
      if pa.transform or pb.transform then result.transform = result.transform + 1 end
      if ta.threshold > 0 or tb.threshold > 0 then result.threshold = result.threshold + 1 end
      if rendered then result.comparedTouching = result.comparedTouching + 1 end
      if pushed == rendered and pc.overlaps(sa, sb) == rendered then
        result.agree = result.agree + 1
      else
        result.disagree = result.disagree + 1
        if #result.examples < 5 then
          local example = { case = i, rendered = rendered, depth = depth, gap = gap,
            a = describe(ta, pa, sa), b = describe(tb, pb, sb) }
          if shared then
            local x, y = shared % SIZE + 0.5, math.floor(shared / SIZE) + 0.5
            example.pixel = { x = x, y = y, inA = texelOf(sa, x, y), inB = texelOf(sb, x, y) }
          end
          result.examples[#result.examples + 1] = example
        end
      end
    else
      result.skipped = result.skipped + 1
    end
  end
  local compared = result.agree + result.disagree
  result.ok = result.disagree == 0 and result.wrongPixels == 0 and result.matrixMismatches == 0
    and compared >= MIN_COMPARED
  print("truth " .. json(result))
  io.stdout:flush()
  return result.ok
end

function love.load()
  local ok, passed = xpcall(run, debug.traceback)
  if not ok then
    io.stderr:write(tostring(passed) .. "\n")
  end
  love.event.quit((ok and passed) and 0 or 1)
end
