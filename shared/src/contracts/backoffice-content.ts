import Type, { type Static } from 'typebox';
import { envelope, Paginated, RowId } from './common';
import { DocBlock } from './content';
import { PageQuery, StaffPerson } from './backoffice';

// Back office: the blog and the /docs pages, and the audit log (see ./backoffice.ts for the rules every staff call keeps).
//   GET  /api/staff/content                                  → StaffContentListResponse (blog posts and documents)
//   GET  /api/staff/content/{kind}/{id}                      → StaffContentResponse (the Markdown, every version)
//   POST /api/staff/content/blog { title, slug, excerpt, cover_url?, markdown } → 201 StaffContentResponse (unpublished)
//   PUT  /api/staff/content/{kind}/{id} { title, excerpt?, markdown } → StaffContentResponse (a new version: the
//        Markdown is turned into the pages' blocks on the server — headings, paragraphs, lists, plain text only —
//        and goes live at once when published)
//   POST /api/staff/content/{kind}/{id}/publish               → StaffContentResponse
//   POST /api/staff/content/{kind}/{id}/unpublish             → StaffContentResponse (the public page answers 404)
//   POST /api/staff/content/{kind}/{id}/restore/{version_id}  → StaffContentResponse (that version as a new one)
//   POST /api/staff/content/preview { markdown }              → StaffContentPreviewResponse (the blocks, nothing saved)
// Audit (append-only: no call changes or removes a row):
//   GET  /api/staff/audit?actor_id&action&entity_type&entity_id&from&to&page → StaffAuditListResponse (newest first)
//   GET  /api/staff/audit.csv?…the same filters              → text/csv (UTF-8 with BOM, «;»-separated, ≤ 10 000 rows)

export const ContentKind = Type.Union([Type.Literal('blog'), Type.Literal('document')]);
export type ContentKind = Static<typeof ContentKind>;
export const StaffContentParams = Type.Object({ kind: ContentKind, id: RowId });
export type StaffContentParams = Static<typeof StaffContentParams>;
export const StaffContentVersionParams = Type.Object({ kind: ContentKind, id: RowId, version_id: RowId });

export const StaffContentListItem = Type.Object({
  kind: ContentKind,
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  published: Type.Boolean(),
  /** The public address: /blog/{slug} or /docs/{slug}. */
  url: Type.String(),
  updated_at: Type.String(),
  updated_by: Type.Union([StaffPerson, Type.Null()]),
  versions_count: Type.Integer(),
});
export type StaffContentListItem = Static<typeof StaffContentListItem>;
export const StaffContentListResponse = envelope(Type.Array(StaffContentListItem));
export type StaffContentListResponse = Static<typeof StaffContentListResponse>;

export const StaffContentVersion = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  markdown: Type.String(),
  /** Null for the version the seed wrote. */
  author: Type.Union([StaffPerson, Type.Null()]),
  created_at: Type.String(),
});
export type StaffContentVersion = Static<typeof StaffContentVersion>;

export const StaffContent = Type.Object({
  ...StaffContentListItem.properties,
  excerpt: Type.String(),
  cover_url: Type.Union([Type.String(), Type.Null()]),
  /** The current text as Markdown (the newest version). */
  markdown: Type.String(),
  /** What the public page shows. */
  body: Type.Array(DocBlock),
  /** Newest first. */
  versions: Type.Array(StaffContentVersion),
});
export type StaffContent = Static<typeof StaffContent>;
export const StaffContentResponse = envelope(StaffContent);
export type StaffContentResponse = Static<typeof StaffContentResponse>;

export const StaffContentBody = Type.Object({
  title: Type.String({ maxLength: 300 }),
  excerpt: Type.Optional(Type.String({ maxLength: 1000 })),
  markdown: Type.String({ maxLength: 100_000 }),
});
export type StaffContentBody = Static<typeof StaffContentBody>;
export const StaffNewPostBody = Type.Object({
  ...StaffContentBody.properties,
  /** Latin letters, digits and hyphens. */
  slug: Type.String({ maxLength: 200 }),
  cover_url: Type.Optional(Type.String({ maxLength: 500 })),
});
export type StaffNewPostBody = Static<typeof StaffNewPostBody>;
export const StaffPreviewBody = Type.Object({ markdown: Type.String({ maxLength: 100_000 }) });
export type StaffPreviewBody = Static<typeof StaffPreviewBody>;
export const StaffContentPreviewResponse = envelope(Type.Object({ body: Type.Array(DocBlock) }));
export type StaffContentPreviewResponse = Static<typeof StaffContentPreviewResponse>;

// ---- audit ----

export const StaffAuditQuery = Type.Object({
  actor_id: Type.Optional(RowId),
  /** An action name (`order.cancel`, `moderation.approve` …) or its prefix (`order.`). */
  action: Type.Optional(Type.String({ maxLength: 80 })),
  /** order, excursion, change_request, ticket, account, review, content, refund, template. */
  entity_type: Type.Optional(Type.String({ maxLength: 40 })),
  entity_id: Type.Optional(RowId),
  /** YYYY-MM-DD (Moscow days, inclusive). */
  from: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 })),
  to: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 })),
  ...PageQuery,
});
export type StaffAuditQuery = Static<typeof StaffAuditQuery>;

export const StaffAuditEntry = Type.Object({
  id: Type.Integer(),
  actor: Type.Union([StaffPerson, Type.Null()]),
  action: Type.String(),
  /** The action in Russian («Заказ отменён»). */
  action_label: Type.String(),
  entity_type: Type.String(),
  entity_id: Type.Union([Type.Integer(), Type.Null()]),
  /** What changed: the values before and after (null when nothing was there / nothing changed). */
  before: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  after: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  /** The reason or comment given. */
  reason: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});
export type StaffAuditEntry = Static<typeof StaffAuditEntry>;
export const StaffAuditListResponse = envelope(Paginated(StaffAuditEntry));
export type StaffAuditListResponse = Static<typeof StaffAuditListResponse>;
