-- pixel_collide.lua's own behaviour under plain LuaJIT, without LÖVE: masks freed once whichever
-- way they go (explicitly, twice, by the collector), errors raised with the library's message at
-- the caller's line, results read from the right fields (each checked against another query), no
-- allocation per query, the world and overlapsEach against pairwise overlaps, PNG paths and bytes
-- alike.
--
--   luajit tests/module.lua [a PNG file]
local here = arg[0]:match("^(.*)/tests/[^/]*$") or "."
package.path = here .. "/?.lua;" .. package.path
local ffi = require("ffi")
local pc = require("pixel_collide")

local failures, checks = 0, 0
local function check(ok, what)
  checks = checks + 1
  if not ok then
    failures = failures + 1
    io.stderr:write("FAIL: " .. what .. "\n")
  end
end

-- The error `f` raises, or nil.
local function raised(f, ...)
  local ok, message = pcall(f, ...)
  return not ok and tostring(message) or nil
end

local seed = 12345
local function random()
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648
end

-- A w x h RGBA string of random blobs (alpha 255 or 0).
local function blobRGBA(w, h)
  local alpha = {}
  for i = 1, w * h do
    alpha[i] = 0
  end
  for _ = 1, 4 do
    local bx, by = math.floor(random() * w), math.floor(random() * h)
    for y = by, math.min(h - 1, by + math.floor(random() * h / 2)) do
      for x = bx, math.min(w - 1, bx + math.floor(random() * w / 2)) do
        alpha[y * w + x + 1] = 255
      end
    end
  end
  local bytes = {}
  for i = 1, w * h do
    bytes[i] = string.char(255, 255, 255, alpha[i])
  end
  return table.concat(bytes)
end

local square = pc.newMaskFromRGBA(string.rep("\255", 8 * 8 * 4), 8, 8)
local thisFile = "module.lua:"

-- A stale handle in a sprite made by hand, which keeps no mask alive.
local function staleUse(handle)
  local s = ffi.new("pc_sprite", { handle, { 1, 0, 0, 1, 0, 0 } })
  return raised(pc.overlaps, s, s)
end

do -- explicit frees, twice, then the collector: one free, no error
  local copy
  do
    local m = pc.newMaskFromRGBA(blobRGBA(5, 5), 5, 5)
    copy = ffi.new("pc_mask", m.handle)
    m:free()
    check(raised(m.free, m) == nil, "a second free raises nothing")
  end
  local message = staleUse(copy)
  check(message and message:find("was freed", 1, true),
    "a freed mask's handle is answered as freed: " .. tostring(message))
  local live = pc.newMaskFromRGBA(blobRGBA(5, 5), 5, 5)
  check(pcall(collectgarbage) and pcall(collectgarbage), "the collector after an explicit free raises nothing")
  check(raised(pc.overlaps, pc.sprite(live), pc.sprite(live)) == nil,
    "the collector after an explicit free leaves other masks alone")
end

do -- a forgotten mask is freed by the collector
  local copy
  do
    local m = pc.newMaskFromRGBA(blobRGBA(5, 5), 5, 5)
    copy = ffi.new("pc_mask", m.handle)
    check(staleUse(copy) == nil, "a live mask's handle works")
  end
  collectgarbage()
  collectgarbage()
  local message = staleUse(copy)
  check(message and message:find("was freed", 1, true), "the collector freed a forgotten mask: " .. tostring(message))
end

do -- a sprite keeps its mask alive
  local s = pc.sprite(pc.newMaskFromRGBA(string.rep("\255", 16), 2, 2), 0, 0)
  collectgarbage()
  collectgarbage()
  check(raised(pc.overlaps, s, s) == nil and pc.overlaps(s, s), "a sprite's only reference keeps its mask")
end

do -- errors: the library's message, one line, at the caller's line (each call below stores its
  -- result first: a tail call leaves no line to blame)
  local function at(message)
    return message and message:match("^[^\n]*" .. thisFile:gsub("%.", "%%.") .. "%d+: pixel_collide: ") ~= nil
      and not message:find("\n")
  end
  local cases = {
    { "a short buffer", "pc_mask_from_rgba: rgba holds 15 bytes",
      function() local m = pc.newMaskFromRGBA(string.rep("\255", 15), 2, 2) return m end },
    { "a NaN placement", "NaN",
      function() local o = pc.overlaps(pc.sprite(square, 0 / 0, 0), pc.sprite(square)) return o end },
    { "a threshold past 255", "threshold",
      function() local m = pc.newMaskFromRGBA(string.rep("\255", 16), 2, 2, nil, 300) return m end },
    { "a sprite of no mask", "expected a mask",
      function() local s = pc.sprite({}, 0, 0) return s end },
    { "a missing PNG", "cannot read",
      function() local m = pc.newMask("/nonexistent/none.png") return m end },
    { "bytes that are no PNG", "pc_mask_from_png_bytes",
      function() local m = pc.newMask("\137PNG\r\n\26\n but no more") return m end },
  }
  for _, case in ipairs(cases) do
    local message = raised(case[3])
    check(at(message) and message:find(case[2], 1, true), case[1] .. ": " .. tostring(message))
  end
  local load = raised(pc.load, "/nonexistent/libnothing.so")
  check(load and load:find("cannot load the library", 1, true), "a library that is not there: " .. tostring(load))
  check(pc.overlaps(pc.sprite(square), pc.sprite(square, 4, 4)), "a failed load keeps the library loaded before")
