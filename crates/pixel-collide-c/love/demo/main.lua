-- Spinners: plus-shaped blocks fall and spin about their centres, the figure at the bottom moves
-- with the arrow keys, and the screen flashes red while a block's pixels touch the figure's.
-- Every step each block is tried against the figure by bounding rectangles first, then
-- pixel by pixel with pc.overlaps; every image is drawn in code, so no assets are needed.
--
--   love demo                              play (arrow keys, Escape quits)
--   PC_DEMO_SMOKE=shot.png love demo       a block beside the figure (bounds meeting, pixels not), then
--                                          one on it: screenshots shot-miss.png and shot.png, then quit

-- A game keeps pixel_collide.lua beside its main.lua; this demo finds it one folder up.
package.path = love.filesystem.getSource() .. "/../?.lua;" .. package.path
local pc = require("pixel_collide")

local WIDTH, HEIGHT = 480, 640
local STEP = 1 / 60
local BLOCKS = 8
local CORNFLOWER = { 100 / 255, 149 / 255, 237 / 255 }
local RED = { 1, 0, 0 }

local blockImage, figureImage
local blockMask, figureMask
local blocks = {}
local figure
local hit = false
local hits = 0
local accumulator = 0
local smoke = os.getenv("PC_DEMO_SMOKE")

local function plusData(size, arm)
  local from, to = (size - arm) / 2, (size + arm) / 2
  local data = love.image.newImageData(size, size)
  data:mapPixel(function(x, y)
    local inArm = (x >= from and x < to) or (y >= from and y < to)
    return 1, 0.75, 0.3, inArm and 1 or 0
  end)
  return data
end

-- A figure 24 x 40: a round head, a body, arms out and two legs.
local function figureData()
  local data = love.image.newImageData(24, 40)
  data:mapPixel(function(x, y)
    local cx, cy = x + 0.5 - 12, y + 0.5 - 7
    local solid = cx * cx + cy * cy <= 36
      or (x >= 8 and x < 16 and y >= 13 and y < 29)
      or (x >= 2 and x < 22 and y >= 15 and y < 19)
      or ((x >= 8 and x < 11 or x >= 13 and x < 16) and y >= 29)
    return 1, 1, 0.4, solid and 1 or 0
  end)
  return data
end

-- A block's placement is love.graphics.draw's arguments, kept for drawing and placing alike.
local function respawn(block, y)
  block.x = love.math.random(24, WIDTH - 24)
  block.y = y or -love.math.random(20, HEIGHT)
  block.r = love.math.random() * 2 * math.pi
  block.fall = love.math.random(80, 170)
  block.spin = (love.math.random() - 0.5) * 6
end

local function place(block)
  block.sprite:place(block.x, block.y, block.r, 1, 1, 16, 16)
end

function love.load()
  love.graphics.setDefaultFilter("nearest", "nearest")
  local data = plusData(32, 10)
  blockImage, blockMask = love.graphics.newImage(data), pc.newMask(data)
  data = figureData()
  figureImage, figureMask = love.graphics.newImage(data), pc.newMask(data)
  figure = { x = WIDTH / 2, y = HEIGHT - 40, speed = 220 }
  figure.sprite = pc.sprite(figureMask, figure.x, figure.y, 0, 1, 1, 12, 20)
  for i = 1, BLOCKS do
    blocks[i] = { sprite = pc.sprite(blockMask) }
    respawn(blocks[i], -love.math.random(20, HEIGHT))
    place(blocks[i])
  end
end

local function rectanglesMeet(ax, ay, aw, ah, bx, by, bw, bh)
  return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah
end

-- Whether any block touches the figure: the cheap bounds test first, the pixels only where it passes.
local function touching()
  local fx, fy, fw, fh = figure.sprite:getBounds()
  for _, block in ipairs(blocks) do
    local bx, by, bw, bh = block.sprite:getBounds()
    if rectanglesMeet(fx, fy, fw, fh, bx, by, bw, bh) and pc.overlaps(figure.sprite, block.sprite) then
      return true
    end
  end
  return false
end

-- A hit is counted when a touch begins, and the screen stays red while it lasts.
local function see(now)
  if now and not hit then
    hits = hits + 1
  end
  hit = now
end

local function step(dt)
  local dx = 0
  if love.keyboard.isDown("left") then dx = dx - 1 end
  if love.keyboard.isDown("right") then dx = dx + 1 end
  figure.x = math.max(12, math.min(WIDTH - 12, figure.x + dx * figure.speed * dt))
  figure.sprite:place(figure.x, figure.y, 0, 1, 1, 12, 20)
  for _, block in ipairs(blocks) do
    block.y = block.y + block.fall * dt
    block.r = block.r + block.spin * dt
    if block.y > HEIGHT + 24 then
      respawn(block)
    end
    place(block)
  end
  see(touching())
end

-- The smoke run: a block beside the figure whose bounding rectangle meets the figure's while no
-- pixels touch, a screenshot, then the block turned on the figure, another screenshot; each
-- written where PC_DEMO_SMOKE says.
local smokeFrame = 0
local smokeSaid = {}
local function capture(path, what)
  local fx, fy, fw, fh = figure.sprite:getBounds()
  local boundsMeet = rectanglesMeet(fx, fy, fw, fh, blocks[1].sprite:getBounds())
  local said = ("%s (bounds meet: %s, hit: %s)"):format(what, tostring(boundsMeet), tostring(hit))
  love.graphics.captureScreenshot(function(shot)
    local file = assert(io.open(path, "wb"))
    file:write(shot:encode("png"):getString())
    file:close()
    smokeSaid[#smokeSaid + 1] = said .. " -> " .. path
  end)
end

local function smokeStep()
  smokeFrame = smokeFrame + 1
  for i, block in ipairs(blocks) do
    block.x, block.y, block.r = 40 + 50 * i, 80, 0.3 * i
  end
  if smokeFrame <= 3 then
    -- Up and right of the figure, corner to corner: the plus's clear corner over the figure's.
    blocks[1].x, blocks[1].y, blocks[1].r = figure.x + 22, figure.y - 30, 0
  else
    blocks[1].x, blocks[1].y, blocks[1].r = figure.x + 3, figure.y - 4, 0.7
  end
  for _, block in ipairs(blocks) do
    place(block)
  end
  see(touching())
  if smokeFrame == 3 then
    capture((smoke:gsub("%.png$", "")) .. "-miss.png", "beside the figure")
  elseif smokeFrame == 6 then
    capture(smoke, "on the figure")
  elseif smokeFrame == 8 then
    print("demo smoke: " .. table.concat(smokeSaid, "; "))
    love.event.quit(#smokeSaid == 2 and 0 or 1)
  end
end

function love.update(dt)
  if smoke then
    smokeStep()
    return
  end
  accumulator = math.min(accumulator + dt, 0.25)
  while accumulator >= STEP do
    step(STEP)
    accumulator = accumulator - STEP
  end
end

function love.keypressed(key)
  if key == "escape" then
    love.event.quit()
  end
end

function love.draw()
  love.graphics.clear(hit and RED or CORNFLOWER)
  love.graphics.setColor(1, 1, 1)
  for _, block in ipairs(blocks) do
    love.graphics.draw(blockImage, block.x, block.y, block.r, 1, 1, 16, 16)
  end
  love.graphics.draw(figureImage, figure.x, figure.y, 0, 1, 1, 12, 20)
  love.graphics.print(("hits: %d   arrows move, Escape quits"):format(hits), 8, 8)
end
