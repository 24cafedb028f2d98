import Type, { type Static } from 'typebox';
import { RowId } from './common';

/** App folder → build hash of the released builds a page runs (only released ones: none before any release). */
export const ReleasedBuilds = Type.Record(Type.String({ pattern: '^(shell|mfe-[a-z][a-z-]{0,58})$' }), Type.String({ pattern: '^[0-9a-f]{8,64}$', maxLength: 64 }), { maxProperties: 10, additionalProperties: false });
export type ReleasedBuilds = Static<typeof ReleasedBuilds>;

/** What the frontend reports when the api answers 422 (spec §8); forwarded to the monitoring chat. */
export const MonitoringReport = Type.Object({
  user_id: Type.Union([RowId, Type.Null()]),
  name: Type.Union([Type.String({ maxLength: 200 }), Type.Null()]),
  phone: Type.Union([Type.String({ maxLength: 32 }), Type.Null()]),
  page: Type.String({ maxLength: 2000 }),
  message: Type.String({ maxLength: 4000 }),
  request: Type.Optional(Type.String({ maxLength: 2000 })),
  /** The HTTP status the api answered. */
  status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
  /** The released builds the page runs (app folder → build hash): counted per release (issue 28, canary error rates). */
  builds: Type.Optional(ReleasedBuilds),
});
export type MonitoringReport = Static<typeof MonitoringReport>;
