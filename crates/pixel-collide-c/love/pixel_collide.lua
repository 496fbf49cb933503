-- pixel_collide.lua: exact per-pixel collision for LÖVE (11.3 and later) and LuaJIT, over the pixel-collide C
-- library through LuaJIT's FFI. Drop this one file into a game and keep libpixel_collide (.so,
-- .dylib or .dll) where the system's loader finds it, or name it with pc.load(path).
--
--   local pc = require("pixel_collide")
--   local mask = pc.newMask(love.image.newImageData("ship.png"))
--   local ship = pc.sprite(mask, x, y, r, sx, sy, ox, oy)   -- love.graphics.draw's arguments
--   ship:place(x, y, r, sx, sy, ox, oy)                     -- each frame, in place
--   if pc.overlaps(ship, rock) then ... end
--
-- A sprite is a `pc_sprite` cdata (a mask and the six numbers of pc_affine) placed exactly where
-- love.graphics.draw with the same arguments puts the image under the identity graphics transform.
-- A failing call raises a Lua error carrying the library's one-line message.
local ffi = require("ffi")

local M = {}

-- The header's declarations (include/pixel_collide.h less its preprocessor lines and the C++
-- wrapper), verbatim: tests/cdef.lua compares the two.
M._CDEF = [==[
typedef enum pc_status {
  // The call did what it says; its outputs are written.
  PC_OK = 0,
  // A pointer argument that must point somewhere is null.
  PC_NULL_POINTER = 1,
  // A handle that is null, was freed (a use after free or a double free) or was never made.
  PC_INVALID_HANDLE = 2,
  // A number outside its domain: NaN or infinite in a matrix, point or size, a negative radius.
  PC_INVALID_NUMBER = 3,
  // An image size of zero, past the library's caps, or a row stride shorter than a row.
  PC_INVALID_SIZE = 4,
  // A buffer shorter than the size it is said to hold.
  PC_SHORT_BUFFER = 5,
  // Bytes that are not a PNG image the decoder reads.
  PC_DECODE = 6,
  // A file that could not be read.
  PC_IO = 7,
  // More live handles, or more sprites in one world call, than the library counts.
  PC_TOO_MANY = 8,
  // A bug in the library, caught at the boundary (please report the message).
  PC_INTERNAL = 9,
} pc_status;

// A mask: a handle to a grid of solid and clear texels the library owns. `{0, 0}` is the null
// handle; a freed handle is answered with `PC_INVALID_HANDLE`.
typedef struct pc_mask {
  // The slot.
  uint32_t index;
  // The slot's generation when the mask was made.
  uint32_t generation;
} pc_mask;

// A point or a direction in the world (or in a mask's texels, x right, y down).
typedef struct pc_vec2 {
  // Rightwards.
  float x;
  // Downwards, in the texel grid's and most engines' screen convention.
  float y;
} pc_vec2;

// A placement by parts, turned and scaled about a pivot: what `pc_motion` moves between.
typedef struct pc_pose {
  // Where the pivot is in the world.
  struct pc_vec2 position;
  // The turn about the pivot, in radians (clockwise on a screen whose y points down).
  float rotation;
  // The scale along the mask's own axes.
  struct pc_vec2 scale;
} pc_pose;

// A mask moving in a straight line from one pose to another over a step, turned and scaled
// about `origin` (its pivot in texels).
typedef struct pc_motion {
  // What moves.
  struct pc_mask mask;
  // The pose at the start of the step.
  struct pc_pose from;
  // The pose at the end of the step.
  struct pc_pose to;
  // The pivot in texels (the centre of a 64 x 64 mask is (32, 32)).
  struct pc_vec2 origin;
} pc_motion;

// When two moving sprites first touch during a step: what `pc_time_of_impact` answers.
typedef struct pc_impact {
  // Whether they touch at some time of the step; the rest is zero when not.
  bool found;
  // A fraction of the step (0 to 1) no later than the first touch: moved to it, the two are
  // apart (or touching when it is 0).
  float time;
  // A fraction at which they are found touching, at most 2^-14 after `time`.
  float contact_time;
  // A world point inside solid texels of both at `contact_time`.
  struct pc_vec2 point;
} pc_impact;

// An affine map from a mask's texels to the world, as the six numbers every engine gives:
// `world.x = a * x + c * y + tx`, `world.y = b * x + d * y + ty` (the order of a canvas's
// `setTransform`, Cairo's `cairo_matrix_t` and a column-major 3 x 2 matrix; XNA's and MonoGame's
// `Matrix` holds them as `M11 M12 M21 M22 M41 M42`).
typedef struct pc_affine {
  // How far the world moves in x per texel along the mask's x.
  float a;
  // How far the world moves in y per texel along the mask's x.
  float b;
  // How far the world moves in x per texel along the mask's y.
  float c;
  // How far the world moves in y per texel along the mask's y.
  float d;
  // Where the mask's texel corner (0, 0) lands, x.
  float tx;
  // Where the mask's texel corner (0, 0) lands, y.
  float ty;
} pc_affine;

// A mask placed in the world.
typedef struct pc_sprite {
  // What is placed.
  struct pc_mask mask;
  // Where: the map from its texels to the world.
  struct pc_affine transform;
} pc_sprite;

// Where two sprites touch, with a normal and a depth: what `pc_collide` answers.
typedef struct pc_contact {
  // Whether they touch; the other fields are zero when not.
  bool found;
  // A world point inside a solid texel of both.
  struct pc_vec2 point;
  // A unit normal from the first sprite towards the second; swapping the two reverses it.
  struct pc_vec2 normal;
  // How far the two texels met at `point` overlap along `normal`, in world units.
  float depth;
} pc_contact;

// How far apart two sprites are, with the closest points: what `pc_distance` answers.
typedef struct pc_closest {
  // Whether both have solid texels and placements that cover area; the rest is zero when not.
  bool found;
  // The world distance between their closest solid texels; 0 when they touch or overlap.
  float distance;
  // A point of the first sprite's solid texels at `distance` from `on_b`.
  struct pc_vec2 on_a;
  // A point of the second sprite's solid texels at `distance` from `on_a`.
  struct pc_vec2 on_b;
  // No solid texels lie closer than this: `distance` itself unless the search ran out of its
  // budget, when the true distance lies between the two.
  float lower_bound;
  // Whether the search ran out of its budget (then `lower_bound` < `distance`).
  bool budget_ran_out;
} pc_closest;

// How to move the first sprite off the second: what `pc_push_out` answers.
typedef struct pc_push {
  // Whether they overlap (and so need a push); the other fields are zero when not.
  bool found;
  // The world translation to add to the first sprite so that the two no longer overlap.
  struct pc_vec2 offset;
  // A unit contact normal from the first sprite towards the second.
  struct pc_vec2 normal;
  // Whether the search ran out of its budget and `offset` is the looser move that parts the
  // two sprites' bounds (still apart after it).
  bool budget_ran_out;
} pc_push;

// An axis-aligned world rectangle from its corner `(x, y)` and its size.
typedef struct pc_rect {
  // The left edge.
  float x;
  // The top edge.
  float y;
  // The width.
  float width;
  // The height.
  float height;
} pc_rect;

// Where a ray enters a sprite: what `pc_raycast` answers.
typedef struct pc_ray_hit {
  // Whether the ray enters a solid texel within its reach; the rest is zero when not.
  bool found;
  // The world point of entry.
  struct pc_vec2 point;
  // The world distance from the ray's origin (in units of a unit direction).
  float distance;
  // The unit outward normal of the face entered.
  struct pc_vec2 normal;
} pc_ray_hit;

// A world: a handle to the room that answers every touching pair of many sprites in one call.
typedef struct pc_world {
  // The slot.
  uint32_t index;
  // The slot's generation when the world was made.
  uint32_t generation;
} pc_world;

// Two sprites that touch, by their places in the array a world call was given (`a` < `b`).
typedef struct pc_pair {
  // The first sprite's index.
  uint32_t a;
  // The second sprite's index.
  uint32_t b;
} pc_pair;

// The touching pairs a world call found: `count` pairs at `pairs`, sorted, owned by the world and
// valid until its next call or its free.
typedef struct pc_pairs {
  // The first pair (null when `count` is 0).
  const struct pc_pair *pairs;
  // How many.
  size_t count;
} pc_pairs;


// Makes a mask from `width` x `height` RGBA pixels, four bytes each, rows `stride` bytes apart
// from the top left (0: rows packed, `width * 4`), a texel solid where its alpha is greater than
// `alpha_threshold` (0 keeps every visible pixel). `length` is the buffer's size in bytes; a
// quad of a sprite sheet is its first pixel's address, the sheet's stride and the bytes left.
enum pc_status pc_mask_from_rgba(const uint8_t *rgba,
                                 size_t length,
                                 uint32_t width,
                                 uint32_t height,
                                 size_t stride,
                                 uint8_t alpha_threshold,
                                 struct pc_mask *result);

// Makes a mask from the PNG file at `path` (a NUL-terminated path in the system's encoding), a
// texel solid where its alpha is greater than `alpha_threshold`. Images past 16,384 on a side or
// 2^26 texels are refused before they are decoded.
enum pc_status pc_mask_from_png_file(const char *path,
                                     uint8_t alpha_threshold,
                                     struct pc_mask *result);

// Makes a mask from the bytes of a PNG file, `length` of them at `png`, as
// `pc_mask_from_png_file` reads a file.
enum pc_status pc_mask_from_png_bytes(const uint8_t *png,
                                      size_t length,
                                      uint8_t alpha_threshold,
                                      struct pc_mask *result);

// Frees the mask; its handle and every copy of it are answered with `PC_INVALID_HANDLE` from now
// on (freeing it again included). No other thread may be inside a call that uses it.
enum pc_status pc_mask_free(struct pc_mask m);

// The mask's size in texels.
enum pc_status pc_mask_size(struct pc_mask m, uint32_t *width, uint32_t *height);

// Whether the texel at column `x`, row `y` is solid; false outside the mask.
enum pc_status pc_mask_is_solid(struct pc_mask m, int64_t x, int64_t y, bool *solid);

// How many texels are solid.
enum pc_status pc_mask_solid_count(struct pc_mask m, uint64_t *count);

// The first time during the step (0 to 1) at which the two moving sprites touch, each moving
// from its `from` pose to its `to` pose (position, rotation and scale in a straight line), to
// within 2^-14 of the step; `found` is false when they never touch.
enum pc_status pc_time_of_impact(struct pc_motion a, struct pc_motion b, struct pc_impact *impact);

// Whether the two sprites share a solid texel's area anywhere (touching along an edge or at a
// corner is not overlapping); `*overlapping` is written.
enum pc_status pc_overlaps(struct pc_sprite a, struct pc_sprite b, bool *overlapping);

// Whether the two sprites overlap, and if so a point inside both, a normal from `a` towards `b`
// and the depth along it; `*contact` is written (`found` false when they do not overlap).
enum pc_status pc_collide(struct pc_sprite a, struct pc_sprite b, struct pc_contact *contact);

// The world area the two sprites' solid texels share, exact under any placement.
enum pc_status pc_overlap_area(struct pc_sprite a, struct pc_sprite b, float *area);

// The world distance between the two sprites' closest solid texels (0 when they touch), with a
// closest point on each.
enum pc_status pc_distance(struct pc_sprite a, struct pc_sprite b, struct pc_closest *distance);

// The shortest move of `a` that parts it from `b`, with the contact normal; `found` is false
// when they do not overlap.
enum pc_status pc_push_out(struct pc_sprite a, struct pc_sprite b, struct pc_push *push);

// Whether `probe` overlaps each of the `count` sprites at `others`, into `overlapping[0..count)`:
// one call for a game's "the player against every block", so that a host whose every foreign
// call costs a transition (C# under Mono, GDScript) pays it once. Every sprite is checked before
// any answer is written; a null `others` or `overlapping` is allowed when `count` is 0.
enum pc_status pc_overlaps_each(struct pc_sprite probe,
                                const struct pc_sprite *others,
                                size_t count,
                                bool *overlapping);

// Whether the world point lies inside a solid texel (its open square) of the sprite.
enum pc_status pc_contains_point(struct pc_sprite s, struct pc_vec2 p, bool *inside);

// Whether the world rectangle shares area with a solid texel of the sprite (a rectangle of no
// area touches nothing).
enum pc_status pc_touches_rect(struct pc_sprite s, struct pc_rect r, bool *touching);

// Whether the world disc of `radius` about `center` shares area with a solid texel.
enum pc_status pc_touches_circle(struct pc_sprite s,
                                 struct pc_vec2 center,
                                 float radius,
                                 bool *touching);

// Where the ray from `origin` along `direction` first enters a solid texel within
// `max_distance` (in units of `direction`'s length; infinity for no limit).
enum pc_status pc_raycast(struct pc_sprite s,
                          struct pc_vec2 origin,
                          struct pc_vec2 direction,
                          float max_distance,
                          struct pc_ray_hit *hit);

// The world's axis-aligned bounds of the sprite's whole image: the cheap prefilter a game may
// run first.
enum pc_status pc_sprite_bounds(struct pc_sprite s, struct pc_rect *bounds);

// The matrix that places a mask at `position`, turned by `rotation` radians and scaled by
// `scale` about `origin` (its pivot in texels): translate(-origin), scale, rotate,
// translate(position), the placement of most engines' draw calls without shear.
enum pc_status pc_affine_from_parts(struct pc_vec2 position,
                                    float rotation,
                                    struct pc_vec2 scale,
                                    struct pc_vec2 origin,
                                    struct pc_affine *transform);

// The message of the last call that failed on this thread (empty when none has): one line naming
// the function, the argument and what was wrong with it. Valid until the next failing call on
// the same thread; never null.
const char *pc_last_error_message(void);

// The name of a status as written in the header (`"PC_OK"`, `"PC_INVALID_HANDLE"`, ...), or
// `"PC_UNKNOWN_STATUS"` for a number that is none; never null.
const char *pc_status_name(int32_t status);

// Makes an empty world.
enum pc_status pc_world_new(struct pc_world *result);

// Frees the world and the pairs it last gave; its handle is stale from now on.
enum pc_status pc_world_free(struct pc_world w);

// Every pair of the `count` sprites at `sprites` that overlap on solid texels, as
// `pc_overlaps` would answer each, sorted by `a` then `b`, into `*pairs` (memory the world owns,
// valid until its next call or its free). A null `sprites` is allowed when `count` is 0.
enum pc_status pc_world_touching_pairs(struct pc_world w,
                                       const struct pc_sprite *sprites,
                                       size_t count,
                                       struct pc_pairs *pairs);
]==]

