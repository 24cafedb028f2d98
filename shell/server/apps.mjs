// The seven frontend apps: folder, federation name and local port. One table for builds, servers and tests.
// `ssr`: the remote also builds for Node and its pages are rendered by the shell server (docs/server-rendering.md).
export const apps = [
  { dir: 'shell', name: 'shell', port: 3000, host: true },
  { dir: 'mfe-catalog', name: 'mfe_catalog', key: 'catalog', port: 3001, ssr: true },
  { dir: 'mfe-auth', name: 'mfe_auth', key: 'auth', port: 3002 },
  { dir: 'mfe-user-account', name: 'mfe_user_account', key: 'userAccount', port: 3003 },
  { dir: 'mfe-partner-account', name: 'mfe_partner_account', key: 'partnerAccount', port: 3004 },
  { dir: 'mfe-notifications', name: 'mfe_notifications', key: 'notifications', port: 3005 },
  // staffOnly: listed in /remotes.json but not in the list inlined into every page (the shell asks for it for staff)
  { dir: 'mfe-backoffice', name: 'mfe_backoffice', key: 'backoffice', port: 3006, staffOnly: true },
];

export const remotes = apps.filter((a) => !a.host);

export const API_PORT = 8080;

/** An app's port variable: SHELL_PORT, MFE_CATALOG_PORT, … (checked with the servers' others: shell/server/env.mjs). */
export const portVariable = (app) => `${app.dir.replace(/-/g, '_').toUpperCase()}_PORT`;

/** Port of an app, overridable as <NAME>_PORT (SHELL_PORT, MFE_CATALOG_PORT, ...). */
export function portOf(app, env = process.env) {
  return Number(env[portVariable(app)] ?? app.port);
}
