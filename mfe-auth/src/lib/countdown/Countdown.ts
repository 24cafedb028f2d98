import { makeAutoObservable } from 'mobx';
import type { Clock } from './clock';
import { formatMmSs } from './formatMmSs';

/**
 * A countdown to a deadline (a timestamp, so several tabs holding the same deadline show the same time).
 * It ticks on the deadline's whole seconds, which keeps tabs in step, and calls `onEnd` once at 0.
 */
export class Countdown {
  deadline: number | null = null;
  now: number;

  private timer: unknown = null;
  private readonly clock: Clock;
  private readonly onEnd: () => void;

  constructor(clock: Clock, onEnd: () => void = () => undefined) {
    this.clock = clock;
    this.onEnd = onEnd;
    this.now = clock.now();
    makeAutoObservable<Countdown, 'timer' | 'clock' | 'onEnd'>(this, { timer: false, clock: false, onEnd: false }, { autoBind: true });
  }

  /** Whole seconds left, rounded up (a fresh 180 s countdown reads 03:00). */
  get remaining(): number {
    if (this.deadline === null) return 0;
    return Math.max(0, Math.ceil((this.deadline - this.now) / 1000));
  }

  get running(): boolean {
    return this.remaining > 0;
  }

  get label(): string {
    return formatMmSs(this.remaining);
  }

  /** Start (or restart) from now. */
  start(seconds: number): number {
    const deadline = this.clock.now() + Math.max(0, seconds) * 1000;
    this.setDeadline(deadline);
    return deadline;
  }

  /** Follow a deadline set elsewhere (another tab); null stops without calling onEnd. */
  setDeadline(deadline: number | null): void {
    this.stopTimer();
    this.now = this.clock.now();
    this.deadline = deadline;
    if (deadline === null) return;
    if (deadline <= this.now) this.finish();
    else this.schedule();
  }

  /** Stop ticking and forget the deadline (nothing is reported). */
  clear(): void {
    this.setDeadline(null);
  }

  /** Stop ticking but keep the deadline (the widget closes; another open resumes it). */
  pause(): void {
    this.stopTimer();
  }

  private schedule(): void {
    if (this.deadline === null) return;
    const left = this.deadline - this.now;
    const delay = left % 1000 || 1000;
    this.timer = this.clock.setTimeout(this.tick, Math.min(delay, left));
  }

  private tick(): void {
    this.timer = null;
    this.now = this.clock.now();
    if (this.deadline !== null && this.now >= this.deadline) this.finish();
    else this.schedule();
  }

  private finish(): void {
    this.deadline = null;
    this.onEnd();
  }

  private stopTimer(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
