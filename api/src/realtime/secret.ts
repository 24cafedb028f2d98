// The realtime app secret signs every private subscription: production must set its own; development gets one.
import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { apiRoot, type Config } from '../config';

/** The README's example value: refused in production, replaced by a generated secret elsewhere. */
export const EXAMPLE_SECRET = 'excursio-secret';
const GENERATED = /^[0-9a-f]{64}$/;

export type SecretConfig = Pick<Config, 'appEnv' | 'pgliteDir' | 'realtimeServerUrl'> & {
  realtime: Pick<Config['realtime'], 'secret'>;
};

/** `api/.data/realtime-secret` by default: beside the embedded database's folder (in api/.data when in memory). */
export function realtimeSecretPath(pgliteDir: string): string {
  const dataDir = pgliteDir.startsWith('memory://') ? path.join(apiRoot, '.data') : path.dirname(pgliteDir);
  return path.join(dataDir, 'realtime-secret');
}

function readGenerated(file: string): string | null {
  try {
    const value = readFileSync(file, 'utf8').trim();
    if (!GENERATED.test(value)) return null;
    chmodSync(file, 0o600); // an older copy may have been created with looser permissions
    return value;
  } catch {
    return null;
  }
}

/** Reads the kept secret or creates it; a complete file appears at once (link), so parallel starts agree. */
export function keptSecret(file: string): string {
  const existing = readGenerated(file);
  if (existing) return existing;
  const secret = randomBytes(32).toString('hex');
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(draft, `${secret}\n`, { mode: 0o600 });
    try {
      linkSync(draft, file);
      return secret;
    } catch {
      // Another process won the race (its secret is used), or the file is damaged (replaced).
      const winner = readGenerated(file);
      if (winner) return winner;
      writeFileSync(file, `${secret}\n`, { mode: 0o600 });
      chmodSync(file, 0o600);
      return secret;
    } finally {
      unlinkSync(draft);
    }
  } catch (error) {
    console.warn(`[realtime] cannot keep the secret in ${file} (${(error as Error).message}); using one for this run`);
    return secret;
  }
}

/**
 * The secret the built-in server signs with. Production: REALTIME_APP_SECRET, never missing nor the example
 * (anyone could sign subscriptions to other users' channels). Development and test: the given one, or a random
 * one kept in the data folder so that restarts keep the browsers' subscriptions valid.
 */
export function resolveRealtimeSecret(config: SecretConfig): string {
  // loadConfig puts the example in when REALTIME_APP_SECRET is unset: both cases are the same here.
  const given = config.realtime.secret.trim();
  const example = given === '' || given === EXAMPLE_SECRET;
  if (config.appEnv === 'production') {
    if (example) {
      throw new Error(
        `REALTIME_APP_SECRET must be set in production to a long random value (e.g. \`openssl rand -hex 32\`): ` +
          `it is unset or the README's example "${EXAMPLE_SECRET}", with which anyone could subscribe to ` +
          `other users' private channels.`,
      );
    }
    return given;
  }
  // An external Pusher server (REALTIME_SERVER_URL) has its own secret: it must be used as given.
  if (!example || config.realtimeServerUrl) return given;
  return keptSecret(realtimeSecretPath(config.pgliteDir));
}
