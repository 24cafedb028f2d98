import type { RuntimeConfig } from '@excursio/shared';

/** Id of the JSON block the shell server writes into index.html (the same data as /remotes.json and /config.json). */
export const INLINE_RUNTIME_ID = 'excursio-runtime';

export interface InlineRuntime {
  remotes?: Record<string, string>;
  config?: Partial<RuntimeConfig>;
  /** The shell release this page is made of (its build hash); absent when the shell server serves shell/dist. */
  shell?: string;
}

/** The remote list from untrusted JSON: only string entries are kept. */
export function parseRemoteList(body: unknown, source: string): Record<string, string> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error(`${source}: not an object`);
  const list: Record<string, string> = {};
  for (const [name, entry] of Object.entries(body)) if (typeof entry === 'string') list[name] = entry;
  return list;
}

/**
 * Runtime settings inlined by the shell server, so start-up does not wait for two more round trips.
 * Missing or malformed parts are left out; the caller then fetches them.
 */
export function readInlineRuntime(doc: Pick<Document, 'getElementById'>): InlineRuntime {
  const text = doc.getElementById(INLINE_RUNTIME_ID)?.textContent;
  if (!text) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return {};
  }
  if (!body || typeof body !== 'object') return {};
  const { remotes, config, shell } = body as { remotes?: unknown; config?: unknown; shell?: unknown };
  const out: InlineRuntime = {};
  try {
    if (remotes !== undefined) out.remotes = parseRemoteList(remotes, `#${INLINE_RUNTIME_ID}`);
  } catch {
    // fetched instead
  }
  if (config && typeof config === 'object' && !Array.isArray(config)) out.config = config as Partial<RuntimeConfig>;
  if (typeof shell === 'string' && /^[0-9a-f]{8,64}$/.test(shell)) out.shell = shell;
  return out;
}
