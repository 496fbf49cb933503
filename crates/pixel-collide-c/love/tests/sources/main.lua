-- Every source a LÖVE game makes a mask from gives the same mask: an ImageData, a Quad's viewport
-- of a sheet, the ImageData encoded as PNG and handed over as FileData, as a string of bytes and
-- as a file in love.filesystem's save directory; the threshold keeps texels whose alpha exceeds it.
-- Quads that do not cut whole texels of that ImageData are refused.
--
--   xvfb-run -a love tests/sources     prints one line; exits 1 on any failure
package.path = love.filesystem.getSource() .. "/../../?.lua;" .. package.path
local pc = require("pixel_collide")

local failures, checks = 0, 0
local function check(ok, what)
  checks = checks + 1
  if not ok then
    failures = failures + 1
    io.stderr:write("FAIL: " .. what .. "\n")
  end
end

-- Whether `mask` is solid exactly where `solid(x, y)` says, over its w x h texels.
local function sameAs(mask, w, h, solid)
  local mw, mh = mask:getDimensions()
  if mw ~= w or mh ~= h then
    return false
  end
  for y = 0, h - 1 do
    for x = 0, w - 1 do
      if mask:isSolid(x, y) ~= solid(x, y) then
        return false
      end
    end
  end
  return true
end

local function run()
  local rng = love.math.newRandomGenerator(99)
  local W, H = 23, 17
  local alphaAt = {}
  local data = love.image.newImageData(W, H)
  for y = 0, H - 1 do
    for x = 0, W - 1 do
      local a = ({ 0, 0, 40, 100, 101, 255 })[rng:random(1, 6)]
      alphaAt[y * W + x] = a
      data:setPixel(x, y, 1, 1, 1, a / 255)
    end
  end
  local function over(threshold, ox, oy)
    return function(x, y) return alphaAt[(y + (oy or 0)) * W + x + (ox or 0)] > threshold end
  end

  check(sameAs(pc.newMask(data), W, H, over(0)), "an ImageData")
  check(sameAs(pc.newMask(data, 100), W, H, over(100)), "an ImageData over a threshold of 100")
  local fileData = data:encode("png")
  check(sameAs(pc.newMask(fileData, 40), W, H, over(40)), "a PNG as FileData")
  check(sameAs(pc.newMask(fileData:getString(), 40), W, H, over(40)), "a PNG as a string of bytes")
  assert(love.filesystem.write("mask-source.png", fileData:getString()))
  check(sameAs(pc.newMask("mask-source.png", 40), W, H, over(40)), "a PNG in love.filesystem")
  local onDisk = love.filesystem.getSaveDirectory() .. "/mask-source.png"
  love.filesystem.remove("mask-source.png")
  check(not love.filesystem.getInfo("mask-source.png"), "the file is gone from love.filesystem")
  local missing = select(2, pcall(pc.newMask, onDisk))
  check(tostring(missing):find("cannot read", 1, true), "a PNG path the operating system lacks: " .. tostring(missing))

  local q = love.graphics.newQuad(5, 3, 9, 7, W, H)
  check(sameAs(pc.newMask(data, q), 9, 7, over(0, 5, 3)), "a Quad's viewport (the threshold left out)")
  check(sameAs(pc.newMask(data, 40, q), 9, 7, over(40, 5, 3)), "a Quad's viewport over a threshold")
  for _, bad in ipairs({
    { love.graphics.newQuad(0, 0, 4, 4, W + 1, H), "made for" },
    { love.graphics.newQuad(0.5, 0, 4, 4, W, H), "whole texels" },
    { love.graphics.newQuad(W - 2, 0, 4, 4, W, H), "whole texels" },
  }) do
    local message = select(2, pcall(pc.newMask, data, 0, bad[1]))
    check(tostring(message):find(bad[2], 1, true), "a Quad refused: " .. tostring(message))
  end
end

function love.load()
  local ok, err = xpcall(run, debug.traceback)
  if not ok then
    io.stderr:write(err .. "\n")
    failures = failures + 1
  end
  print(("%s: %d mask source checks, %d failed"):format(failures == 0 and "ok" or "FAIL", checks, failures))
  love.event.quit(failures == 0 and 0 or 1)
end
