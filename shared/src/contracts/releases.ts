import Type, { type Static } from 'typebox';
import { envelope, RowId } from './common';

// The release registry (issue 28). The release command (`npm run release`, scripts/release.mjs) and the back office
// change pointers; the shell server reads them. Writes need the RELEASE_TOKEN (the command) or an admin (back office).
//
//   GET  /api/releases/live?env                         → LiveReleasesResponse (the shell server polls it; public)
//   GET  /api/releases/{app}?env                        → ReleaseHistoryResponse
//   POST /api/releases/{app} { build, env?, canary_percent?, force?, shell_provides? } → ReleaseChangeResponse
//        (409 with errors.gate: the compatibility gate refused it; each line names the package, range and version)
//   POST /api/releases/{app}/rollback { env?, release_id?, force?, reason? } → ReleaseChangeResponse
//   POST /api/releases/{app}/promote { env? }           → ReleaseChangeResponse
//   GET  /api/releases/{app}/retained?keep              → RetainedBuildsResponse (the build hashes to keep on disk)
//   POST /api/releases/{app}/preview { release_id, minutes? } → ReleasePreviewLinkResponse (a signed, expiring link)
//   GET  /api/releases/preview?token                    → ReleasePreviewResponse (404: invalid or expired; public)

export const ReleaseApp = Type.String({ pattern: '^(shell|mfe-[a-z][a-z-]{0,58})$', maxLength: 64 });
export const ReleaseEnv = Type.String({ pattern: '^[a-z][a-z0-9-]{0,31}$', maxLength: 32, default: 'production' });
const Versions = Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 100 }), { maxProperties: 50 });

/** What the release command sends about one build. */
export const ReleaseBuild = Type.Object({
  build_hash: Type.String({ pattern: '^[0-9a-f]{8,64}$', maxLength: 64 }),
  git_commit: Type.String({ maxLength: 64, default: '' }),
  size_bytes: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
  requires: Versions,
  provides: Versions,
  exposes: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 200 }),
});
export type ReleaseBuild = Static<typeof ReleaseBuild>;

export const ReleasePublishBody = Type.Object({
  build: ReleaseBuild,
  env: Type.Optional(ReleaseEnv),
  /** 1…99: serve it to this share of browsers only (the rest stay on the live release). */
  canary_percent: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
  /** Move the pointer although the gate refuses (written to the history with what it refused). */
  force: Type.Optional(Type.Boolean()),
  /** Who releases (the command's user); the back office's staff member otherwise. */
  actor: Type.Optional(Type.String({ maxLength: 200 })),
  /** What the shell served outside the registry provides (when the shell has no release in this environment). */
  shell_provides: Type.Optional(Versions),
});
export type ReleasePublishBody = Static<typeof ReleasePublishBody>;

export const ReleaseRollbackBody = Type.Object({
  env: Type.Optional(ReleaseEnv),
  /** The release to go back to; the one live before the current one when not given. A running canary is stopped first. */
  release_id: Type.Optional(RowId),
  force: Type.Optional(Type.Boolean()),
  reason: Type.Optional(Type.String({ maxLength: 1000 })),
  actor: Type.Optional(Type.String({ maxLength: 200 })),
});
export type ReleaseRollbackBody = Static<typeof ReleaseRollbackBody>;

export const ReleasePromoteBody = Type.Object({ env: Type.Optional(ReleaseEnv), actor: Type.Optional(Type.String({ maxLength: 200 })) });
export type ReleasePromoteBody = Static<typeof ReleasePromoteBody>;

export const ReleaseSummary = Type.Object({
  id: Type.Integer(),
  app: Type.String(),
  build_hash: Type.String(),
  git_commit: Type.String(),
  created_by: Type.String(),
  created_at: Type.String(),
  size_bytes: Type.Integer(),
  requires: Versions,
  provides: Versions,
  exposes: Type.Array(Type.String()),
});
export type ReleaseSummary = Static<typeof ReleaseSummary>;

export const ReleasePointer = Type.Object({
  app: Type.String(),
  env: Type.String(),
  release: ReleaseSummary,
  canary: Type.Union([Type.Object({ release: ReleaseSummary, percent: Type.Integer(), started_at: Type.String() }), Type.Null()]),
  updated_at: Type.String(),
});
export type ReleasePointer = Static<typeof ReleasePointer>;

export const ReleaseHistoryEntry = Type.Object({
  id: Type.Integer(),
  action: Type.String(),
  release_id: Type.Integer(),
  previous_release_id: Type.Union([Type.Integer(), Type.Null()]),
  canary_release_id: Type.Union([Type.Integer(), Type.Null()]),
  canary_percent: Type.Integer(),
  forced: Type.Boolean(),
  actor: Type.String(),
  reason: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});
export type ReleaseHistoryEntry = Static<typeof ReleaseHistoryEntry>;

