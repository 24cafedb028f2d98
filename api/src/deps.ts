import type { Config } from './config';
import type { Database } from './db/client';
import type { AuthGuards } from './features/auth/guard';

/** What every feature's routes get from the app. */
export interface Deps {
  config: Config;
  db: Database;
  auth: AuthGuards;
  /** Which database is behind `db` (shown by the health check). */
  driver: 'pglite' | 'postgres';
}
