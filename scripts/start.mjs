// `npm start`: install what is missing, build, migrate + seed (the api does it on start), serve at :3000.
import { ensureInstalled } from './lib/install.mjs';

const args = new Set(process.argv.slice(2));
if (!args.has('--no-install')) await ensureInstalled();
const { buildAll } = await import('./build.mjs');
const { startStack } = await import('./stack.mjs');
if (!args.has('--no-build')) await buildAll();

const stack = await startStack();
console.log(`\n  Excursio is running at ${stack.url}  (Ctrl-C stops everything)\n`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\n› stopping…');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
stack.api.on('exit', (code) => {
  if (!stopping) {
    console.error(`api exited (${code}); stopping`);
    void shutdown().then(() => process.exit(1));
  }
});
