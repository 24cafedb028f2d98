import type { AuthResult, Profile } from '@excursio/shared/contracts';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SsoConfig } from '../../config';
import type { Database } from '../../db/client';
import type { SsoAuthRequest, SsoStage } from '../../db/schema';
import { toProfile } from '../auth/profile';
import { accountBlocked, issueToken } from '../auth/tokens';
import { accountForPhone, isBlockedPhone, movePhone } from './accounts';
import type { Outbox } from '../outbox/outbox';
import type { PhoneChannel } from './channel';
import { codeMessage, signInCost } from './delivery';
import { codeMatches, hashAuthReqId, hashCode, lookupHash, newAuthReqId, newCode } from './codes';
import {
  codesLocked,
  deadRequest,
  PUSHES_SPENT_MESSAGE,
  SEPARATE_FIELDS,
  throttled,
  unavailable,
  unknownRequest,
  wrongCode,
  type FlowFields,
} from './errors';
import * as store from './requests';
import { project, secondsLeft, timingOf, type Projection, type Timing } from './timeline';

/** Code attempts per sign-in request (its auth_id); the last wrong one cancels that request only. */
export const MAX_ATTEMPTS = 3;
const HOUR_MS = 60 * 60 * 1000;
/** Requests and code guesses are kept a day (the per-phone send limit looks one hour back, the guess budget a day). */
const KEEP_MS = 24 * HOUR_MS;
/** The window of the phone's code guess budget (SsoConfig.codeGuessesPerDay). */
export const GUESS_WINDOW_MS = 24 * HOUR_MS;

const RESULT: Record<SsoStage, AuthResult> = {
  push: 'await_code_push',
  call: 'await_code_call',
  sms: 'await_code_sms',
};

export interface SignInStarted {
  authReqId: string;
  result: AuthResult;
  expirySeconds: number;
}

export interface Session {
  token: string;
  user: Profile;
}

export interface CheckAnswer {
  result: AuthResult;
  expiry_seconds: number;
  token?: string;
  user?: Profile;
}

export interface SsoServiceOptions {
  db: Database;
  sso: SsoConfig;
  tokenTtlDays: number;
  /** Null when no channel is configured: starting a sign-in answers 503. */
  channel: PhoneChannel | null;
  /** Calls and SMS go out through it (written with the stage that sends them, retried, never lost). */
  outbox: Outbox;
  log: FastifyBaseLogger;
}

/**
 * The phone sign-in state machine shared by both route sets: push → incoming call → SMS, each stage with its
 * countdown. Stages advance lazily whenever a request is looked at (no timers, restart-safe).
 */
export class SsoService {
  private readonly db: Database;
  private readonly timing: Timing;
  private readonly now: () => number;

  /** The database the service keeps its requests in (also what its routes read accounts from). */
  get database(): Database {
    return this.db;
  }

  constructor(private readonly options: SsoServiceOptions) {
    this.db = options.db;
    this.timing = timingOf(options.sso);
    this.now = options.sso.now ?? Date.now;
  }

