/**
 * What the sign-in keeps in localStorage (spec §3 "stored locally: … the code countdown"):
 * the last phone, and the running countdown with the request it belongs to, shared by every tab.
 */
export const PHONE_KEY = 'excursio.sign-in.phone';
export const COUNTDOWN_KEY = 'excursio.sign-in.countdown';

export type ConfirmStage = 'push' | 'call' | 'sms';

export interface CountdownRecord {
  /** When the countdown reaches 0 (ms since the epoch). */
  deadline: number;
  /** Digits of the phone the countdown belongs to. */
  phone: string;
  /** The live sign-in request, or null when the countdown only holds back a new request (cancelled, throttled). */
  authReqId: string | null;
  stage: ConfirmStage | null;
}

export interface SignInStorage {
  readPhone(): string | null;
  writePhone(phone: string): void;
  readCountdown(): CountdownRecord | null;
  writeCountdown(record: CountdownRecord): void;
  clearCountdown(): void;
  /** Another tab changed the countdown (null: it was cleared). Returns the unsubscribe function. */
  onCountdownChange(listener: (record: CountdownRecord | null) => void): () => void;
  /** Forget the phone and the countdown (sign-in finished, or signed out). */
  clearAll(): void;
}

const STAGES: readonly ConfirmStage[] = ['push', 'call', 'sms'];

export function parseCountdown(raw: string | null): CountdownRecord | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<CountdownRecord>;
    if (typeof v.deadline !== 'number' || !Number.isFinite(v.deadline) || typeof v.phone !== 'string') return null;
    return {
      deadline: v.deadline,
      phone: v.phone,
      authReqId: typeof v.authReqId === 'string' && v.authReqId ? v.authReqId : null,
      stage: STAGES.includes(v.stage as ConfirmStage) ? (v.stage as ConfirmStage) : null,
    };
  } catch {
    return null;
  }
}

function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback; // storage disabled (private mode, quota): the sign-in still works in this tab
  }
}

/** The browser's localStorage, and its `storage` event for the changes made by other tabs. */
export function createSignInStorage(storage: Storage | null = globalThis.localStorage ?? null, events: Window | null = globalThis.window ?? null): SignInStorage {
  return {
    readPhone: () => safely(() => storage?.getItem(PHONE_KEY) || null, null),
    writePhone: (phone) => safely(() => storage?.setItem(PHONE_KEY, phone), undefined),
    readCountdown: () => safely(() => parseCountdown(storage?.getItem(COUNTDOWN_KEY) ?? null), null),
    writeCountdown: (record) => safely(() => storage?.setItem(COUNTDOWN_KEY, JSON.stringify(record)), undefined),
    clearCountdown: () => safely(() => storage?.removeItem(COUNTDOWN_KEY), undefined),
    onCountdownChange(listener) {
      if (!events) return () => undefined;
      const onStorage = (event: StorageEvent) => {
        // key null: the other tab cleared the whole storage
        if (event.key === COUNTDOWN_KEY || event.key === null) listener(parseCountdown(event.key ? event.newValue : null));
      };
      events.addEventListener('storage', onStorage);
      return () => events.removeEventListener('storage', onStorage);
    },
    clearAll() {
      safely(() => {
        storage?.removeItem(PHONE_KEY);
        storage?.removeItem(COUNTDOWN_KEY);
      }, undefined);
    },
  };
}
