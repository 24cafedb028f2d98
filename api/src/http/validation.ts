import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { attributeName } from './http-error';

export interface ValidationBody {
  message: string;
  errors: Record<string, string[]>;
}

type Issue = FastifySchemaValidationError;

function fieldOf(issue: Issue): string {
  const segments = issue.instancePath.split('/').filter(Boolean).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = issue.params as Record<string, unknown>;
  if (issue.keyword === 'required' && typeof params.missingProperty === 'string') segments.push(params.missingProperty);
  if (issue.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    segments.push(params.additionalProperty);
  }
  return segments.join('.');
}

function typeMessage(attribute: string, expected: unknown): string | null {
  const first = String(Array.isArray(expected) ? expected[0] : expected).split(',')[0];
  switch (first) {
    case 'integer':
      return `The ${attribute} field must be an integer.`;
    case 'number':
      return `The ${attribute} field must be a number.`;
    case 'string':
      return `The ${attribute} field must be a string.`;
    case 'boolean':
      return `The ${attribute} field must be true or false.`;
    case 'array':
      return `The ${attribute} field must be an array.`;
    case 'object':
      return `The ${attribute} field must be an object.`;
    case 'null':
      return null; // the other branch of a nullable union explains the problem
    default:
      return `The ${attribute} field is invalid.`;
  }
}

function messageFor(issue: Issue, field: string): string | null {
  const attribute = attributeName(field);
  const params = issue.params as Record<string, unknown>;
  const limit = params.limit;
  switch (issue.keyword) {
    case 'required':
      return `The ${attribute} field is required.`;
    case 'type':
      return typeMessage(attribute, params.type);
    case 'minimum':
    case 'exclusiveMinimum':
      return `The ${attribute} field must be at least ${String(limit)}.`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `The ${attribute} field must not be greater than ${String(limit)}.`;
    case 'minLength':
      return limit === 1
        ? `The ${attribute} field is required.`
        : `The ${attribute} field must be at least ${String(limit)} characters.`;
    case 'maxLength':
      return `The ${attribute} field must not be greater than ${String(limit)} characters.`;
    case 'minItems':
      return `The ${attribute} field must have at least ${String(limit)} items.`;
    case 'maxItems':
      return `The ${attribute} field must not have more than ${String(limit)} items.`;
    case 'pattern':
    case 'format':
      return `The ${attribute} field format is invalid.`;
    case 'enum':
    case 'const':
    case 'anyOf':
    case 'oneOf':
      return `The selected ${attribute} is invalid.`;
    case 'additionalProperties':
      return `The ${attribute} field is not allowed.`;
    default:
      return `The ${attribute} field is invalid.`;
  }
}

/**
 * Turns schema validation failures into Laravel's 422 body: the first problem of each field (dot notation),
 * and a top message "<first message> (and N more errors)".
 */
export function formatValidation(issues: readonly Issue[]): ValidationBody {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = fieldOf(issue);
    if (field === '') continue;
    if (errors[field]) continue;
    const message = messageFor(issue, field);
    if (message) errors[field] = [message];
  }
  const messages = Object.values(errors).flat();
  if (messages.length === 0) {
    // A body that is not an object at all (or an unexplained root failure).
    return { message: 'The given data was invalid.', errors: { body: ['The request body must be a JSON object.'] } };
  }
  const more = messages.length - 1;
  const suffix = more > 0 ? ` (and ${more} more error${more > 1 ? 's' : ''})` : '';
  return { message: `${messages[0]}${suffix}`, errors };
}
