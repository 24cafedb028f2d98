// Every port the suite uses, moved together so that several stacks run side by side: the suite's own stacks (one per
// worker: TEST_PARALLEL_INDEX, set by Playwright in each worker, picks the worker's), or two checkouts on one machine
// (E2E_PORT_OFFSET). The bases are shell/server/apps.mjs's ports.
const BASE_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);

/** How far the ports of stack `index` are moved. */
export const stackOffset = (index: number): number => BASE_OFFSET + 1000 * index;

/** This process's offset: its worker's stack (the runner itself uses the first). */
export const PORT_OFFSET = stackOffset(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/** A base port (3000 the shell, 3001… the remotes, 8080 the api, 3100… the extra stacks of failure tests) moved. */
export const port = (base: number): number => base + PORT_OFFSET;

/** `http://localhost:<port>` of a base port. */
export const local = (base: number): string => `http://localhost:${port(base)}`;

/** The site's origin. */
export const SITE = local(3000);

/** The environment that puts a stack (and the extra shells its tests start) on the ports moved by `offset`. */
export function stackPorts(offset: number = PORT_OFFSET): Record<string, string> {
  const at = (base: number) => String(base + offset);
  const env: Record<string, string> = {
    SHELL_PORT: at(3000),
    MFE_CATALOG_PORT: at(3001),
    MFE_AUTH_PORT: at(3002),
    MFE_USER_ACCOUNT_PORT: at(3003),
    MFE_PARTNER_ACCOUNT_PORT: at(3004),
    MFE_NOTIFICATIONS_PORT: at(3005),
    MFE_BACKOFFICE_PORT: at(3006),
    API_PORT: at(8080),
  };
  // the site first (it names the canonical origin), then the remotes and the extra shells the failure tests start
  env.FRONTEND_ORIGINS = [3000, 3001, 3002, 3003, 3004, 3005, 3006, 3100, 3101, 3200, 3300, 3400, 3410].map((b) => `http://localhost:${at(b)}`).join(',');
  return env;
}

/**
 * Chromium's flag that lets pages reach the suite's ports: moved by an offset, some land on ports Chromium refuses
 * as unsafe (net::ERR_UNSAFE_PORT — 6000 with E2E_PORT_OFFSET=3000, 10080 with 2000).
 */
export function allowedPortsFlag(stacks: number): string {
  const bases = [3000, 3001, 3002, 3003, 3004, 3005, 3006, 8080, 3100, 3101, 3103, 3200, 3201, 3300, 3301, 3400, 3401, 3410];
  const ports = Array.from({ length: stacks }, (_, index) => bases.map((b) => b + stackOffset(index))).flat();
  return `--explicitly-allowed-ports=${ports.join(',')}`;
}
