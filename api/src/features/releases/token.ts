// The release command's credential: RELEASE_TOKEN, or outside production one generated once beside the embedded
// database (api/.data/release-token, mode 0600), which `npm run release` reads on the same machine.
import { timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../../config';
import { keptSecret, realtimeSecretPath } from '../../realtime/secret';

export const releaseTokenPath = (pgliteDir: string) => path.join(path.dirname(realtimeSecretPath(pgliteDir)), 'release-token');

/** The token the release routes accept; null: none (production without RELEASE_TOKEN — only admins change releases). */
export function resolveReleaseToken(config: Pick<Config, 'appEnv' | 'pgliteDir' | 'releaseToken'>): string | null {
  if (config.releaseToken) return config.releaseToken;
  return config.appEnv === 'production' ? null : keptSecret(releaseTokenPath(config.pgliteDir));
}

/** Constant-time comparison of a presented token with the expected one. */
export function tokenMatches(presented: string | undefined, expected: string | null): boolean {
  if (!expected || !presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
