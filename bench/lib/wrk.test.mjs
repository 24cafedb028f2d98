import test from 'node:test';
import assert from 'node:assert/strict';
import { parseWrk } from './wrk.mjs';

const report = `Running 2s test @ http://127.0.0.1:20000/api/excursion/public/excursions?per_page=12
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     5.12ms    2.01ms  40.12ms   90.00%
    Req/Sec     9.87k   500.00    10.50k    70.00%
  Latency Distribution
     50%  812.00us
     75%    5.90ms
     90%    7.10ms
     99%    1.20s
  19650 requests in 2.00s, 300.00MB read
  Socket errors: connect 1, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 5
Requests/sec:   9825.40
Transfer/sec:    150.00MB
`;

test("wrk's latency report in the bench's figures: microseconds, milliseconds and seconds; socket errors summed", () => {
  assert.deepEqual(parseWrk(report), { requestsPerSec: 9825, p50Ms: 0.81, p99Ms: 1200, requests: 19650, non2xx: 5, errors: 6 });
});

test('a report without the latency distribution is an error, not a zero', () => {
  assert.throws(() => parseWrk('Running 2s test @ http://x\n  0 requests in 2.00s\n'), /no 50% latency/);
});
