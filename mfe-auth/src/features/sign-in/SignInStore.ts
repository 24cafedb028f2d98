import { makeAutoObservable, runInAction } from 'mobx';
import { ApiError, type AuthCheckData, type AuthResult, type EventBus, type Profile } from '@excursio/shared';
import type { Clock } from '../../lib/countdown/clock';
import type { SignInCalls } from './signInCalls';
import { describeSignInFailure, errorNumber, failureToast, wrongCodeMessage } from './signInErrors';
import { emptyPin, isPin, POLL_INTERVAL_MS, secondsOr180, STAGE_OF } from './signInRules';
import { SharedCountdown } from './SharedCountdown';
import type { ConfirmStage, CountdownRecord, SignInStorage } from './signInStorage';
import { CANCELLED_TEXT, SESSION_FAILED_TEXT, welcomeText, WRONG_CODE_FALLBACK } from './signInText';

export type SignInStep = 'phone' | ConfirmStage;

export interface SignInDeps {
  api: SignInCalls;
  session: { signIn(token: string, user: Profile): Promise<void> };
  bus: Pick<EventBus, 'emit'>;
  clock: Clock;
  storage: SignInStorage;
  /** Close the modal (the shell's slot). */
  onClose: () => void;
}

/**
 * The sign-in state machine of spec §4: phone → push / call / SMS confirmation, the check polled every 2 s
 * while the countdown runs, the countdown shared with other tabs through storage, and the accessed effects.
 */
export class SignInStore {
  step: SignInStep = 'phone';
  /** Digits of the phone being signed in (prefills the phone step). */
  phone = '';
  authReqId: string | null = null;
  /** The last check result; reset to null when a check fails (spec §8). */
  result: AuthResult | null = null;
  /** The phone field's error ('Введите корректный номер телефона'). */
  phoneError: string | null = null;
  /** Why the last request ended without a sign-in (cancelled, no attempts left), shown on the phone step. */
  failure: string | null = null;
  codeError: string | null = null;
  pin: string[] = emptyPin();
  requesting = false;
  verifying = false;
  polling = false;
  /** The code countdown, shared by the tabs. */
  readonly countdown: SharedCountdown;

  private readonly deps: SignInDeps;
  private active = false;
  private pollTimer: unknown = null;
  private pollRun = 0;
  private finished = false;

  constructor(deps: SignInDeps) {
    this.deps = deps;
    // Countdown 0: polling ends (spec §4 item 3); the stored countdown is cleared by SharedCountdown.
    this.countdown = new SharedCountdown(deps.clock, deps.storage, () => this.stopPolling());
    makeAutoObservable<SignInStore, 'deps' | 'active' | 'pollTimer' | 'pollRun' | 'finished'>(
      this,
      { countdown: false, deps: false, active: false, pollTimer: false, pollRun: false, finished: false },
      { autoBind: true },
    );
  }

  /** A new request must wait: the countdown runs without a live request (cancelled, throttled, attempts spent). */
  get requestBlocked(): boolean {
    return this.countdown.holdsBackRequests;
  }

  /** The modal opened: resume a running request, or request a code for the stored phone (spec §4 item 1). */
  open(): void {
    const reopened = this.active || this.requesting || this.authReqId !== null;
    this.active = true;
    const live = this.countdown.connect(this.onStoredCountdown);
    if (reopened) {
      // Mounted again (React StrictMode, or the same store shown again): carry on, never request twice.
      if (this.step !== 'phone' && this.authReqId && this.countdown.running) this.startPolling(0);
      return;
    }
    const stored = this.deps.storage.readPhone();
    if (live?.authReqId && (!stored || stored === live.phone)) {
      this.resume(live);
    } else if (stored) {
      this.phone = stored;
      if (!this.requestBlocked) void this.request(stored);
    }
  }

  /** The modal closed: polling ends (spec §4 item 3); the stored countdown stays for the next open. */
  dispose(): void {
    this.active = false;
    this.stopPolling();
    this.countdown.disconnect();
  }

  /** The phone step was sent with these digits. */
  submitPhone(digits: string): void {
    if (this.requesting) return;
    const record = this.countdown.record;
    if (record?.authReqId && record.phone === digits && this.countdown.running) {
      this.failure = null;
      this.resume(record);
    } else if (!this.requestBlocked) {
      void this.request(digits);
    }
  }

  /** Back to the phone step ("Изменить номер"); the same number resumes the running request. */
  changePhone(): void {
    this.stopPolling();
    this.step = 'phone';
    this.codeError = null;
    this.pin = emptyPin();
  }

  /** The resend button: only once the countdown is over. */
  resend(): void {
    if (this.countdown.running || this.requesting || !this.phone) return;
    void this.request(this.phone);
  }

  setPin(next: string[]): void {
    this.pin = next;
    if (next.some((d) => d !== '')) this.codeError = null;
  }

  clearPhoneError(): void {
    this.phoneError = null;
  }

  async request(digits: string): Promise<void> {
    this.requesting = true;
    this.phone = digits;
    this.phoneError = null;
    this.failure = null;
    try {
      const { data } = await this.deps.api.requestSignIn(digits);
      runInAction(() => {
        this.deps.storage.writePhone(digits);
        this.authReqId = data.auth_req_id;
        this.result = data.result;
        this.enterStage(STAGE_OF[data.result] ?? 'push');
        this.startCountdown(secondsOr180(data.expiry_seconds));
        this.startPolling(POLL_INTERVAL_MS);
      });
    } catch (failure) {
      runInAction(() => {
        const told = describeSignInFailure(failure);
        if ('field' in told) {
          this.changePhone();
          this.phoneError = told.field;
        } else this.deps.bus.emit('toast:show', { type: 'error', message: told.toast });
        this.restartFromError(failure);
      });
    } finally {
      runInAction(() => (this.requesting = false));
    }
  }

