// The operations of the api's OpenAPI document (app.swagger()): what the fuzz and the access sweep walk through, so
// that a new route is covered without editing them.
import type { App } from '../../src/app';

export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  nullable?: boolean;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As documented: `/api/excursion/user/order/{id}`. */
  path: string;
  /** Documented as needing a credential (`security`). */
  secured: boolean;
  /** The security schemes named (bearerAuth for the api's tokens). */
  schemes: string[];
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body schema, when the operation takes one. */
  body: JsonSchema | null;
  /** Content types the operation accepts. */
  contentTypes: string[];
  /** OpenAPI tags (`admin-only` marks the back-office calls an admin's alone). */
  tags: string[];
}

export function operationsOf(app: App): Operation[] {
  const doc = app.swagger() as unknown as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  const components = doc.components?.schemas ?? {};
  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined => {
    if (!schema?.$ref) return schema;
    const name = schema.$ref.replace(/^#\/components\/schemas\//, '');
    return components[name];
  };
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      const parameters = (op.parameters as Parameter[] | undefined) ?? [];
      const security = (op.security as Record<string, unknown>[] | undefined) ?? [];
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content ?? {};
      const json = content['application/json']?.schema;
      out.push({
        method: upper as Operation['method'],
        path,
        secured: security.length > 0,
        schemes: security.flatMap((s) => Object.keys(s)),
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: resolve(json) ?? null,
        contentTypes: Object.keys(content),
        tags: (op.tags as string[] | undefined) ?? [],
      });
    }
  }
  return out;
}

/** The account type a route is for, read from its path (spec §7 prefixes): partner, staff or client. */
export function accountTypeOf(path: string): 'partner' | 'staff' | 'client' | 'any' {
  if (path === '/api/excursion/partner/profile') return 'any';
  if (path.startsWith('/api/excursion/partner/')) return 'partner';
  if (path.startsWith('/api/staff/') || path.startsWith('/api/excursion/staff/')) return 'staff';
  if (path.startsWith('/api/excursion/user/')) return 'client';
  return 'any';
}

/** The documented path with its parameters filled: `{id}` → values[id] (encoded unless `raw`). */
export function fillPath(path: string, values: Record<string, string>, raw = false): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values[name] ?? '1';
    return raw ? value : encodeURIComponent(value);
  });
}
