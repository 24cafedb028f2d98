import type { FastifyInstance, FastifyRequest } from 'fastify';
import { attributeName } from './http-error';
import type { ValidationBody } from './validation';

/** C0 control characters except tab, line feed and carriage return (NUL among them: PostgreSQL refuses it in text). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

export const controlCharacterMessage = (field: string) =>
  `The ${attributeName(field)} field must not contain control characters.`;

type Check = (value: unknown, field: string) => string | null;

/** Runs `check` on every value (and flags bad object keys) within `value`; the first problem of each field. */
function walk(value: unknown, path: string, check: Check, into: Record<string, string[]>, depth = 0): void {
  if (depth > 32) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => walk(item, path ? `${path}.${index}` : String(index), check, into, depth + 1));
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (CONTROL.test(key)) {
        // A bad key is reported on its parent: the key itself is never echoed.
        const field = path || 'body';
        into[field] ??= [controlCharacterMessage(field)];
        continue;
      }
      walk(item, path ? `${path}.${key}` : key, check, into, depth + 1);
    }
    return;
  }
  const field = path || 'body';
  if (into[field]) return;
  const message = check(value, field);
  if (message) into[field] = [message];
}

function problems(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>, check: Check): ValidationBody | null {
  const errors: Record<string, string[]> = {};
  walk(request.params, '', check, errors);
  walk(request.query, '', check, errors);
  walk(request.body, '', check, errors);
  const messages = Object.values(errors).flat();
  if (messages.length === 0) return null;
  const more = messages.length - 1;
  const suffix = more > 0 ? ` (and ${more} more error${more > 1 ? 's' : ''})` : '';
  return { message: `${messages[0]}${suffix}`, errors };
}

const controlCharacters: Check = (value, field) =>
  typeof value === 'string' && CONTROL.test(value) ? controlCharacterMessage(field) : null;

/** Whether the route's schema declares this top-level field an integer (for the wording of the message). */
function integerField(request: FastifyRequest, field: string): boolean {
  const schema = request.routeOptions.schema as Record<string, unknown> | undefined;
  if (!schema) return false;
  return ['params', 'querystring', 'body'].some((part) => {
    const properties = (schema[part] as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties;
    return properties?.[field]?.type === 'integer';
  });
}

/** Numbers that no column can hold: non-finite (`Infinity`, `1e400` in a path, a query or JSON) or unsafe integers. */
const unsafeNumbers = (request: FastifyRequest): Check => (value, field) => {
  if (typeof value !== 'number') return null;
  const attribute = attributeName(field);
  if (!Number.isFinite(value)) {
    return integerField(request, field)
      ? `The ${attribute} field must be an integer.`
      : `The ${attribute} field must be a number.`;
  }
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
    return value > 0
      ? `The ${attribute} field must not be greater than ${Number.MAX_SAFE_INTEGER}.`
      : `The ${attribute} field must be at least ${Number.MIN_SAFE_INTEGER}.`;
  }
  return null;
};

/** The 422 for control characters in any string of the path parameters, query or body, or null. */
export const controlCharacterErrors = (request: Pick<FastifyRequest, 'params' | 'query' | 'body'>) =>
  problems(request, controlCharacters);

/** The 422 for a non-finite number or an unsafe integer anywhere in the (validated) request, or null. */
export const unsafeNumberErrors = (request: FastifyRequest) => problems(request, unsafeNumbers(request));

/**
 * Input every route refuses before its handler runs, whatever its schema says, with the validation 422:
 * - a C0 control character in any string of the path parameters, query or body (PostgreSQL cannot store NUL; the
 *   others are never legitimate text) — checked before the schema (preValidation);
 * - a number that is not finite or an integer beyond 2^53 — checked after the schema (preHandler), since Ajv's type
 *   coercion turns `"Infinity"` and `"1e400"` into Infinity and lets it through an integer schema with a maximum, and
 *   JSON.parse reads `1e400` as Infinity.
 */
export function installInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const invalid = controlCharacterErrors(request);
    if (invalid) return reply.code(422).send(invalid);
    return undefined;
  });
  app.addHook('preHandler', async (request, reply) => {
    const invalid = unsafeNumberErrors(request);
    if (invalid) return reply.code(422).send(invalid);
    return undefined;
  });
}