  /**
   * Starts a sign-in for a normalized phone: the push goes out at once. Known and unknown phones alike.
   * Nobody who knows a phone number can keep its owner from signing in: while the phone is busy — another request's
   * countdown running, the hourly limit of requests that send calls and SMS reached, or code entry locked by wrong
   * guesses — a new request is still made and pushed, but as push-only (no call or SMS follows). The push on the SIM
   * cannot be guessed, so it stays open to the owner; the phone's calls and SMS stay limited. Pushes are capped too
   * (pushLimitPerPhone an hour): past the cap a request is refused with the wait, so prompts cannot be flooded.
   */
  async start(phone: string, options: { changeForUserId?: number } = {}): Promise<SignInStarted> {
    const channel = this.options.channel;
    if (!channel) throw unavailable();
    // a blocked account is told at once, before any code is sent
    if (options.changeForUserId === undefined && (await isBlockedPhone(this.db, phone))) throw accountBlocked();
    const now = this.now();
    const authReqId = newAuthReqId();
    const canPush = channel.canPush;
    const { row, call } = await this.db.transaction(async (tx) => {
      await store.lockPhone(tx, phone);
      const pushed = await store.pushedSince(tx, phone, new Date(now - HOUR_MS));
      if (pushed.length >= this.options.sso.pushLimitPerPhone) {
        const oldest = pushed[pushed.length - this.options.sso.pushLimitPerPhone]!.getTime();
        throw throttled(Math.ceil((oldest + HOUR_MS - now) / 1000), PUSHES_SPENT_MESSAGE);
      }
      const busyFor = await this.busyFor(tx, phone, now);
      // Without a push there is no push-only request: a busy phone waits (calls and SMS cost money).
      if (!canPush && busyFor > 0) throw throttled(busyFor);
      const inserted = await store.insertRequest(tx, {
        idHash: hashAuthReqId(authReqId),
        phone,
        at: new Date(now),
        pushOnly: canPush && busyFor > 0,
        changeForUserId: options.changeForUserId ?? null,
        stage: canPush ? 'push' : 'call',
      });
      if (canPush) return { row: inserted, call: null };
      // no push provider: the flow starts at the call step, its message written with the request
      const code = newCode();
      await store.setCode(tx, inserted.id, 'call', hashCode(inserted.id, code));
      const message = codeMessage({ requestId: inserted.id, phone, stage: 'call', code, expiresInMs: this.timing.codeTtlMs });
      return { row: inserted, call: await this.options.outbox.enqueue(tx, message) };
    });
    if (canPush) {
      try {
        await channel.sendPush({ requestId: row.id, phone });
      } catch (error) {
        this.logFailure(error, row.id, 'push');
        await store.deleteRequest(this.db, row.id);
        throw unavailable();
      }
    } else {
      await this.options.outbox.deliverNow([call]);
    }
    await store.deleteCreatedBefore(this.db, new Date(now - KEEP_MS));
    await store.deleteGuessesBefore(this.db, new Date(now - KEEP_MS));
    return { authReqId, result: RESULT[row.stage], expirySeconds: secondsLeft(now, this.timing, now) };
  }

  /** Where the sign-in stands; hands out the token once a confirmed push is collected. */
  async check(authReqId: string, fields: FlowFields): Promise<CheckAnswer> {
    const row = await this.find(authReqId, fields);
    const now = this.now();
    switch (row.state) {
      case 'used':
        throw unknownRequest(fields);
      case 'cancelled':
        return { result: 'cancelled', expiry_seconds: this.blockedFor(row, now) };
      case 'accessed': {
        // A confirmed push is collected within the countdown of its stage, once.
        if (secondsLeft(row.stageStartedAt.getTime(), this.timing, now) === 0) {
          await store.cancelRequest(this.db, row.id, 'expired', store.isState('accessed'));
          return { result: 'cancelled', expiry_seconds: 0 };
        }
        const session = await this.finish(row, store.isState('accessed'));
        if (!session) throw unknownRequest(fields);
        return { result: 'accessed', expiry_seconds: 0, ...session };
      }
      case 'active': {
        const current = await this.advance(row, now);
        if (current.expired) return { result: 'cancelled', expiry_seconds: 0 };
        return { result: RESULT[current.stage], expiry_seconds: secondsLeft(current.startedAt, this.timing, now) };
      }
    }
  }

  /** Verifies the call or SMS code of a request. */
  async verify(authReqId: string, code: string, fields: FlowFields): Promise<Session> {
    return this.attempt(await this.find(authReqId, fields), code, fields);
  }

  /**
   * The separate flow's login: the code of the caller's own request (its auth_id, required by the schema). A phone
   * and a code alone never reach a request: they could not be a real sign-in (the browser that asked holds its
   * auth_id), and a stranger's guesses would spend the owner's code budget.
   */
  async login(phone: string, code: string, authId: string): Promise<Session> {
    const fields = SEPARATE_FIELDS;
    const row = await this.find(authId, fields);
    if (row.phone !== phone) throw unknownRequest(fields);
    return this.attempt(row, code, fields);
  }

