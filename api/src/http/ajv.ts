import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema';

/** The Ajv options of every validator: all problems at once (Laravel-style), unknown keys dropped, defaults filled. */
export const AJV_OPTIONS = { allErrors: true, removeAdditional: true, useDefaults: true } as const;

type ValidatorFactory = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']
>;
type PoolOptions = NonNullable<Parameters<ValidatorFactory>[1]>;
/** What the pool's compiler really is at run time (its published type names the schema only). */
type RouteCompiler = (route: FastifyRouteSchemaDef<unknown>) => FastifyValidationResult;

/**
 * Two Ajv instances: path parameters, query strings and headers arrive as text and are coerced to their schema types
 * (`coerceTypes: 'array'`: "7" → 7, a single `?ids=1` → [1]); JSON bodies are typed already and are validated
 * strictly — `true` is not an integer, `5` is not a string, `"5"` is not a number — so a wrong type is a 422 naming
 * the field instead of a silently converted value.
 */
export function strictBodyValidators(): ValidatorFactory {
  const coercingPool = AjvCompiler();
  const strictPool = AjvCompiler();
  const factory = (externalSchemas: Parameters<ValidatorFactory>[0], options?: PoolOptions) => {
    const base = (options ?? {}) as { customOptions?: Record<string, unknown> };
    const custom = { ...(base.customOptions ?? {}), ...AJV_OPTIONS };
    const coercing = coercingPool(externalSchemas, {
      ...base,
      customOptions: { ...custom, coerceTypes: 'array' },
    } as PoolOptions) as unknown as RouteCompiler;
    const strict = strictPool(externalSchemas, {
      ...base,
      customOptions: { ...custom, coerceTypes: false },
    } as PoolOptions) as unknown as RouteCompiler;
    const compile: RouteCompiler = (route) => (route.httpPart === 'body' ? strict(route) : coercing(route));
    return compile;
  };
  return factory as unknown as ValidatorFactory;
}
