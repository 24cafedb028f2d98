// @excursio/shared/env — a deployable's environment as one TypeBox schema (type, default, range and a one-line
// meaning per variable): parsed with its defaults, checked against its ranges, every bad value named with what was
// expected. Used by the api (api/src/env.ts) and the shell server; docs/configuration.md and .env.example are
// generated from the same schemas (`npm run config:docs`). Plain JavaScript: the shell server runs on Node as it is.
//
// Keywords beside the JSON schema ones (TypeBox keeps unknown options):
//   description       the variable's meaning, one line (docs, .env.example)
//   default           the value when unset or blank
//   defaultByAppEnv   { test: 0 }: another default while APP_ENV has that value (null: unset there)
//   defaultText       the default in words, when the program computes it (docs only)
//   format: 'url'     parsed by the URL constructor
//   sensitive         a secret: a bad value is never echoed (nor is a bad URL: it may hold a password or a token)

/** A start refused for its configuration: every problem at once, each naming its variable. */
export class EnvError extends Error {
  constructor(deployable, problems) {
    super(`The ${deployable} refuses to start: bad configuration\n- ${problems.join('\n- ')}`);
    this.name = 'EnvError';
    this.problems = problems;
  }
}

/** The values of an enumeration schema (`Type.Enum` or a union of literals), or null. */
export function choicesOf(schema) {
  if (Array.isArray(schema.enum)) return schema.enum;
  if (Array.isArray(schema.anyOf) && schema.anyOf.every((s) => 'const' in s)) return schema.anyOf.map((s) => s.const);
  return null;
}

const joinOr = (values) => (values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`);

/** What a variable accepts, in words: "an integer between 1 and 65535", "one of dev", "a URL", "true or false". */
export function expected(schema) {
  const choices = choicesOf(schema);
  if (choices) return choices.length === 1 ? String(choices[0]) : `${joinOr(choices.map(String))}`;
  const range = (noun) => {
    const { minimum: min, maximum: max } = schema;
    if (min !== undefined && max !== undefined) return `${noun} between ${min} and ${max}`;
    if (min !== undefined) return `${noun} of at least ${min}`;
    if (max !== undefined) return `${noun} of at most ${max}`;
    return noun;
  };
  switch (schema.type) {
    case 'integer':
      return range('an integer');
    case 'number':
      return range('a number');
    case 'boolean':
      return 'true or false';
    default:
      return schema.format === 'url' ? 'a URL' : 'text';
  }
}

/** One raw value: unset and blank are the same (undefined), otherwise trimmed. */
function rawValue(env, name) {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** The text as the schema's type, or undefined when it is not one of its values. */
function convert(schema, text) {
  const choices = choicesOf(schema);
  if (choices) return choices.includes(text) ? text : undefined;
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const value = Number(text);
      const ok = schema.type === 'integer' ? Number.isInteger(value) : Number.isFinite(value);
      if (!ok) return undefined;
      if (schema.minimum !== undefined && value < schema.minimum) return undefined;
      if (schema.maximum !== undefined && value > schema.maximum) return undefined;
      return value;
    }
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : undefined;
    default:
      if (schema.format === 'url' && !URL.canParse(text)) return undefined;
      return text;
  }
}

/** The default of a variable while APP_ENV is `appEnv` (undefined: unset). */
export function defaultOf(schema, appEnv) {
  const byEnv = schema.defaultByAppEnv;
  if (byEnv && appEnv !== undefined && Object.hasOwn(byEnv, appEnv)) return byEnv[appEnv] ?? undefined;
  return schema.default;
}

/**
 * The environment as the schema's values: each variable converted to its type and checked against its range, blank
 * or unset ones at their default (APP_ENV first, as other defaults may depend on it). Throws an EnvError naming every
 * bad variable and what it expects; a sensitive value is never quoted.
 */
export function parseEnv(schema, env, deployable = 'server') {
  const problems = [];
  const out = {};
  const names = Object.keys(schema.properties).sort((a, b) => (a === 'APP_ENV' ? -1 : b === 'APP_ENV' ? 1 : 0));
  for (const name of names) {
    const property = schema.properties[name];
    const text = rawValue(env, name);
    if (text === undefined) {
      const fallback = defaultOf(property, out.APP_ENV);
      if (fallback !== undefined) out[name] = fallback;
      else if (schema.required?.includes(name)) problems.push(`${name} must be set: ${expected(property)}`);
      continue;
    }
    const value = convert(property, text);
    if (value === undefined) {
      // a URL may carry a password or a bot token: like a secret, never quoted
      const hidden = property.sensitive || property.format === 'url';
      problems.push(`${name} must be ${expected(property)}, ${hidden ? 'got another value (not shown)' : `got "${text}"`}`);
    } else out[name] = value;
  }
  if (problems.length) throw new EnvError(deployable, problems);
  return out;
}