  /**
   * The answer to a push, from the channel (its provider's callback, or the dev outbox). Counts only while the
   * request still awaits its push; false otherwise.
   */
  async answerPush(requestId: number, answer: 'confirmed' | 'declined'): Promise<boolean> {
    const row = await store.byId(this.db, requestId);
    if (!row || row.state !== 'active') return false;
    const current = project(row, this.timing, this.now());
    if (current.expired || current.stage !== 'push') return false;
    return answer === 'confirmed'
      ? store.markAccessed(this.db, requestId)
      : store.cancelRequest(this.db, requestId, 'declined', store.awaitingPush());
  }

  /**
   * One code verification of a request named by its auth_id (128 random bits — only who started it knows it): the
   * attempt counts against that request (MAX_ATTEMPTS, then it is cancelled) and against the phone's daily budget
   * (codeGuessesPerDay, whatever the IP); a right code gives its guess back.
   */
  private async attempt(row: SsoAuthRequest, code: string, fields: FlowFields): Promise<Session> {
    if (row.state === 'used') throw unknownRequest(fields);
    if (row.state !== 'active') throw deadRequest(fields);
    const now = this.now();
    const current = await this.advance(row, now);
    if (current.expired) throw deadRequest(fields);
    // A code is guessed only once there is one (call or SMS stage): only then does the budget count.
    const guess = current.stage === 'push' ? null : await this.reserveGuess(row.phone, now, fields);
    // The attempt is counted before the code is compared, so parallel guesses cannot exceed the limits.
    const reserved = await store.reserveAttempt(this.db, row.id, MAX_ATTEMPTS);
    if (!reserved) {
      if (guess) await store.releaseGuess(this.db, guess.id);
      throw deadRequest(fields);
    }
    const { codeHash } = reserved;
    if (guess && reserved.stage !== 'push' && codeHash && codeMatches(row.id, code, codeHash)) {
      // Single use: only the caller that spends this very code gets the session.
      const session = await this.finish(row, store.holdsCode(codeHash));
      if (session) {
        await store.releaseGuess(this.db, guess.id);
        return session;
      }
    }
    const budgetLeft = guess ? guess.left : this.options.sso.codeGuessesPerDay;
    const left = Math.max(0, MAX_ATTEMPTS - reserved.attempts);
    if (left === 0) await store.cancelRequest(this.db, row.id, 'attempts', store.isState('active'));
    throw wrongCode(fields, Math.max(0, Math.min(left, budgetLeft)));
  }

  /** Counts a code guess against the phone's daily budget; 429 (code entry locked, the push still works) when spent. */
  private async reserveGuess(phone: string, now: number, fields: FlowFields): Promise<{ id: number; left: number }> {
    const max = this.options.sso.codeGuessesPerDay;
    const window = { since: new Date(now - GUESS_WINDOW_MS), at: new Date(now) };
    // A spent budget is seen without the phone's lock (a guess flood costs one read each); the lock decides the rest.
    const lockedSince = await store.guessesLockedSince(this.db, phone, window.since, max);
    if (lockedSince) throw codesLocked(fields, Math.ceil((lockedSince.getTime() + GUESS_WINDOW_MS - now) / 1000));
    const outcome = await store.reserveGuess(this.db, phone, window, max);
    if ('lockedSince' in outcome) {
      throw codesLocked(fields, Math.ceil((outcome.lockedSince.getTime() + GUESS_WINDOW_MS - now) / 1000));
    }
    return { id: outcome.id, left: max - outcome.used };
  }

  /** Seconds the phone's code entry stays locked (its daily guess budget is spent); 0 when it is open. */
  private async codesLockedFor(db: Parameters<typeof store.guessesLockedSince>[0], phone: string, now: number): Promise<number> {
    const since = await store.guessesLockedSince(db, phone, new Date(now - GUESS_WINDOW_MS), this.options.sso.codeGuessesPerDay);
    return since ? Math.max(0, Math.ceil((since.getTime() + GUESS_WINDOW_MS - now) / 1000)) : 0;
  }

  /** Spends the request (while `condition` holds) and signs its phone in (or moves an account to it). */
  private async finish(row: SsoAuthRequest, condition: SQL | undefined): Promise<Session | null> {
    if (!(await store.markUsed(this.db, row.id, condition))) return null;
    const user = row.changeForUserId === null ? await accountForPhone(this.db, row.phone) : await movePhone(this.db, row.changeForUserId, row.phone);
    const { token } = await issueToken(this.db, user.id, this.options.tokenTtlDays);
    // what this sign-in cost in calls and SMS (the limits per phone and IP keep it bounded)
    this.options.log.info({ requestId: row.id, channel: this.options.channel?.name, cost: await signInCost(this.db, row.id) }, 'sso: signed in');
    return { token, user: toProfile(user) };
  }

