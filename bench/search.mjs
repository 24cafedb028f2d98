// Search alone (issue 31): suggestions and results at 50 connections, uncached, on PGlite and (with DATABASE_URL) on
// PostgreSQL, and the index build of the seeded catalog and of it grown N× — the `--search` part of `npm run bench`
// without building and measuring the rest.
//   node bench/search.mjs [--seconds 10] [--scale 100]   (--scale 0: the latency alone)
import { parseArgs } from 'node:util';
import { measureSearch, searchBudgets, searchMarkdown } from './lib/search.mjs';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, scale: { type: 'string', default: '100' } } });
const report = await measureSearch({ seconds: Number(values.seconds), scale: Number(values.scale), log: (m) => console.error(m) });
console.log(searchMarkdown(report));
for (const b of searchBudgets(report)) console.log(`${b.pass ? 'ok  ' : 'FAIL'} ${b.name}: ${b.value} (${b.limit})`);
console.log(JSON.stringify(report));