-- ffi.cdef refuses to declare a type twice, as a second copy of this file in one Lua state would.
if not pcall(ffi.typeof, "pc_sprite") then
  ffi.cdef(M._CDEF)
end

-- LÖVE computes its matrices in single precision with the C library's cosf and sinf; the same
-- calls here make a sprite's matrix the very one LÖVE draws with.
local cosf, sinf
do
  -- Under names of their own, so that a game's own declarations of cosf and sinf never clash.
  pcall(ffi.cdef, [[
    float pixel_collide_cosf(float) __asm__("cosf");
    float pixel_collide_sinf(float) __asm__("sinf");
  ]])
  local ok, c, s = pcall(function() return ffi.C.pixel_collide_cosf, ffi.C.pixel_collide_sinf end)
  if ok then
    cosf, sinf = c, s
  end
end
local float1 = ffi.new("float[1]")
local function f32(x)
  float1[0] = x
  return float1[0]
end
if not cosf then
  cosf = function(x) return f32(math.cos(x)) end
  sinf = function(x) return f32(math.sin(x)) end
end

-- The library's functions, by name less the `pc_` prefix, as pointers returning int32_t: LuaJIT
-- boxes an enum return in a fresh cdata on every call, a plain integer it does not.
local F = {}
local lib
local loadError = "not loaded yet"

