-- wrk -s: each request a phone visitor of a crowd of 50,000, as a page shared on a van, a card and a bio is seen
-- through a day, each behind the one proxy the server is told to trust (TRUST_PROXY=1). The counter then hashes
-- and stores visitors as it would in use, instead of one visitor (or, with wrk's missing User-Agent, no one at all).
local agents = {
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Linux; Android 13; SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
}
local crowd = 50000 -- CROWD in counting.ts, which works out what each visitor was sent
local n = 0

request = function()
  n = n + 1
  local visitor = n % crowd
  wrk.headers["User-Agent"] = agents[(visitor % #agents) + 1]
  wrk.headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.floor(visitor / 65536), math.floor(visitor / 256) % 256, visitor % 256)
  return wrk.format("GET", wrk.path)
end
