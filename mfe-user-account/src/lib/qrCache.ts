import { bus } from '@excursio/shared';

const PREFIX = 'excursio.ticket-qr.';

/**
 * A ticket's QR once loaded is kept on this device, so the ticket shows at the meeting point without a connection.
 * Forgotten when the account signs out.
 */
export const qrCache = {
  get(code: string): string | null {
    try {
      return window.localStorage.getItem(PREFIX + code);
    } catch {
      return null;
    }
  },
  set(code: string, dataUrl: string): void {
    try {
      window.localStorage.setItem(PREFIX + code, dataUrl);
    } catch {
      // storage full or disabled: the QR is simply fetched again next time
    }
  },
  clear(): void {
    try {
      for (const key of Object.keys(window.localStorage)) if (key.startsWith(PREFIX)) window.localStorage.removeItem(key);
    } catch {
      // nothing stored
    }
  },
};

bus.on('auth:signed-out', () => qrCache.clear());
