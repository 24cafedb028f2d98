/** An error with an HTTP status and the api's JSON error shape `{ message, errors? }`. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: Record<string, string[]> | undefined;

  constructor(statusCode: number, message: string, errors?: Record<string, string[]>) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.errors = errors;
  }
}

/** Laravel's attribute name in messages: underscores read as spaces (excursion_id → "excursion id"). */
export function attributeName(field: string): string {
  return field.replace(/_/g, ' ');
}

/** A 422 for one field, worded like Laravel. */
export function fieldError(field: string, message: string): HttpError {
  return new HttpError(422, message, { [field]: [message] });
}

export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
export const forbidden = () => new HttpError(403, 'This action is unauthorized.');
export const notFound = () => new HttpError(404, 'Not Found.');
