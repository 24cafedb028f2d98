import { makeAutoObservable } from 'mobx';
import type { Clock } from '../../lib/countdown/clock';
import { Countdown } from '../../lib/countdown/Countdown';
import type { CountdownRecord, SignInStorage } from './signInStorage';

/**
 * The code countdown as every tab sees it (spec §4 item 7): kept in storage with the request it belongs to,
 * followed when another tab changes it, cleared at the end.
 */
export class SharedCountdown {
  /** Mirror of the stored record. */
  record: CountdownRecord | null = null;
  readonly timer: Countdown;

  private readonly storage: SignInStorage;
  private readonly clock: Clock;
  private unsubscribe: () => void = () => undefined;

  constructor(clock: Clock, storage: SignInStorage, onEnd: () => void) {
    this.clock = clock;
    this.storage = storage;
    this.timer = new Countdown(clock, () => {
      this.record = null;
      this.storage.clearCountdown();
      onEnd();
    });
    makeAutoObservable<SharedCountdown, 'storage' | 'clock' | 'unsubscribe'>(
      this,
      { timer: false, storage: false, clock: false, unsubscribe: false },
      { autoBind: true },
    );
  }

  get running(): boolean {
    return this.timer.running;
  }

  get label(): string {
    return this.timer.label;
  }

  /** The countdown runs without a live request (cancelled, throttled, attempts spent): a new request must wait. */
  get holdsBackRequests(): boolean {
    return this.timer.running && (this.record?.authReqId ?? null) === null;
  }

  /** Read the stored countdown and follow other tabs; returns the record when it is still running. */
  connect(onChange: (record: CountdownRecord) => void): CountdownRecord | null {
    this.unsubscribe();
    this.unsubscribe = this.storage.onCountdownChange((record) => {
      if (this.follow(record) && record) onChange(record);
    });
    const stored = this.storage.readCountdown();
    if (stored && stored.deadline <= this.clock.now()) this.storage.clearCountdown();
    const live = stored && stored.deadline > this.clock.now() ? stored : null;
    this.record = live;
    this.timer.setDeadline(live?.deadline ?? null);
    return live;
  }

  /** Stop following (the modal closed); the stored countdown stays for the next open. */
  disconnect(): void {
    this.unsubscribe();
    this.unsubscribe = () => undefined;
    this.timer.pause();
  }

  /** (Re)start from now for this request and tell the other tabs. */
  start(seconds: number, owner: Omit<CountdownRecord, 'deadline'>, ticking: boolean): void {
    const deadline = this.timer.start(seconds);
    if (!ticking) this.timer.pause();
    this.write({ deadline, ...owner });
  }

  /** The request is over; the server's wait (seconds) holds back a new one, or nothing when it sent none. */
  dropRequest(waitSeconds?: number): void {
    const record = this.record;
    if (waitSeconds === 0) this.clear();
    else if (waitSeconds !== undefined) this.start(waitSeconds, { phone: record?.phone ?? '', authReqId: null, stage: null }, true);
    else if (record) this.write({ ...record, authReqId: null, stage: null });
  }

  /** Signed in: nothing is left counting. */
  clear(): void {
    this.timer.clear();
    this.record = null;
    this.storage.clearCountdown();
  }

  private write(record: CountdownRecord): void {
    this.record = record;
    this.storage.writeCountdown(record);
  }

  /** Cleared elsewhere (ended, signed in or out in another tab): it ends here too, with onEnd. */
  private follow(record: CountdownRecord | null): boolean {
    this.record = record;
    this.timer.setDeadline(record?.deadline ?? this.clock.now());
    return this.timer.running;
  }
}
