import type { Static, TObject, TSchema } from 'typebox';

/** A start refused for its configuration: every problem at once, each naming its variable. */
export declare class EnvError extends Error {
  constructor(deployable: string, problems: string[]);
  readonly problems: string[];
}

/** The values of an enumeration schema (`Type.Enum` or a union of literals), or null. */
export declare function choicesOf(schema: TSchema): unknown[] | null;

/** What a variable accepts, in words: "an integer between 1 and 65535", "one of dev", "a URL", "true or false". */
export declare function expected(schema: TSchema): string;

/** The default of a variable while APP_ENV is `appEnv` (undefined: unset). */
export declare function defaultOf(schema: TSchema, appEnv: string | undefined): unknown;

/**
 * The environment as the schema's values: each variable converted to its type and checked against its range, blank
 * or unset ones at their default. Throws an EnvError naming every bad variable and what it expects.
 */
export declare function parseEnv<T extends TObject>(
  schema: T,
  env: Record<string, string | undefined>,
  deployable?: string,
): Static<T>;
