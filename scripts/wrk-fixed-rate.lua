-- wrk on a fixed schedule: requests due every 1/RATE s over all connections, as `courier load
-- --rate RATE` sends them. Usage: wrk -t1 -cN -s scripts/wrk-fixed-rate.lua URL -- RATE
--
-- wrk calls delay() before each request of a connection, the first one included; it answers
-- the time until the next slot nobody has taken. Without it wrk is a closed-model tool, and a
-- random delay between a connection's requests makes arrivals bunch up at the server and queue,
-- which Courier's evenly spaced schedule does not: the two then measure different loads.
-- One Lua state per wrk thread, so run it with -t1. wrk's timers have millisecond steps:
-- a rate of 1000/s or less keeps the slots apart.
local ffi = require("ffi")
ffi.cdef [[
typedef struct { long tv_sec; long tv_nsec; } courier_timespec;
int clock_gettime(int clock, courier_timespec *time);
]]

local now = ffi.new("courier_timespec")
local CLOCK_MONOTONIC = 1

local function milliseconds()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, now)
  return tonumber(now.tv_sec) * 1e3 + tonumber(now.tv_nsec) / 1e6
end

local interval = 1
local start = nil
local slot = -1

function init(args)
  local rate = tonumber(args[1])
  if rate == nil or rate <= 0 then
    error("wrk-fixed-rate.lua: give the rate after --, as in: wrk ... URL -- 1000")
  end
  interval = 1000 / rate
end

function delay()
  local time = milliseconds()
  start = start or time
  -- The next slot after the last one taken; a connection that is late takes the current one.
  slot = math.max(slot + 1, math.ceil((time - start) / interval))
  return math.max(0, math.floor(start + slot * interval - time + 0.5))
end
