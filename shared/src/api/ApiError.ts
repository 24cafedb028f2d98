/** The one error shape every api call rejects with. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, unknown>;

  constructor(status: number, message: string, errors: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }

  /** A numeric field of `errors` (e.g. retry_count, expiry_seconds), if the server sent one. */
  numberField(name: string): number | undefined {
    const value = this.errors[name];
    const n = Array.isArray(value) ? Number(value[0]) : Number(value);
    return value === undefined || Number.isNaN(n) ? undefined : n;
  }
}

/** Russian text for a network failure, shown in toasts. */
export const NETWORK_ERROR_MESSAGE = 'Нет связи с сервером. Проверьте подключение к интернету и попробуйте ещё раз.';