end

do -- results against other queries: the fields read are the ones meant
  local function near(x, y)
    return x and math.abs(x - y) < 1e-3
  end
  local a, b = pc.sprite(square, 0, 0), pc.sprite(square, 5, 3, 0.4)
  local px, py, nx, ny, depth = pc.collide(a, b)
  check(px and pc.containsPoint(a, px, py) and pc.containsPoint(b, px, py), "collide's point lies in both")
  check(px and near(nx * nx + ny * ny, 1) and depth > 0, "collide's normal is a unit, its depth positive")
  local dx, dy, pnx, pny = pc.pushOut(a, b)
  check(dx and near(pnx * pnx + pny * pny, 1), "pushOut's normal is a unit")
  check(not pc.overlaps(pc.sprite(square, dx, dy), b), "pushOut's offset parts the two")
  check(pc.overlaps(pc.sprite(square, dx * 0.9, dy * 0.9), b), "nine tenths of pushOut's offset does not")
  local far = pc.sprite(square, 20, 0)
  local d, ax, ay, bx, by, lower = pc.distance(a, far)
  check(near(d, 12) and near(lower, d), "distance between squares 12 apart: " .. tostring(d))
  check(d and near(math.sqrt((bx - ax) ^ 2 + (by - ay) ^ 2), d), "distance's closest points are that far apart")
  check(near(pc.overlapArea(a, pc.sprite(square, 4, 6)), 8), "two squares share a 4 x 2 area")
  local hx, hy, hd, hnx, hny = pc.raycast(far, 0, 4, 1, 0)
  check(near(hx, 20) and near(hy, 4) and near(hd, 20) and hnx == -1 and hny == 0, "a ray enters the left face")
  check(pc.raycast(far, 0, 4, 1, 0, 10) == nil, "a ray short of it misses")
  check(pc.touchesRect(a, 7.5, 7.5, 1, 1) and not pc.touchesRect(a, 8, 0, 1, 1),
    "a rectangle over a corner, and one beside")
  check(pc.touchesCircle(a, 9, 4, 1.5) and not pc.touchesCircle(a, 9, 4, 0.5),
    "a disc reaching the edge, and one short")
  local x, y, w, h = pc.bounds(pc.sprite(square, 3, 4, 0, 2, 1))
  check(x == 3 and y == 4 and w == 16 and h == 8, "bounds of a sprite stretched twice along x")
end

do -- time of impact: apart at `time`, touching at `contactTime`, placed by draw's arguments
  local ma = pc.newMotion(square, 4, 4):setFrom(0, 0, 0):setTo(40, 10, 1.5)
  local mb = pc.newMotion(square, 4, 4):setFrom(30, 8, 0.3, 2):setTo(30, 8, 0.3, 2)
  local t, contact, px, py = pc.timeOfImpact(ma, mb)
  check(t and t > 0 and t < 1 and contact >= t, "a square moving into another meets it: " .. tostring(t))
  if t then
    local function at(time)
      local sa = pc.sprite(square, 40 * time, 10 * time, 1.5 * time, 1, 1, 4, 4)
      return sa, pc.sprite(square, 30, 8, 0.3, 2, 2, 4, 4)
    end
    check(not pc.overlaps(at(t)), "apart at the time of impact")
    check(pc.overlaps(at(contact)), "touching at the contact time")
    local sa, sb = at(contact)
    check(pc.containsPoint(sa, px, py) and pc.containsPoint(sb, px, py), "the contact point lies in both")
  end
  local faraway = pc.newMotion(square):setFrom(100, 100):setTo(100, 100)
  check(pc.timeOfImpact(ma, faraway) == nil, "no impact with one far off")
end

