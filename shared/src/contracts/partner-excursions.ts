import Type, { type Static } from 'typebox';
import { ExcursionFormat, PriceType, PriceUnit } from './catalog';
import { envelope, RowId } from './common';
import { UploadedImage } from './media';
import { PRICE_MAX, PRICE_NAME_MAX } from './values';

// The partner's excursions (/account/partner/excursions…) and their moderation:
//   GET  /api/excursion/partner/excursions                         → PartnerExcursionListResponse
//   GET  /api/excursion/partner/excursions/options                 → ExcursionFormOptionsResponse
//   POST /api/excursion/partner/excursions { city_id, title? }     → 201 PartnerExcursionResponse (a draft)
//   GET  /api/excursion/partner/excursions/{id}                    → PartnerExcursionResponse
//   PUT  /api/excursion/partner/excursions/{id} { …fields }        → PartnerExcursionResponse (autosave; closed fields locked once published)
//   PUT  /api/excursion/partner/excursions/{id}/photos { image_ids } → PartnerExcursionResponse (order = position; first = cover)
//   POST /api/excursion/partner/excursions/{id}/submit | withdraw | hide | show | archive | restore | duplicate
//   POST /api/excursion/partner/excursions/{id}/change-request { title?, city_id?, format?, price_type?, comment }
// Staff:
//   GET  /api/staff/moderation                                     → ModerationQueueResponse
//   POST /api/staff/moderation/excursions/{id}/approve | reject { comment? }
//   POST /api/staff/moderation/changes/{id}/approve | reject { comment? }

export const ExcursionStatus = Type.Union([
  Type.Literal('draft'),
  Type.Literal('moderation'),
  Type.Literal('published'),
  Type.Literal('rejected'),
  Type.Literal('hidden'),
  Type.Literal('archived'),
]);
export type ExcursionStatus = Static<typeof ExcursionStatus>;

/** A price line as the partner sends it (autosaved drafts: price 0 and an empty name are allowed until submitting). */
export const PriceUnitInput = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' }),
  name: Type.String({ maxLength: PRICE_NAME_MAX }),
  price: Type.Integer({ minimum: 0, maximum: PRICE_MAX }),
});

export const PartnerExcursionFields = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 300 })),
  city_id: Type.Optional(RowId),
  description: Type.Optional(Type.String({ maxLength: 20000 })),
  programme: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 30 })),
  included: Type.Optional(Type.Array(Type.String({ maxLength: 300 }), { maxItems: 30 })),
  excluded: Type.Optional(Type.Array(Type.String({ maxLength: 300 }), { maxItems: 30 })),
  meeting_point: Type.Optional(Type.String({ maxLength: 1000 })),
  languages: Type.Optional(Type.Array(Type.String({ pattern: '^[a-z]{2}$', maxLength: 2 }), { maxItems: 10 })),
  duration_minutes: Type.Optional(Type.Union([Type.Integer({ minimum: 15, maximum: 20160 }), Type.Null()])),
  format: Type.Optional(ExcursionFormat),
  price_type: Type.Optional(PriceType),
  price_units: Type.Optional(Type.Array(PriceUnitInput, { maxItems: 10 })),
  group_size_max: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 1000 }), Type.Null()])),
  /**
   * A group that gathers (issue 32 §1): the slot runs with at least this many people (null: always), decided this many
   * hours before the start. Wide bounds here: the rule and its Russian messages are `groupRuleProblems` (values.ts).
   */
  group_min: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1000 }), Type.Null()])),
  group_decision_hours: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000 })),
  instant_booking: Type.Optional(Type.Boolean()),
  cancellation_terms: Type.Optional(Type.String({ maxLength: 2000 })),
  tag_ids: Type.Optional(Type.Array(RowId, { maxItems: 10 })),
  /** Sights of its city the excursion visits. */
  sight_ids: Type.Optional(Type.Array(RowId, { maxItems: 30 })),
});
export type PartnerExcursionFields = Static<typeof PartnerExcursionFields>;

/** One closed field's value now and as proposed (a title, a city id, a format or a price type). */
const FieldChange = Type.Object({ from: Type.Union([Type.String(), Type.Integer()]), to: Type.Union([Type.String(), Type.Integer()]) });
export const FieldChanges = Type.Record(Type.String(), FieldChange);
export type FieldChanges = Static<typeof FieldChanges>;