/** The live build of each app (and its canary) in one environment: what /remotes.json follows. */
export const LiveReleases = Type.Record(
  Type.String(),
  Type.Object({
    release: Type.Object({ id: Type.Integer(), build_hash: Type.String() }),
    canary: Type.Union([Type.Object({ id: Type.Integer(), build_hash: Type.String(), percent: Type.Integer() }), Type.Null()]),
  }),
);
export type LiveReleases = Static<typeof LiveReleases>;

export const ReleaseChange = Type.Object({
  /** False: the pointer already was where it was asked to go. */
  changed: Type.Boolean(),
  pointer: ReleasePointer,
  /** The gate's refusals a --force overrode. */
  forced: Type.Array(Type.String()),
});
export type ReleaseChange = Static<typeof ReleaseChange>;

export const ReleaseHistory = Type.Object({
  pointer: Type.Union([ReleasePointer, Type.Null()]),
  releases: Type.Array(ReleaseSummary),
  history: Type.Array(ReleaseHistoryEntry),
});
export type ReleaseHistory = Static<typeof ReleaseHistory>;

export const LiveReleasesResponse = envelope(LiveReleases);
export type LiveReleasesResponse = Static<typeof LiveReleasesResponse>;
export const ReleaseChangeResponse = envelope(ReleaseChange);
export type ReleaseChangeResponse = Static<typeof ReleaseChangeResponse>;
export const ReleaseHistoryResponse = envelope(ReleaseHistory);
export type ReleaseHistoryResponse = Static<typeof ReleaseHistoryResponse>;
export const RetainedBuildsResponse = envelope(Type.Object({ keep: Type.Array(Type.String()) }));
export type RetainedBuildsResponse = Static<typeof RetainedBuildsResponse>;

export const ReleasePreviewBody = Type.Object({
  release_id: RowId,
  /** How long the link opens the preview (default 60 minutes, at most a day). */
  minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440 })),
});
export type ReleasePreviewBody = Static<typeof ReleasePreviewBody>;

export const ReleasePreview = Type.Object({ app: Type.String(), build_hash: Type.String(), expires_at: Type.String() });
export type ReleasePreview = Static<typeof ReleasePreview>;
export const ReleasePreviewLink = Type.Object({
  token: Type.String(),
  /** The site's address opening the preview (`/?release_preview=<token>`). */
  path: Type.String(),
  app: Type.String(),
  build_hash: Type.String(),
  expires_at: Type.String(),
});
export type ReleasePreviewLink = Static<typeof ReleasePreviewLink>;
export const ReleasePreviewResponse = envelope(ReleasePreview);
export type ReleasePreviewResponse = Static<typeof ReleasePreviewResponse>;
export const ReleasePreviewLinkResponse = envelope(ReleasePreviewLink);
export type ReleasePreviewLinkResponse = Static<typeof ReleasePreviewLinkResponse>;

// The back office (admins only; staff get 403): /backoffice/releases.
//   GET  /api/staff/releases?env                                   → StaffReleasesResponse (every released app)
//   POST /api/staff/releases/{app}/rollback { env?, release_id?, reason? } → ReleaseChangeResponse
//   POST /api/staff/releases/{app}/promote { env? }                → ReleaseChangeResponse
//   POST /api/staff/releases/{app}/preview { release_id, minutes? } → ReleasePreviewLinkResponse

export const ReleaseRate = Type.Object({ loads: Type.Integer(), errors: Type.Integer(), rate: Type.Number() });
export type ReleaseRate = Static<typeof ReleaseRate>;

export const StaffReleaseApp = Type.Object({
  app: Type.String(),
  pointer: Type.Union([ReleasePointer, Type.Null()]),
  /** Since the canary started: its error rate and the live release's. */
  canary_stats: Type.Union([Type.Object({ canary: ReleaseRate, stable: ReleaseRate }), Type.Null()]),
  releases: Type.Array(ReleaseSummary),
  history: Type.Array(ReleaseHistoryEntry),
});
export type StaffReleaseApp = Static<typeof StaffReleaseApp>;

export const StaffReleases = Type.Object({
  env: Type.String(),
  /** When a canary rolls back by itself: at least `min_errors` reports and `margin_pct` points above the live release. */
  rule: Type.Object({ min_errors: Type.Integer(), margin_pct: Type.Number() }),
  apps: Type.Array(StaffReleaseApp),
});
export type StaffReleases = Static<typeof StaffReleases>;
export const StaffReleasesResponse = envelope(StaffReleases);
export type StaffReleasesResponse = Static<typeof StaffReleasesResponse>;
export const StaffReleaseRollbackBody = Type.Object({
  env: Type.Optional(ReleaseEnv),
  release_id: Type.Optional(RowId),
  reason: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type StaffReleaseRollbackBody = Static<typeof StaffReleaseRollbackBody>;
export const StaffReleasePromoteBody = Type.Object({ env: Type.Optional(ReleaseEnv) });
export type StaffReleasePromoteBody = Static<typeof StaffReleasePromoteBody>;