  /** Brings an active request to `now`: switches its stage (sending the new code once) or expires it. */
  private async advance(row: SsoAuthRequest, now: number): Promise<Projection> {
    const current = project(row, this.timing, now);
    if (current.expired) {
      await store.cancelRequest(this.db, row.id, 'expired', store.isState('active'));
      return current;
    }
    if (current.stage === row.stage) return current;
    await this.switchTo(row, current.stage, current.startedAt, now);
    return current;
  }

  /**
   * Moves a request on to `stage` with a new code, once (whoever switches it sends the code): the message is written
   * in the same transaction and sent right after the commit (the worker retries it until the countdown ends).
   */
  private async switchTo(row: Pick<SsoAuthRequest, 'id' | 'phone' | 'stage'>, stage: SsoStage, startedAt: number, now: number): Promise<boolean> {
    if (!this.options.channel) return false;
    const code = newCode();
    const next = { stage, startedAt: new Date(startedAt), codeHash: hashCode(row.id, code) };
    const expiresInMs = Math.max(0, startedAt + this.timing.codeTtlMs - now);
    const queued = await this.db.transaction(async (tx) => {
      if (!(await store.switchStage(tx, row.id, row.stage, next))) return undefined;
      return this.options.outbox.enqueue(tx, codeMessage({ requestId: row.id, phone: row.phone, stage, code, expiresInMs }));
    });
    if (queued === undefined) return false;
    await this.options.outbox.deliverNow([queued]);
    return true;
  }

  /**
   * The call of a request failed (the provider refused it or could not place it): the SMS goes out at once instead
   * of after the call's countdown. False when the request is no longer waiting for its call.
   */
  async callFailed(requestId: number): Promise<boolean> {
    const row = await store.byId(this.db, requestId);
    if (!row || row.state !== 'active' || row.stage !== 'call' || row.pushOnly) return false;
    const now = this.now();
    if (project(row, this.timing, now).expired) return false;
    return this.switchTo(row, 'sms', now, now);
  }

  /** Seconds the phone must wait before a request may call or text it: another countdown, locked codes, the hour's limit. */
  private async busyFor(tx: Parameters<typeof store.latestOfPhone>[0], phone: string, now: number): Promise<number> {
    const latest = await store.latestOfPhone(tx, phone);
    const created = await store.createdSince(tx, phone, new Date(now - HOUR_MS));
    const limit = this.options.sso.sendLimitPerPhone;
    const hourly = created.length >= limit ? Math.ceil((created[created.length - limit]!.getTime() + HOUR_MS - now) / 1000) : 0;
    return Math.max(latest ? this.blockedFor(latest, now) : 0, await this.codesLockedFor(tx, phone, now), hourly);
  }

  /** Seconds before the phone of this request may ask again: until the countdown of its stage ends. */
  private blockedFor(row: SsoAuthRequest, now: number): number {
    if (row.state !== 'active' && row.state !== 'cancelled') return 0;
    // A request killed by wrong codes blocks nobody: its auth_id holder gave up, the phone's owner may ask anew.
    if (row.cancelReason === 'attempts') return 0;
    const current = project(row, this.timing, now);
    return current.expired ? 0 : secondsLeft(current.startedAt, this.timing, now);
  }

  private async find(authReqId: string, fields: FlowFields): Promise<SsoAuthRequest> {
    const idHash = lookupHash(authReqId);
    const row = idHash ? await store.byIdHash(this.db, idHash) : undefined;
    if (!row) throw unknownRequest(fields);
    return row;
  }

  /** Never the code: which request and stage failed, and the provider's error. */
  private logFailure(error: unknown, requestId: number, stage: SsoStage): void {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
    this.options.log.error({ requestId, stage, channel: this.options.channel?.name, reason }, 'sso: delivery failed');
  }
}
