-- wrk -s random-pages.lua <url> -- <count>: each request a random one of /u/trade0 … /u/trade<count-1>, from another
-- phone visitor (a User-Agent and the address the one trusted proxy passes on), as traffic spread over every
-- tradesperson reaches a server (issue 29), not the one page always in its cache. The product counts each view.
local agents = {
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
}
local count = 1000
local n = 0

init = function(args)
  count = tonumber(args[1]) or count
  math.randomseed(os.time())
end

request = function()
  n = n + 1
  local visitor = n % 50000
  wrk.headers["User-Agent"] = agents[(visitor % #agents) + 1]
  wrk.headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.floor(visitor / 65536), math.floor(visitor / 256) % 256, visitor % 256)
  return wrk.format("GET", "/u/trade" .. math.random(0, count - 1))
end
