import Type, { type Static } from 'typebox';

/** What the frontend reports when the api answers 422 (spec §8); forwarded to the monitoring chat. */
export const MonitoringReport = Type.Object({
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.Union([Type.String({ maxLength: 200 }), Type.Null()]),
  phone: Type.Union([Type.String({ maxLength: 32 }), Type.Null()]),
  page: Type.String({ maxLength: 2000 }),
  message: Type.String({ maxLength: 4000 }),
  request: Type.Optional(Type.String({ maxLength: 2000 })),
  status: Type.Optional(Type.Integer()),
});
export type MonitoringReport = Static<typeof MonitoringReport>;
