import { satisfy, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface SharedVersionMismatch {
  /** The shared package, e.g. '@excursio/shared'. */
  pkgName: string;
  /** The version the page provides (the shell's). */
  provided: string;
  /** What the app that asked was built against. */
  required: string;
  /** The app that asked (its federation name). */
  app: string;
}

/**
 * Reports, once per app and package, a provided singleton that fails the asking app's `requiredVersion` (a remote
 * built against a newer `@excursio/shared` than the shell's); the runtime only warns. The singleton is still used.
 */
export function sharedVersionPlugin(report: (mismatch: SharedVersionMismatch) => void): ModuleFederationRuntimePlugin {
  const seen = new Set<string>();
  return {
    name: 'excursio-shared-version',
    resolveShare(args) {
      const { shareConfig, from } = args.shareInfo;
      const required = shareConfig?.requiredVersion;
      if (shareConfig?.singleton && typeof required === 'string' && args.version && !satisfy(args.version, required)) {
        const key = `${from}|${args.pkgName}`;
        if (!seen.has(key)) {
          seen.add(key);
          report({ pkgName: args.pkgName, provided: args.version, required, app: from });
        }
      }
      return args;
    },
  };
}

/** The developer-facing line for the console and the monitoring sink. */
export function describeMismatch({ pkgName, provided, required, app }: SharedVersionMismatch): string {
  return `${app} needs ${pkgName} ${required}, but the page provides ${provided}: deploy a newer shell or rebuild ${app}`;
}
