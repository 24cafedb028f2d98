const errorRef = { $ref: 'ErrorResponse#' } as const;

const DESCRIPTIONS: Record<number, string> = {
  401: 'Unauthenticated: no valid bearer token',
  403: 'The signed-in account may not do this',
  404: 'Not Found',
  422: 'Validation failed (Laravel-style `errors` per field)',
  409: 'Conflict with the current state (e.g. no seats left)',
  429: 'Too Many Attempts',
  503: 'The service behind this call is not configured or unavailable',
};

/** Error responses of a route, all in the `{ message, errors? }` shape, for validation and OpenAPI. */
export function errorResponses<const C extends readonly (401 | 403 | 404 | 409 | 422 | 429 | 503)[]>(
  ...codes: C
): Record<C[number], typeof errorRef & { description: string }> {
  return Object.fromEntries(codes.map((code) => [code, { ...errorRef, description: DESCRIPTIONS[code] }])) as Record<
    C[number],
    typeof errorRef & { description: string }
  >;
}

/** Marks a route as needing `Authorization: Bearer <token>` in the OpenAPI document. */
export const bearerSecurity = [{ bearerAuth: [] }];
