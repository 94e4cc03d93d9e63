import { describe, expect, it } from 'vitest';
import { parseWrk } from './wrk';

// As wrk 4.1 prints it with --latency.
const QUIET = `Running 5s test @ http://127.0.0.1:3581/u/demo
  1 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   442.21us  150.05us   5.71ms   91.24%
    Req/Sec    22.87k     1.21k   24.52k    80.00%
  Latency Distribution
     50%  410.00us
     75%  460.00us
     90%  550.00us
     99%    1.00ms
  113791 requests in 5.00s, 389.65MB read
Requests/sec:  22756.99
Transfer/sec:     77.93MB
`;

const TROUBLED = `Running 1s test @ http://127.0.0.1:3581/nonexist
  1 threads and 10 connections
  Latency Distribution
     50%    2.49ms
     75%    4.18ms
     90%    7.88ms
     99%    1.20s
  3348 requests in 1.10s, 65.85MB read
  Socket errors: connect 0, read 2, write 1, timeout 4
  Non-2xx or 3xx responses: 3348
Requests/sec:   3043.60
Transfer/sec:     59.86MB
`;

describe('parseWrk', () => {
  it('reads the rate, the percentiles in their units and the totals', () => {
    expect(parseWrk(QUIET)).toEqual({
      requests: 113791,
      requestsPerSecond: 22756.99,
      p50Ms: 0.41,
      p99Ms: 1,
      non2xx: 0,
      socketErrors: 0,
    });
  });

  it('counts failed answers and socket errors, and reads seconds', () => {
    const result = parseWrk(TROUBLED);
    expect(result.p99Ms).toBe(1200);
    expect(result.non2xx).toBe(3348);
    expect(result.socketErrors).toBe(7);
  });

  it('refuses output without the latency distribution', () => {
    expect(() => parseWrk(QUIET.replace(/^\s+99%.*$/m, ''))).toThrow(/99% line/);
  });
});
