// Every port the suite uses, moved together by E2E_PORT_OFFSET so that two stacks run side by side (the CI's two
// e2e shards, or two checkouts on one machine). The bases are scripts/apps.mjs's ports.
export const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);

/** A base port (3000 the shell, 3001… the remotes, 8080 the api, 3100… the extra stacks of failure tests) moved. */
export const port = (base: number): number => base + PORT_OFFSET;

/** `http://localhost:<port>` of a base port. */
export const local = (base: number): string => `http://localhost:${port(base)}`;

/** The site's origin. */
export const SITE = local(3000);

/** The environment that puts a stack (and the extra shells a test starts) on the moved ports. */
export function stackPorts(): Record<string, string> {
  const env: Record<string, string> = {
    SHELL_PORT: String(port(3000)),
    MFE_CATALOG_PORT: String(port(3001)),
    MFE_AUTH_PORT: String(port(3002)),
    MFE_USER_ACCOUNT_PORT: String(port(3003)),
    MFE_PARTNER_ACCOUNT_PORT: String(port(3004)),
    MFE_NOTIFICATIONS_PORT: String(port(3005)),
    API_PORT: String(port(8080)),
  };
  // the site first (it names the canonical origin), then the remotes and the extra shells the failure tests start
  env.FRONTEND_ORIGINS = [3000, 3001, 3002, 3003, 3004, 3005, 3100, 3101, 3200, 3300].map(local).join(',');
  return env;
}

/**
 * Chromium's flag that lets pages reach the suite's ports: moved by an offset, some land on ports Chromium refuses
 * as unsafe (net::ERR_UNSAFE_PORT — 6000 with E2E_PORT_OFFSET=3000, 10080 with 2000).
 */
export function allowedPortsFlag(): string {
  const bases = [3000, 3001, 3002, 3003, 3004, 3005, 8080, 3100, 3101, 3200, 3300];
  return `--explicitly-allowed-ports=${bases.map(port).join(',')}`;
}
