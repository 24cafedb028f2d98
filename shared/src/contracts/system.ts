import Type, { type Static } from 'typebox';
import { envelope } from './common';

/** `{ status: true }`: answers of calls whose payload is not used (sign out, monitoring report …). */
export const StatusResponse = Type.Object({ status: Type.Boolean() });
export type StatusResponse = Static<typeof StatusResponse>;

/** GET /api/health */
export const HealthResponse = envelope(
  Type.Object({
    ok: Type.Boolean(),
    database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
    uptime_seconds: Type.Integer(),
  }),
);
export type HealthResponse = Static<typeof HealthResponse>;
