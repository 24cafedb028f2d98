// Runs drizzle-kit so that it finds this package's drizzle-orm.
// npm keeps drizzle-orm under api/node_modules while drizzle-kit is hoisted to the root, and drizzle-kit's
// version check uses import("drizzle-orm/version"), which ignores NODE_PATH. A resolve hook points the
// `drizzle-orm` specifier (ESM) at this package, NODE_PATH does the same for require().
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(apiRoot, 'package.json'));
const kitMain = require.resolve('drizzle-kit'); // …/drizzle-kit/index.js
const bin = path.join(path.dirname(kitMain), 'bin.cjs');
const hook = path.join(apiRoot, 'scripts', 'drizzle-orm-resolve.mjs');

const result = spawnSync(process.execPath, ['--import', hook, bin, ...process.argv.slice(2)], {
  cwd: apiRoot,
  stdio: 'inherit',
  env: { ...process.env, NODE_PATH: path.join(apiRoot, 'node_modules') },
});
process.exit(result.status ?? 1);