local function notLoaded()
  error("pixel_collide: the library is not loaded (" .. loadError .. "); call pc.load(path) first", 3)
end
setmetatable(F, { __index = function() return notLoaded end })

local function bind(clib)
  for name, args in M._CDEF:gsub("//[^\n]*", ""):gmatch("enum%s+pc_status%s+pc_([%w_]+)%s*(%b())%s*;") do
    local ok, f = pcall(function() return clib["pc_" .. name] end)
    if ok then
      rawset(F, name, ffi.cast(ffi.typeof("int32_t (*)" .. args), f))
    else
      -- A library older than this file: everything else still works.
      rawset(F, name, function()
        error("pixel_collide: the loaded library has no pc_" .. name .. " (older than pixel_collide.lua?)", 3)
      end)
    end
  end
  lib = clib
end

--- The names ffi.load tries when no path is given, first to last.
M.libraryNames = { "pixel_collide", "libpixel_collide.so.0" }

--- Loads the library from `name`, else $PIXEL_COLLIDE_LIB or M.libraryNames; returns the module.
function M.load(name)
  local tried = {}
  local candidates = name and { name } or { os.getenv("PIXEL_COLLIDE_LIB") }
  if not name then
    for _, n in ipairs(M.libraryNames) do
      candidates[#candidates + 1] = n
    end
  end
  for _, candidate in ipairs(candidates) do
    local ok, clib = pcall(ffi.load, candidate)
    if ok then
      bind(clib)
      loadError = nil
      return M
    end
    tried[#tried + 1] = candidate .. ": " .. tostring(clib):gsub("\n", " ")
  end
  loadError = "tried " .. table.concat(tried, "; ")
  error("pixel_collide: cannot load the library: " .. loadError, 2)
end

-- A game may name the library's path after require; until then a call says what was tried.
pcall(M.load)

local function fail(status, level)
  local message = lib and ffi.string(lib.pc_last_error_message()) or ""
  if message == "" then
    message = "status " .. tostring(status)
  end
  error("pixel_collide: " .. message, (level or 2) + 1)
end

-- Out-parameters of every query, made once. LuaJIT cannot compile a call that passes structs by
-- value, so the queries run in its interpreter, where `out[0]` or `out.point` makes a new
-- reference cdata each time: the results are read as top-level fields or through float views
-- instead, and a query allocates nothing on the Lua side.
local bool1 = ffi.new("bool[1]")
local float1out = ffi.new("float[1]")
local u32a, u32b = ffi.new("uint32_t[1]"), ffi.new("uint32_t[1]")
local u64 = ffi.new("uint64_t[1]")
local maskOut = ffi.new("pc_mask[1]")
local worldOut = ffi.new("pc_world[1]")
local contact = ffi.new("pc_contact")
local push = ffi.new("pc_push")
local closest = ffi.new("pc_closest")
local rayHit = ffi.new("pc_ray_hit")
local impact = ffi.new("pc_impact")
local boundsOut = ffi.new("pc_rect")
local vecA, vecB = ffi.new("pc_vec2"), ffi.new("pc_vec2")
local rect = ffi.new("pc_rect")
local affine = ffi.new("pc_affine")
local pose = ffi.new("pc_pose")

-- The float at `field` (and `.x` or `.y` below it) of a struct, as an index of a float view.
local function slot(ctype, field, sub)
  return (ffi.offsetof(ctype, field) + (sub == "y" and 4 or 0)) / 4
end
local contactF = ffi.cast("const float *", contact)
local C_PX, C_PY = slot("pc_contact", "point"), slot("pc_contact", "point", "y")
local C_NX, C_NY = slot("pc_contact", "normal"), slot("pc_contact", "normal", "y")
local pushF = ffi.cast("const float *", push)
local P_OX, P_OY = slot("pc_push", "offset"), slot("pc_push", "offset", "y")
local P_NX, P_NY = slot("pc_push", "normal"), slot("pc_push", "normal", "y")
local closestF = ffi.cast("const float *", closest)
local D_AX, D_AY = slot("pc_closest", "on_a"), slot("pc_closest", "on_a", "y")
local D_BX, D_BY = slot("pc_closest", "on_b"), slot("pc_closest", "on_b", "y")
local rayF = ffi.cast("const float *", rayHit)
local R_PX, R_PY = slot("pc_ray_hit", "point"), slot("pc_ray_hit", "point", "y")
local R_NX, R_NY = slot("pc_ray_hit", "normal"), slot("pc_ray_hit", "normal", "y")
local impactF = ffi.cast("const float *", impact)
local I_PX, I_PY = slot("pc_impact", "point"), slot("pc_impact", "point", "y")

-- Masks -----------------------------------------------------------------------------------------

local Mask = {}
Mask.__index = Mask

-- Run by the collector on a mask nobody freed; an explicit free takes the finaliser off first, so
-- this never meets a stale handle and never has a status to raise.
local function collectMask(handle)
  F.mask_free(handle)
end

local function wrapMask(level)
  local handle = ffi.gc(ffi.new("pc_mask", maskOut[0]), collectMask)
  local status = F.mask_size(handle, u32a, u32b)
  if status ~= 0 then
    fail(status, level + 1)
  end
  return setmetatable({ handle = handle, width = u32a[0], height = u32b[0] }, Mask)
end

local PNG_SIGNATURE = "\137PNG\r\n\26\n"

local function isLove(value, typeName)
  return type(value) == "userdata" and type(value.typeOf) == "function" and value:typeOf(typeName)
end

local function checkThreshold(threshold, caller)
  if threshold == nil then
    return 0
  end
  if type(threshold) ~= "number" or threshold < 0 or threshold > 255 or threshold % 1 ~= 0 then
    error(("pixel_collide: %s: threshold must be an integer from 0 to 255, got %s")
      :format(caller, tostring(threshold)), 3)
  end
  return threshold
end

local function maskFromImageData(data, threshold, quad)
  if data:getFormat() ~= "rgba8" then
    error("pixel_collide: newMask: ImageData must be rgba8, not " .. data:getFormat(), 3)
  end
  local width, height = data:getDimensions()
  local x, y, w, h = 0, 0, width, height
  if quad ~= nil then
    if not isLove(quad, "Quad") then
      error("pixel_collide: newMask: the third argument must be a Quad", 3)
    end
    local sw, sh = quad:getTextureDimensions()
    if sw ~= width or sh ~= height then
      error(string.format("pixel_collide: newMask: the Quad was made for a %g x %g texture, the ImageData is %d x %d",
        sw, sh, width, height), 3)
    end
    x, y, w, h = quad:getViewport()
    if x % 1 ~= 0 or y % 1 ~= 0 or w % 1 ~= 0 or h % 1 ~= 0 or x < 0 or y < 0
        or x + w > width or y + h > height then
      error(("pixel_collide: newMask: the Quad's viewport %g, %g, %g x %g is not whole texels inside the"
        .. " %d x %d ImageData"):format(x, y, w, h, width, height), 3)
    end
  end
  local base = ffi.cast("const uint8_t *", data:getFFIPointer())
  local offset = (y * width + x) * 4
  local status = F.mask_from_rgba(base + offset, data:getSize() - offset, w, h, width * 4, threshold, maskOut)
  if status ~= 0 then
    fail(status, 3)
  end
  local mask = wrapMask(3)
  return mask
end

local function maskFromPngBytes(pointer, length, threshold)
  local status = F.mask_from_png_bytes(pointer, length, threshold, maskOut)
  if status ~= 0 then
    fail(status, 3)
  end
  local mask = wrapMask(3)
  return mask
end

--- A mask from an rgba8 ImageData (or a Quad's viewport of it), a PNG path, FileData or bytes.
function M.newMask(source, threshold, quad)
  -- A texel is solid where its alpha is greater than `threshold` (0 when nil). A path is looked
  -- up in love.filesystem first (the game's folder or .love, the save directory), then as the
  -- operating system's; a string starting with PNG's signature is the file's bytes.
  if quad == nil and isLove(threshold, "Quad") then
    threshold, quad = nil, threshold
  end
  threshold = checkThreshold(threshold, "newMask")
  -- No tail calls below: the helpers' errors blame newMask's caller, two frames up.
  local mask
  if isLove(source, "ImageData") then
    mask = maskFromImageData(source, threshold, quad)
    return mask
  end
  if quad ~= nil then
    error("pixel_collide: newMask: a Quad needs an ImageData to cut", 2)
  end
  if isLove(source, "Data") then
    mask = maskFromPngBytes(ffi.cast("const uint8_t *", source:getFFIPointer()), source:getSize(), threshold)
    return mask
  end
  if type(source) ~= "string" then
    error("pixel_collide: newMask: expected an ImageData, a FileData, a PNG's path or bytes, got " .. type(source), 2)
  end
  if source:sub(1, #PNG_SIGNATURE) == PNG_SIGNATURE then
    mask = maskFromPngBytes(source, #source, threshold)
    return mask
  end
  local lf = rawget(_G, "love") and love.filesystem
  if lf and lf.getInfo and lf.getInfo(source, "file") then
    local bytes = assert(lf.read(source))
    mask = maskFromPngBytes(bytes, #bytes, threshold)
    return mask
  end
  local status = F.mask_from_png_file(source, threshold, maskOut)
  if status ~= 0 then
    fail(status)
  end
  mask = wrapMask(2)
  return mask
end

--- A mask from RGBA bytes: a string, a uint8_t array, or a pointer with its length.
function M.newMaskFromRGBA(rgba, width, height, stride, threshold, length)
  -- Rows are `stride` bytes apart (width * 4 when nil); solid where alpha is over `threshold`.
  threshold = checkThreshold(threshold, "newMaskFromRGBA")
  if length == nil then
    local ctype = type(rgba) == "cdata" and tostring(ffi.typeof(rgba)) or ""
    if type(rgba) == "string" then
      length = #rgba
    elseif ctype:find("[", 1, true) and not ctype:find("*", 1, true) then
      -- An array knows its size; a pointer does not.
      length = ffi.sizeof(rgba)
    else
      error("pixel_collide: newMaskFromRGBA: a pointer needs its length in bytes", 2)
    end
  end
  local status = F.mask_from_rgba(ffi.cast("const uint8_t *", rgba), length, width, height, stride or 0,
    threshold, maskOut)
  if status ~= 0 then
    fail(status)
  end
  local mask = wrapMask(2)
  return mask
end

--- Frees the mask now rather than when it is collected; freeing it again does nothing.
function Mask:free()
  if self.freed then
    return
  end
  self.freed = true
  ffi.gc(self.handle, nil)
  local status = F.mask_free(self.handle)
  if status ~= 0 then
    fail(status)
  end
end

--- The mask's width and height in texels.
function Mask:getDimensions()
  return self.width, self.height
end

--- Whether the texel at column x, row y (from 0) is solid; false outside the mask.
function Mask:isSolid(x, y)
  local status = F.mask_is_solid(self.handle, x, y, bool1)
  if status ~= 0 then
    fail(status)
  end
  return bool1[0]
end

--- How many of the mask's texels are solid.
function Mask:getSolidCount()
  local status = F.mask_solid_count(self.handle, u64)
  if status ~= 0 then
    fail(status)
  end
  return tonumber(u64[0])
end

-- Sprites ---------------------------------------------------------------------------------------

local Sprite = {}

-- A sprite holds a copy of its mask's handle, which does not keep the mask alive: this table
-- does, for as long as the sprite lives.
local maskOf = setmetatable({}, { __mode = "k" })

local function checkMask(mask, level)
  if getmetatable(mask) ~= Mask then
    error("pixel_collide: expected a mask from pc.newMask, got " .. type(mask), level + 1)
  end
end

-- LÖVE 11.4's Matrix4::setTransformation, operation for operation in single precision, from
-- love.graphics.draw's arguments with luaL_optnumber's defaults.
local function placeByArguments(s, x, y, r, sx, sy, ox, oy, kx, ky)
  x, y, r = f32(x or 0), f32(y or 0), f32(r or 0)
  sx = f32(sx or 1)
  sy = sy == nil and sx or f32(sy)
  ox, oy, kx, ky = f32(ox or 0), f32(oy or 0), f32(kx or 0), f32(ky or 0)
  local c, s_ = cosf(r), sinf(r)
  local a = f32(f32(c * sx) - f32(f32(ky * s_) * sy))
  local b = f32(f32(s_ * sx) + f32(f32(ky * c) * sy))
  local cc = f32(f32(f32(kx * c) * sx) - f32(s_ * sy))
  local d = f32(f32(f32(kx * s_) * sx) + f32(c * sy))
  affine.a, affine.b, affine.c, affine.d = a, b, cc, d
  affine.tx = f32(f32(x - f32(ox * a)) - f32(oy * cc))
  affine.ty = f32(f32(y - f32(ox * b)) - f32(oy * d))
  -- Stored whole: `s.transform.a = ...` would make a reference cdata per field.
  s.transform = affine
  return s
end

-- A Transform's matrix, as Texture::draw applies it: only its 2D part moves the vertices.
local function placeByTransform(s, transform)
  local a, c, _, tx, b, d, _, ty = transform:getMatrix()
  affine.a, affine.b, affine.c, affine.d, affine.tx, affine.ty = a, b, c, d, tx, ty
  s.transform = affine
  return s
end

--- Places the sprite in place where love.graphics.draw with the same arguments draws; returns it.
function Sprite:place(x, ...)
  -- Either draw's numbers (x, y, r, sx, sy, ox, oy, kx, ky, with draw's defaults) or a
  -- love.math.Transform, as draw takes either.
  if x ~= nil and type(x) ~= "number" then
    if type(x) ~= "userdata" or type(x.getMatrix) ~= "function" then
      error("pixel_collide: place: expected draw's numbers or a love.math.Transform, got " .. type(x), 2)
    end
    return placeByTransform(self, x)
  end
  return placeByArguments(self, x, ...)
end

--- Sets the six numbers of the sprite's matrix directly (world = (a x + c y + tx, b x + d y + ty)).
function Sprite:setMatrix(a, b, c, d, tx, ty)
  affine.a, affine.b, affine.c, affine.d, affine.tx, affine.ty = a, b, c, d, tx, ty
  self.transform = affine
  return self
end

--- Gives the sprite another mask, keeping its placement.
function Sprite:setMask(mask)
  checkMask(mask, 2)
  self.mask = mask.handle
  maskOf[self] = mask
  return self
end

--- The mask the sprite shows.
function Sprite:getMask()
  return maskOf[self]
end

--- The world's axis-aligned bounds of the sprite's whole image: x, y, width, height.
function Sprite:getBounds()
  local status = F.sprite_bounds(self, boundsOut)
  if status ~= 0 then
    fail(status)
  end
  return boundsOut.x, boundsOut.y, boundsOut.width, boundsOut.height
end

-- Fails only where another copy of this file already gave pc_sprite the same methods.
pcall(ffi.metatype, "pc_sprite", { __index = Sprite })

--- A new sprite of `mask`, placed by love.graphics.draw's arguments or a love.math.Transform.
function M.sprite(mask, ...)
  checkMask(mask, 2)
  local s = ffi.new("pc_sprite")
  s.mask = mask.handle
  maskOf[s] = mask
  return s:place(...)
end

--- The world's axis-aligned bounds of the sprite's image: x, y, width, height.
M.bounds = Sprite.getBounds

-- Queries ---------------------------------------------------------------------------------------

--- Whether the two sprites share the area of some solid texel (touching edges do not).
function M.overlaps(a, b)
  local status = F.overlaps(a, b, bool1)
  if status ~= 0 then
    fail(status)
  end
  return bool1[0]
end

-- A pc_sprite array of at least `count`, reused: the lists that overlapsEach and worlds are given
-- are copied into one, as the library reads an array.
local function spriteArray(holder, count)
  if count > holder.capacity then
    holder.capacity = math.max(count, 2 * holder.capacity)
    holder.buffer = ffi.new("pc_sprite[?]", holder.capacity)
  end
  return holder.buffer
end

local eachSprites = { capacity = 0 }
local eachAnswers = { capacity = 0 }
local eachList = {}

--- Whether `probe` overlaps each of `others` (a list, or an array and count): a reused list of booleans.
function M.overlapsEach(probe, others, count)
  -- One call into the library for the lot, where overlaps would make one for each.
  local array = others
  if type(others) == "table" then
    count = #others
    array = spriteArray(eachSprites, count)
    for i = 1, count do
      array[i - 1] = others[i]
    end
  end
  count = count or 0
  if count > eachAnswers.capacity then
    eachAnswers.capacity = math.max(count, 2 * eachAnswers.capacity)
    eachAnswers.buffer = ffi.new("bool[?]", eachAnswers.capacity)
  end
  local answers = eachAnswers.buffer
  local status = F.overlaps_each(probe, array, count, answers)
  if status ~= 0 then
    fail(status)
  end
  for i = 1, count do
    eachList[i] = answers[i - 1]
  end
  for i = count + 1, #eachList do
    eachList[i] = nil
  end
  return eachList
end

--- Where a and b overlap: point x, y, unit normal x, y from a towards b, depth; nil when apart.
function M.collide(a, b)
  local status = F.collide(a, b, contact)
  if status ~= 0 then
    fail(status)
  end
  if not contact.found then
    return nil
  end
  local v = contactF
  return v[C_PX], v[C_PY], v[C_NX], v[C_NY], contact.depth
end

--- The shortest move of a off b: dx, dy, unit normal x, y, budgetRanOut; nil when apart.
function M.pushOut(a, b)
  local status = F.push_out(a, b, push)
  if status ~= 0 then
    fail(status)
  end
  if not push.found then
    return nil
  end
  local v = pushF
  return v[P_OX], v[P_OY], v[P_NX], v[P_NY], push.budget_ran_out
end

--- Distance of the closest solid texels, points ax, ay, bx, by, lowerBound, budgetRanOut; nil if none.
function M.distance(a, b)
  local status = F.distance(a, b, closest)
  if status ~= 0 then
    fail(status)
  end
  local c = closest
  if not c.found then
    return nil
  end
  local v = closestF
  return c.distance, v[D_AX], v[D_AY], v[D_BX], v[D_BY], c.lower_bound, c.budget_ran_out
end

--- The world area the two sprites' solid texels share.
function M.overlapArea(a, b)
  local status = F.overlap_area(a, b, float1out)
  if status ~= 0 then
    fail(status)
  end
  return float1out[0]
end

--- Whether the world point (x, y) lies inside a solid texel of the sprite.
function M.containsPoint(s, x, y)
  vecA.x, vecA.y = x, y
  local status = F.contains_point(s, vecA, bool1)
  if status ~= 0 then
    fail(status)
  end
  return bool1[0]
end

--- Whether the world rectangle (x, y, width, height) shares area with a solid texel of the sprite.
function M.touchesRect(s, x, y, width, height)
  rect.x, rect.y, rect.width, rect.height = x, y, width, height
  local status = F.touches_rect(s, rect, bool1)
  if status ~= 0 then
    fail(status)
  end
  return bool1[0]
end

--- Whether the world disc about (x, y) of `radius` shares area with a solid texel of the sprite.
function M.touchesCircle(s, x, y, radius)
  vecA.x, vecA.y = x, y
  local status = F.touches_circle(s, vecA, radius, bool1)
  if status ~= 0 then
    fail(status)
  end
  return bool1[0]
end

--- Where a ray enters a solid texel: x, y, distance, outward normal x, y; nil when it enters none.
function M.raycast(s, ox, oy, dx, dy, maxDistance)
  -- From (ox, oy) along (dx, dy), no farther than maxDistance lengths of (dx, dy) (no limit when nil).
  vecA.x, vecA.y = ox, oy
  vecB.x, vecB.y = dx, dy
  local status = F.raycast(s, vecA, vecB, maxDistance or math.huge, rayHit)
  if status ~= 0 then
    fail(status)
  end
  if not rayHit.found then
    return nil
  end
  local v = rayF
  return v[R_PX], v[R_PY], rayHit.distance, v[R_NX], v[R_NY]
end

-- Motions ---------------------------------------------------------------------------------------

local Motion = {}

-- The shared `pose` filled and then stored whole, as a sprite's matrix is.
local vec = ffi.new("pc_vec2")
local function fillPose(x, y, r, sx, sy)
  sx = sx or 1
  vec.x, vec.y = x or 0, y or 0
  pose.position = vec
  pose.rotation = r or 0
  vec.x, vec.y = sx, sy or sx
  pose.scale = vec
  return pose
end

--- Sets where the step starts: position, rotation and scale (sy = sx when nil) about the origin.
function Motion:setFrom(x, y, r, sx, sy)
  self.from = fillPose(x, y, r, sx, sy)
  return self
end

--- Sets where the step ends, as setFrom.
function Motion:setTo(x, y, r, sx, sy)
  self.to = fillPose(x, y, r, sx, sy)
  return self
end

pcall(ffi.metatype, "pc_motion", { __index = Motion })

local motionMask = setmetatable({}, { __mode = "k" })

--- A mask moving over a step, turned and scaled about (ox, oy) in texels; see setFrom and setTo.
function M.newMotion(mask, ox, oy)
  checkMask(mask, 2)
  local m = ffi.new("pc_motion")
  m.mask = mask.handle
  motionMask[m] = mask
  vec.x, vec.y = ox or 0, oy or 0
  m.origin = vec
  m.from = fillPose()
  m.to = fillPose()
  return m
end

--- When two motions first touch: time, contactTime (fractions of the step), point x, y; nil if never.
function M.timeOfImpact(a, b)
  local status = F.time_of_impact(a, b, impact)
  if status ~= 0 then
    fail(status)
  end
  if not impact.found then
    return nil
  end
  return impact.time, impact.contact_time, impactF[I_PX], impactF[I_PY]
end

-- Worlds ----------------------------------------------------------------------------------------

local World = {}
World.__index = World

local function collectWorld(handle)
  F.world_free(handle)
end

--- A world: every touching pair of many sprites in one call.
function M.newWorld()
  local status = F.world_new(worldOut)
  if status ~= 0 then
    fail(status)
  end
  return setmetatable({
    handle = ffi.gc(ffi.new("pc_world", worldOut[0]), collectWorld),
    pairsOut = ffi.new("pc_pairs"),
    list = {},
    listLength = 0,
    capacity = 0,
  }, World)
end

--- The overlapping pairs of `sprites`: their count and a reused flat list i1, j1, i2, j2, ... (from 1).
function World:touchingPairs(sprites, count)
  -- `sprites` is a list of sprites, or a pc_sprite array with its `count`; pairs are i < j, sorted.
  local array = sprites
  if type(sprites) == "table" then
    count = #sprites
    array = spriteArray(self, count)
    for i = 1, count do
      array[i - 1] = sprites[i]
    end
  end
  local status = F.world_touching_pairs(self.handle, array, count or 0, self.pairsOut)
  if status ~= 0 then
    fail(status)
  end
  local found = self.pairsOut
  local n = tonumber(found.count)
  -- pc_pair is two uint32_t: read as one flat array, without a reference cdata per pair.
  local flat = ffi.cast("const uint32_t *", found.pairs)
  local list = self.list
  for k = 0, 2 * n - 1 do
    list[k + 1] = flat[k] + 1
  end
  for k = 2 * n + 1, self.listLength do
    list[k] = nil
  end
  self.listLength = 2 * n
  return n, list
end

--- Frees the world now rather than when it is collected; freeing it again does nothing.
function World:free()
  if self.freed then
    return
  end
  self.freed = true
  ffi.gc(self.handle, nil)
  local status = F.world_free(self.handle)
  if status ~= 0 then
    fail(status)
  end
end

return M
