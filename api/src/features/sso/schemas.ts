import { errorResponses } from '../../http/schemas';

/** Error answers of the sign-in routes: validation and wrong codes (422), limits (429). */
export const ssoErrors = errorResponses(422, 429);

/** Starting a sign-in also answers 503 when no channel can deliver codes. */
export const startErrors = {
  ...ssoErrors,
  503: { $ref: 'ErrorResponse#', description: 'No phone channel is configured (SSO_CHANNEL)' },
} as const;