export const ChangeRequest = Type.Object({
  id: Type.Integer(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
  changes: FieldChanges,
  comment: Type.String(),
  moderator_comment: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});
export type ChangeRequest = Static<typeof ChangeRequest>;

export const PartnerExcursion = Type.Object({
  id: Type.Integer(),
  status: ExcursionStatus,
  moderation_comment: Type.Union([Type.String(), Type.Null()]),
  title: Type.String(),
  city_id: Type.Integer(),
  description: Type.String(),
  programme: Type.Array(Type.String()),
  included: Type.Array(Type.String()),
  excluded: Type.Array(Type.String()),
  meeting_point: Type.String(),
  languages: Type.Array(Type.String()),
  duration_minutes: Type.Union([Type.Integer(), Type.Null()]),
  format: ExcursionFormat,
  price_type: PriceType,
  price_units: Type.Array(PriceUnit),
  group_size_max: Type.Union([Type.Integer(), Type.Null()]),
  group_min: Type.Union([Type.Integer(), Type.Null()]),
  group_decision_hours: Type.Integer(),
  instant_booking: Type.Boolean(),
  cancellation_terms: Type.String(),
  tag_ids: Type.Array(Type.Integer()),
  sight_ids: Type.Array(Type.Integer()),
  photos: Type.Array(UploadedImage),
  /** Photos the excursion had before uploads (the catalog's own pictures): kept, shown first. */
  catalog_photos: Type.Array(Type.String()),
  /** The catalog address once published. */
  path: Type.Union([Type.String(), Type.Null()]),
  change_requests: Type.Array(ChangeRequest),
  updated_at: Type.String(),
});
export type PartnerExcursion = Static<typeof PartnerExcursion>;
export const PartnerExcursionResponse = envelope(PartnerExcursion);
export type PartnerExcursionResponse = Static<typeof PartnerExcursionResponse>;

export const PartnerExcursionItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  status: ExcursionStatus,
  moderation_comment: Type.Union([Type.String(), Type.Null()]),
  city: Type.Union([Type.String(), Type.Null()]),
  cover_url: Type.Union([Type.String(), Type.Null()]),
  orders: Type.Integer(),
  upcoming_slots: Type.Integer(),
  pending_change: Type.Boolean(),
  path: Type.Union([Type.String(), Type.Null()]),
  updated_at: Type.String(),
});
export type PartnerExcursionItem = Static<typeof PartnerExcursionItem>;
export const PartnerExcursionListResponse = envelope(Type.Array(PartnerExcursionItem));
export type PartnerExcursionListResponse = Static<typeof PartnerExcursionListResponse>;

const Option = Type.Object({ id: Type.Integer(), name: Type.String() });
export const ExcursionFormOptionsResponse = envelope(
  Type.Object({ cities: Type.Array(Option), tags: Type.Array(Option), sights: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), city_id: Type.Integer() })) }),
);
export type ExcursionFormOptionsResponse = Static<typeof ExcursionFormOptionsResponse>;

/** A draft starts from its city (the rest may stay empty until it is sent to moderation). */
export const NewExcursionBody = Type.Object({ title: Type.Optional(Type.String({ maxLength: 300 })), city_id: RowId });
export const ExcursionPhotosBody = Type.Object({ image_ids: Type.Array(RowId, { maxItems: 20 }) });
export type ExcursionPhotosBody = Static<typeof ExcursionPhotosBody>;
export const ChangeRequestBody = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 300 })),
  city_id: Type.Optional(RowId),
  format: Type.Optional(ExcursionFormat),
  price_type: Type.Optional(PriceType),
  comment: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type ChangeRequestBody = Static<typeof ChangeRequestBody>;
export const ModerationBody = Type.Object({ comment: Type.Optional(Type.String({ maxLength: 2000 })) });

export const ModerationItem = Type.Object({
  kind: Type.Union([Type.Literal('excursion'), Type.Literal('change')]),
  id: Type.Integer(),
  excursion_id: Type.Integer(),
  title: Type.String(),
  partner: Type.String(),
  changes: Type.Union([FieldChanges, Type.Null()]),
  submitted_at: Type.String(),
});
export const ModerationQueueResponse = envelope(Type.Array(ModerationItem));
export type ModerationQueueResponse = Static<typeof ModerationQueueResponse>;
