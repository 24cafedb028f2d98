import { ApiError } from '@excursio/shared';

/** `{ status: true, data }` as the api answers. */
export const ok = <T>(data: T) => ({ status: true, data });

/** A 422 as the http client rejects it. */
export const unprocessable = (errors: Record<string, string[]>) => new ApiError(422, Object.values(errors)[0]![0]!, errors);

export const page = <T>(data: T[], current = 1, last = 1) => ({ data, current_page: current, last_page: last, per_page: 10, total: data.length });
