import cors from '@fastify/cors';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { ErrorResponse } from '@excursio/shared/contracts';
import type { Config } from '../config';

export interface PluginOptions {
  config: Config;
  /** Redis shared by the rate limits of several api processes (REDIS_URL); in-process counters without it. */
  redis?: Redis | undefined;
}

/** A route as registered: what the guards in the tests compare with the OpenAPI document. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** Left out of the OpenAPI document (`schema.hide`, or no schema at all). */
  undocumented: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the api, in registration order (the OpenAPI document alone would miss hidden ones). */
    registeredRoutes: RegisteredRoute[];
  }
}

/** Security headers, CORS, rate limiting (routes opt in) and the OpenAPI document at /api/docs. */
export async function registerPlugins(app: FastifyInstance, { config, redis }: PluginOptions): Promise<void> {
  const registered: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema as { hide?: boolean } | undefined;
    for (const method of methods) registered.push({ method, url: route.url, undocumented: !schema || schema.hide === true });
  });
  // Helmet's headers, its middleware made once. @fastify/helmet ran helmet(options) again on every request (parsing the
  // options, building the CSP): 10 % of an api process's busy CPU answering the cached catalog at 50 connections
  // (helmetjs/helmet#430 asks for the same). Set on the raw response as the plugin did, so a route's own header (the
  // payment test page's and an SVG's CSP) still wins; on every answer, 404s and errors included.
  const securityHeaders = helmet({
    // JSON needs no resources at all; /api/docs and /api/media set their own policy.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.appEnv === 'production',
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));

  await app.register(cors, {
    origin: config.frontendOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'X-Requested-With', 'X-Socket-Id'],
    maxAge: 600,
  });

  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'excursio-rate-limit-' } : {}),
    // Counting must not take the api down with it: a store failure lets the request through.
    skipOnError: true,
  });

  app.addSchema(ErrorResponse);

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Excursio API',
        description:
          'Marketplace of guided excursions. Responses are `{ status, data }`; errors are `{ message, errors? }`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' }, releaseToken: { type: 'apiKey', in: 'header', name: 'X-Release-Token' } },
      },
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Served over plain http locally: never ask the browser to upgrade its requests.
    transformStaticCSP: (header) => header.replace(/upgrade-insecure-requests;?/g, '').trim(),
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
