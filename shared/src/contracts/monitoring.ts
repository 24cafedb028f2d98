import Type, { type Static } from 'typebox';
import { RowId } from './common';

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
});
export type MonitoringReport = Static<typeof MonitoringReport>;
