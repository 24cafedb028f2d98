/** Where the api reads the time for everything that moves orders in time: tests and development move it. */
export interface Clock {
  now(): Date;
}

/** The wall clock plus an offset that tests (and `POST /api/dev/clock` in development) move forward. */
export class MovableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }

  get offset(): number {
    return this.offsetMs;
  }
}
