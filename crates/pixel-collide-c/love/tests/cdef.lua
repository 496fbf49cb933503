-- The module's ffi.cdef against the C header it binds: the header less its preprocessor lines and
-- the C++ `extern "C"` wrapper must read as the module's declarations once comments are dropped
-- and whitespace is normalised. A stale copy would pass wrong layouts to the library unnoticed.
--
--   luajit tests/cdef.lua path/to/pixel_collide.h
local here = arg[0]:match("^(.*)/tests/[^/]*$") or "."
package.path = here .. "/?.lua;" .. package.path
local pc = require("pixel_collide")

local function normalise(text)
  text = text:gsub("/%*.-%*/", " "):gsub("//[^\n]*", " ")
  text = text:gsub("%s+", " ")
  -- Spacing around punctuation is layout, not declaration.
  text = text:gsub(" ?([%(%)%*,;{}=]) ?", "%1")
  return (text:gsub("^ ", ""):gsub(" $", ""))
end

local function declarations(header)
  local kept = {}
  for line in (header .. "\n"):gmatch("(.-)\n") do
    local bare = line:gsub("//.*", ""):match("^%s*(.-)%s*$")
    if not line:match("^%s*#") and bare ~= 'extern "C" {' and not line:match('^}%s*//%s*extern "C"') then
      kept[#kept + 1] = line
    end
  end
  return table.concat(kept, "\n")
end

local path = assert(arg[1], "usage: luajit tests/cdef.lua pixel_collide.h")
local header = assert(io.open(path)):read("*a")
local want, got = normalise(declarations(header)), normalise(pc._CDEF)
if want ~= got then
  local at = 1
  while want:sub(at, at) == got:sub(at, at) do
    at = at + 1
  end
  local function around(text)
    return text:sub(math.max(1, at - 60), at + 60)
  end
  io.stderr:write(("pixel_collide.lua's _CDEF differs from %s at character %d:\n"):format(path, at))
  io.stderr:write(("  header: ...%s...\n  module: ...%s...\n"):format(around(want), around(got)))
  os.exit(1)
end
local functions = select(2, got:gsub("pc_status pc_[%w_]+%(", ""))
print(("ok: the module declares what %s declares (%d characters, %d status functions)"):format(path, #got, functions))
