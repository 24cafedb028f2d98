import { tailSegments } from './splatPrecedence';

/** The slug of a multi-segment page (`a/b/c`), read from the request's address. */
export function tailOf(request: Request, base: string): string {
  return tailSegments(new URL(request.url).pathname, base).join('/');
}
