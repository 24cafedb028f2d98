// Route schemas compiled at their first use, not at start (issue 29: a restarted process back in the balancer sooner).
// Fastify compiles every route's validators (Ajv) and response serialisers (fast-json-stringify) while it starts: 0.7
// of the 1.85 s of CPU a start took (`node --cpu-prof` of `node dist/main.js`), for over 200 schemas of which a
// process needs a handful in its first seconds. Here each compiled function is a stand-in that compiles on its first call
// and then is that function. A schema that does not compile would then fail at its route's first request instead of
// at start: `compileAll` compiles every one, and a test runs it on the whole app (test/lazy-schemas.test.ts).
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type AnyFunction = (...args: never[]) => unknown;
/** A pool's factory as it is at run time: (external schemas, options) → (route schema) → compiled function. */
type Factory = (...args: never[]) => (route: never) => AnyFunction;

export interface LazySchemas {
  /** For Fastify's `schemaController.compilersFactory`. */
  compilersFactory: Factories;
  /** Compiles every schema not compiled yet (throws what a schema's compilation throws); how many it compiled. */
  compileAll(): number;
  /** Schemas registered and not compiled yet. */
  pending(): number;
}

/**
 * @param factories the real compilers (the api's two Ajv pools; fast-json-stringify by default)
 * @param lazy false: compile at once, as Fastify does
 */
export function lazySchemas(factories: { buildValidator: Factories['buildValidator'] }, lazy = true): LazySchemas {
  const waiting = new Set<() => void>();
  const defer = (factory: Factory): Factory =>
    ((...factoryArgs: never[]) => {
      const compile = factory(...factoryArgs);
      return (route: never) => {
        if (!lazy) return compile(route);
        let real: AnyFunction | null = null;
        const ensure = () => {
          if (!real) {
            real = compile(route);
            waiting.delete(ensure);
          }
          return real;
        };
        waiting.add(ensure);
        const standIn = ((...args: never[]) => ensure()(...args)) as AnyFunction & { errors?: unknown };
        // Ajv reports a failed validation on the function itself (`validate.errors`), which Fastify reads after the call
        Object.defineProperty(standIn, 'errors', { get: () => (real as { errors?: unknown } | null)?.errors ?? null });
        return standIn;
      };
    }) as unknown as Factory;
  return {
    compilersFactory: {
      buildValidator: defer(factories.buildValidator as unknown as Factory) as unknown as Factories['buildValidator'],
      buildSerializer: defer(SerializerSelector() as unknown as Factory) as unknown as Factories['buildSerializer'],
    },
    compileAll() {
      let count = 0;
      for (const ensure of [...waiting]) {
        ensure();
        count += 1;
      }
      return count;
    },
    pending: () => waiting.size,
  };
}
