// One generation of the render worker: the shell's render bundle with one version of each server-rendered remote.
// A new remote version gets a new worker (a fresh V8 isolate); the old one ends with worker.terminate(), so nothing
// of the old remote's code stays in memory (docs/server-rendering.md).
const { parentPort, workerData } = require('node:worker_threads');

async function main() {
  const loaded = require(workerData.bundle);
  const bundle = typeof loaded.then === 'function' ? await loaded : loaded;
  const api = bundle.render ? bundle : bundle.default;
  api.setup({ remotes: workerData.remotes, apiUrl: workerData.apiUrl, timeoutMs: workerData.timeoutMs });
  // warm up before taking traffic: the remote's entry and the home page's code are loaded, its loaders run once
  // (with the warm-up's own time limit: on a loaded machine, loading the code may take longer than a page's budget)
  const warm = await api.render({ url: `${workerData.origin}/`, userAgent: 'excursio-ssr-warmup', timeoutMs: workerData.warmupTimeoutMs });
  if (warm.kind === 'fallback') throw new Error(`warm-up render failed: ${warm.reason}`);
  parentPort.postMessage({ type: 'ready' });
  parentPort.on('message', async (message) => {
    if (message.type === 'render') {
      const result = await api.render(message.request);
      parentPort.postMessage({ type: 'result', id: message.id, result });
    } else if (message.type === 'memory') {
      parentPort.postMessage({ type: 'memory', id: message.id, memory: process.memoryUsage() });
    }
  });
}

main().catch((error) => {
  parentPort.postMessage({ type: 'failed', reason: String(error?.message ?? error).split('\n')[0] });
});
