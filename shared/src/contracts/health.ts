import Type, { type Static } from 'typebox';
import { envelope } from './common';

/** GET /api/health */
export const HealthResponse = envelope(
  Type.Object({
    ok: Type.Boolean(),
    database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
    uptime_seconds: Type.Integer(),
  }),
);
export type HealthResponse = Static<typeof HealthResponse>;
