import Type, { type Static } from 'typebox';

/** One JSON error shape for every 4xx/5xx answer of the api (Laravel-style `errors`). */
export const ErrorResponse = Type.Object(
  {
    message: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { $id: 'ErrorResponse' },
);
export type ErrorResponse = Static<typeof ErrorResponse>;

/** `{ status, data }` envelope used by the excursion api. */
export const envelope = <T extends Type.TSchema>(data: T) =>
  Type.Object({ status: Type.Boolean(), data });

export const UserType = Type.Union([Type.Literal('client'), Type.Literal('partner'), Type.Literal('staff')]);
export type UserType = Static<typeof UserType>;

export const Paginated = <T extends Type.TSchema>(item: T) =>
  Type.Object({
    data: Type.Array(item),
    current_page: Type.Integer(),
    last_page: Type.Integer(),
    per_page: Type.Integer(),
    total: Type.Integer(),
  });

/** A row id in a path, query or body: ids are 32-bit, so a larger number is a 422, never a database error. */
export const RowId = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** `{ status: true }`: answers of calls whose payload is not used (sign out, monitoring report …). */
export const StatusResponse = Type.Object({ status: Type.Boolean() });
export type StatusResponse = Static<typeof StatusResponse>;

/**
 * A group that gathers (issue 32 §1): the slot runs only with at least `min` people. `booked` seats are taken now; at
 * `decides_at` the slot is confirmed (`confirmed`: gathered, or confirmed by the partner before) or cancelled.
 */
export const GroupGathering = Type.Object({
  min: Type.Integer(),
  booked: Type.Integer(),
  decides_at: Type.String(),
  confirmed: Type.Boolean(),
});
export type GroupGathering = Static<typeof GroupGathering>;
