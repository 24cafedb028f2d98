// Registered by drizzle-kit.mjs: resolves `drizzle-orm` from the api package.
import { register } from 'node:module';

const source = `
const parent = ${JSON.stringify(new URL('../package.json', import.meta.url).href)};
export async function resolve(specifier, context, next) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return next(specifier, { ...context, parentURL: parent });
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(source)}`);
