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
 * Module Federation runtime plugin: a singleton the page provides that does not satisfy the `requiredVersion` of
 * the app asking for it (a remote deployed against a newer `@excursio/shared` than the shell's) is reported once
 * per app and package, instead of the runtime's easily missed console warning. The singleton is still used, so
 * the rest of the page keeps working; the report says which deploy to fix.
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

/** The Russian-free, developer-facing line for the console and the monitoring sink. */
export function describeMismatch({ pkgName, provided, required, app }: SharedVersionMismatch): string {
  return `${app} needs ${pkgName} ${required}, but the page provides ${provided}: deploy a newer shell or rebuild ${app}`;
}
