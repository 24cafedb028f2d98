import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface RemoteFailure {
  id: string;
  lifecycle: string;
  error: unknown;
}

function logFailure({ id, lifecycle, error }: RemoteFailure): void {
  console.error(`[shell] remote module ${id} failed (${lifecycle})`, error);
}

/**
 * Module Federation runtime plugin: every failed remote load (manifest, entry script, shared negotiation or
 * module factory) is reported once in one shape. It returns no substitute module on purpose, so loadRemote
 * rejects and the shell shows that area's «Раздел временно недоступен» fallback.
 */
export function remoteFailurePlugin(report: (failure: RemoteFailure) => void = logFailure): ModuleFederationRuntimePlugin {
  return {
    name: 'excursio-remote-failure',
    errorLoadRemote({ id, error, lifecycle }) {
      report({ id, lifecycle, error });
      return undefined;
    },
  };
}
