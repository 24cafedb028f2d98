// The faults of `npm run topology` (issue 29 §3): SIGKILL of an api process and a shell server and their restart;
// SIGTERM of the other pair (graceful: readiness drops, the balancer takes them out, in-flight requests finish) and
// their restart. Each waits for the balancer's own view (HAProxy's admin socket), never a fixed time.
import { clock, exited, log, sleep } from './processes.mjs';

/** SIGKILL of api[i] and shell[i], restarted at once; done when the balancer has both back in rotation. */
export async function killAndRestart(topology, state, i) {
  const { api, shell } = topology;
  const at = clock();
  state.bothUp = false;
  state.faults += 1;
  api[i].kill('SIGKILL');
  shell[i].kill('SIGKILL');
  log(`SIGKILL api${i + 1} and shell${i + 1}`);
  await Promise.all([exited(api[i]), exited(shell[i])]);
  await Promise.all([topology.startApi(i), topology.startShell(i)]);
  const ready = clock();
  log(`api${i + 1} and shell${i + 1} serve again after ${(ready - at).toFixed(1)} s`);
  await Promise.all([topology.inRotation(`api${i + 1}`), topology.inRotation(`shell${i + 1}`)]);
  state.bothUp = true;
  const back = clock();
  return { at, ready, back };
}

/**
 * SIGTERM of api[i] and shell[i] together. For each: when the balancer took it out of rotation (its readiness dropped
 * first, SHUTDOWN_DELAY_MS) and when it exited, with its exit code; then both are restarted and back in rotation.
 */
export async function terminateAndRestart(topology, state, i) {
  const { api, shell } = topology;
  const at = clock();
  state.bothUp = false;
  state.faults += 1;
  const watch = async (name, child) => {
    let outAt = null;
    const exit = exited(child).then(() => clock());
    child.kill('SIGTERM');
    let exitAt = null;
    exit.then((t) => (exitAt = t));
    while (exitAt === null) {
      if (outAt === null && (await topology.serverStatus(name).catch(() => null))?.startsWith('DOWN')) outAt = clock();
      await sleep(50);
    }
    const shutdown = (topology.outputs.get(name) ?? []).filter((line) => line.startsWith('[shutdown]'));
    return {
      name,
      exitCode: child.exitCode,
      signal: child.signalCode,
      outOfRotationAfterS: outAt === null ? null : Math.round((outAt - at) * 10) / 10,
      exitAfterS: Math.round((exitAt - at) * 10) / 10,
      ...(shutdown.length ? { shutdown } : {}),
    };
  };
  log(`SIGTERM api${i + 1} and shell${i + 1}`);
  const stopped = await Promise.all([watch(`api${i + 1}`, api[i]), watch(`shell${i + 1}`, shell[i])]);
  for (const s of stopped) log(`${s.name} out of rotation after ${s.outOfRotationAfterS} s, exited after ${s.exitAfterS} s (code ${s.exitCode})`);
  await Promise.all([topology.startApi(i), topology.startShell(i)]);
  await Promise.all([topology.inRotation(`api${i + 1}`), topology.inRotation(`shell${i + 1}`)]);
  state.bothUp = true;
  return { at, back: clock(), stopped };
}