do -- a query allocates nothing on the Lua side (what the collector counts, per call, after a
  -- warm-up; the JIT's own traces leave a fraction of a byte)
  local a, b, far = pc.sprite(square, 0, 0), pc.sprite(square, 5, 3, 0.4), pc.sprite(square, 30, 0)
  local motion = pc.newMotion(square, 4, 4):setFrom(0, 0):setTo(40, 0)
  local still = pc.newMotion(square, 4, 4):setFrom(20, 0):setTo(20, 0)
  local list = { a, b, far }
  local calls = {
    overlaps = function() return pc.overlaps(a, b) end,
    collide = function() return pc.collide(a, b) end,
    pushOut = function() return pc.pushOut(a, b) end,
    distance = function() return pc.distance(a, far) end,
    overlapArea = function() return pc.overlapArea(a, b) end,
    containsPoint = function() return pc.containsPoint(a, 3, 3) end,
    touchesRect = function() return pc.touchesRect(a, 3, 3, 1, 1) end,
    touchesCircle = function() return pc.touchesCircle(a, 3, 3, 1) end,
    raycast = function() return pc.raycast(far, 0, 4, 1, 0) end,
    timeOfImpact = function() return pc.timeOfImpact(motion, still) end,
    overlapsEach = function() return pc.overlapsEach(a, list) end,
    bounds = function() return b:getBounds() end,
    place = function() return b:place(5, 3, 0.4, 2, nil, 4, 4, 0.1, 0.2) end,
    setFrom = function() return motion:setFrom(0, 0, 0.5, 1) end,
  }
  local heavy = {}
  for name, f in pairs(calls) do
    for _ = 1, 5000 do f() end
    collectgarbage()
    collectgarbage("stop")
    local before = collectgarbage("count")
    for _ = 1, 20000 do f() end
    local perCall = (collectgarbage("count") - before) * 1024 / 20000
    collectgarbage("restart")
    if perCall >= 2 then
      heavy[#heavy + 1] = ("%s %.1f bytes"):format(name, perCall)
    end
  end
  check(#heavy == 0, "queries that allocate per call: " .. table.concat(heavy, ", "))
end

do -- the world and overlapsEach against overlaps, pair by pair
  local masks, sprites = {}, {}
  for i = 1, 6 do
    local w, h = 4 + math.floor(random() * 12), 4 + math.floor(random() * 12)
    masks[i] = pc.newMaskFromRGBA(blobRGBA(w, h), w, h)
  end
  local world = pc.newWorld()
  local mismatches, pairsSeen = 0, 0
  for round = 1, 40 do
    local n = 2 + round % 20
    for i = 1, n do
      sprites[i] = pc.sprite(masks[1 + i % #masks], random() * 40, random() * 40, random() * 6, 0.5 + random())
    end
    for i = n + 1, #sprites do
      sprites[i] = nil
    end
    local count, list = world:touchingPairs(sprites)
    local found = {}
    for k = 1, count do
      found[list[2 * k - 1] * 100 + list[2 * k]] = true
    end
    local expected = 0
    for i = 1, n do
      local each = pc.overlapsEach(sprites[i], sprites)
      for j = 1, n do
        local overlapping = pc.overlaps(sprites[i], sprites[j])
        if each[j] ~= overlapping then
          mismatches = mismatches + 1
        end
        if j > i and overlapping then
          expected = expected + 1
          if not found[i * 100 + j] then
            mismatches = mismatches + 1
          end
        end
      end
    end
    pairsSeen = pairsSeen + count
    if expected ~= count or #list ~= 2 * count then
      mismatches = mismatches + 1
    end
  end
  check(mismatches == 0 and pairsSeen > 0, ("the world and overlapsEach agree with overlaps (%d pairs, %d mismatches)")
    :format(pairsSeen, mismatches))
  world:free()
  check(raised(world.free, world) == nil, "a world freed twice raises nothing")
end

if arg[1] then -- a PNG by path and by bytes makes the same mask
  local byPath = pc.newMask(arg[1])
  local bytes = assert(io.open(arg[1], "rb")):read("*a")
  local byBytes = pc.newMask(bytes)
  local w, h = byPath:getDimensions()
  local bw, bh = byBytes:getDimensions()
  local same = w == bw and h == bh and byPath:getSolidCount() == byBytes:getSolidCount()
  for y = 0, h - 1 do
    for x = 0, w - 1 do
      same = same and byPath:isSolid(x, y) == byBytes:isSolid(x, y)
    end
  end
  check(same and byPath:getSolidCount() > 0, "a PNG by path and by bytes")
end

if failures > 0 then
  io.stderr:write(("%d of %d checks failed\n"):format(failures, checks))
  os.exit(1)
end
print(("ok: %d module checks"):format(checks))