  /** The 4 digits were entered (the PIN submits itself on the 4th). */
  async verify(code: string): Promise<void> {
    const id = this.authReqId;
    if (this.verifying || !id || !isPin(code)) return;
    this.verifying = true;
    this.codeError = null;
    try {
      const { data } = await this.deps.api.verifySignInCode(id, code);
      if (data.token && data.user) await this.finish(data.token, data.user);
      else runInAction(() => this.wrongCode(WRONG_CODE_FALLBACK, undefined));
    } catch (failure) {
      runInAction(() => {
        this.verifying = false; // the boxes are usable again in the same render that clears them
        if (failure instanceof ApiError && failure.status === 422) {
          this.wrongCode(wrongCodeMessage(failure, WRONG_CODE_FALLBACK), failure.numberField('retry_count'));
        } else {
          this.pin = emptyPin();
          this.deps.bus.emit('toast:show', { type: 'error', message: failureToast(failure) });
          this.restartFromError(failure);
        }
      });
    } finally {
      runInAction(() => (this.verifying = false));
    }
  }

  private wrongCode(message: string, retryCount: number | undefined): void {
    this.pin = emptyPin();
    if (retryCount === 0) {
      // No attempts left: the confirmation step closes (spec §8); a new request waits for the countdown.
      this.endRequest();
      this.failure = message;
    } else this.codeError = message;
  }

  private resume(record: CountdownRecord): void {
    this.phone = record.phone;
    this.authReqId = record.authReqId;
    this.result = null;
    this.enterStage(record.stage ?? 'push');
    this.startPolling(0);
  }

  private enterStage(stage: ConfirmStage): void {
    if (this.step !== stage) {
      this.pin = emptyPin();
      this.codeError = null;
    }
    this.step = stage;
  }

  private startCountdown(seconds: number): void {
    const stage = this.step === 'phone' ? null : this.step;
    this.countdown.start(seconds, { phone: this.phone, authReqId: this.authReqId, stage }, this.active);
  }

  /** Other errors: errors.expiry_seconds > 0 restarts the countdown with that value (spec §8). */
  private restartFromError(failure: unknown): void {
    const expiry = errorNumber(failure, 'expiry_seconds');
    if (expiry === undefined || expiry <= 0) return;
    if (this.step === 'phone') this.authReqId = null;
    this.startCountdown(expiry);
    if (this.step !== 'phone' && this.authReqId && !this.polling) this.startPolling(POLL_INTERVAL_MS);
  }

  private startPolling(delay: number): void {
    this.stopPolling();
    if (!this.active) return;
    this.polling = true;
    const run = this.pollRun;
    this.pollTimer = this.deps.clock.setTimeout(() => void this.check(run), delay);
  }

  private stopPolling(): void {
    this.pollRun += 1;
    if (this.pollTimer !== null) this.deps.clock.clearTimeout(this.pollTimer);
    this.pollTimer = null;
    this.polling = false;
  }

  private async check(run: number): Promise<void> {
    const id = this.authReqId;
    if (run !== this.pollRun || !id) return;
    if (!this.countdown.running) return this.stopPolling();
    try {
      const { data } = await this.deps.api.checkSignIn(id);
      if (run === this.pollRun) this.applyCheck(data);
    } catch {
      if (run === this.pollRun) runInAction(() => (this.result = null));
    }
    if (run === this.pollRun && this.polling) {
      this.pollTimer = this.deps.clock.setTimeout(() => void this.check(run), POLL_INTERVAL_MS);
    }
  }

  private applyCheck(data: AuthCheckData): void {
    this.result = data.result;
    if (data.result === 'accessed') {
      if (data.token && data.user) void this.finish(data.token, data.user);
      else this.result = null;
    } else if (data.result === 'cancelled') {
      // expiry_seconds here: how long the phone must wait before asking again.
      this.endRequest(data.expiry_seconds);
      this.failure = CANCELLED_TEXT;
    } else {
      const stage = STAGE_OF[data.result];
      if (!stage || stage === this.step) return;
      this.enterStage(stage);
      // Moving on from the push (to a call or an SMS) restarts the countdown (spec §4 item 4).
      if (stage !== 'push') this.startCountdown(secondsOr180(data.expiry_seconds));
    }
  }

  /** The request ended without a sign-in: back to the phone step; the countdown keeps holding back a new one. */
  private endRequest(waitSeconds?: number): void {
    this.changePhone();
    this.authReqId = null;
    this.countdown.dropRequest(waitSeconds);
  }

  /** accessed (spec §4 item 6): close, store token and user, welcome, favorites, result event. */
  private async finish(token: string, user: Profile): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    this.stopPolling();
    this.countdown.clear();
    this.deps.storage.clearAll();
    this.deps.onClose();
    const signingIn = this.deps.session.signIn(token, user);
    this.deps.bus.emit('toast:show', { type: 'info', message: welcomeText(user.name) });
    const saved = await signingIn.then(() => true, () => false);
    if (saved) this.deps.bus.emit('auth:result', { token, user });
    else this.deps.bus.emit('toast:show', { type: 'error', message: SESSION_FAILED_TEXT });
  }

  /** Another tab started, restarted or moved the running countdown: follow its request. */
  private onStoredCountdown(record: CountdownRecord): void {
    if (this.step === 'phone' || !record.authReqId) return;
    if (record.authReqId !== this.authReqId) return this.resume(record);
    if (record.stage && record.stage !== this.step) this.enterStage(record.stage);
    if (!this.polling) this.startPolling(POLL_INTERVAL_MS);
  }
}
