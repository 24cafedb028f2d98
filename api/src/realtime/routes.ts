// POST /socket/broadcasting/auth: signs private channel subscriptions for the signed-in user.
import { userChannelName } from '@excursio/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPrivateChannel, isValidChannelName, isValidSocketId } from './protocol';
import type { RealtimeServer } from './server';

export interface RealtimeRoutesOptions<U extends { id: number }> {
  /** Something that can sign channels: the built-in server, or any object with the same method. */
  server: Pick<RealtimeServer, 'authorizeChannel'> & Partial<Pick<RealtimeServer, 'recordGrant'>>;
  /** Resolves the bearer token of the request to a user, or null. */
  authenticate: (request: FastifyRequest) => Promise<U | null>;
  /** Which private channels a user may join. Default: only `private-App.Models.User.{own id}`. */
  canAccess?: (user: U, channelName: string) => boolean | Promise<boolean>;
  /** A key of the request's bearer token (its id): the token's sign-out closes what it authorised. */
  tokenOf?: (request: FastifyRequest) => string | number | null | undefined;
}

export const AUTH_PATH = '/socket/broadcasting/auth';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const FORM_BODY_LIMIT = 8 * 1024;

/** A user's private channel as the protocol names it (the contract's name with the `private-` prefix). */
export const userChannel = (userId: number): string => `private-${userChannelName(userId)}`;
const ownUserChannel = (user: { id: number }, channelName: string): boolean => channelName === userChannel(user.id);

const errorSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
  required: ['message'],
} as const;

const authSchema = {
  summary: 'Authorize a private realtime channel (Pusher protocol)',
  tags: ['realtime'],
  consumes: ['application/x-www-form-urlencoded', 'application/json'],
  body: {
    type: 'object',
    properties: {
      socket_id: { type: 'string', pattern: '^\\d+\\.\\d+$', maxLength: 64 },
      channel_name: { type: 'string', pattern: '^[A-Za-z0-9_\\-=@,.;]+$', maxLength: 164 },
    },
    required: ['socket_id', 'channel_name'],
  },
  response: {
    200: {
      type: 'object',
      properties: { auth: { type: 'string' } },
      required: ['auth'],
    },
    401: errorSchema,
    403: errorSchema,
    422: errorSchema,
  },
} as const;

type FieldErrors = Record<string, string[]>;

/** Laravel-style messages; the route validates by itself so the reply is 422 whatever the app's error handler does. */
type Validated = { ok: true; socketId: string; channelName: string } | { ok: false; errors: FieldErrors };

function validate(body: unknown): Validated {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const errors: FieldErrors = {};
  const check = (field: string, label: string, valid: (v: unknown) => boolean): void => {
    const value = record[field];
    if (value === undefined || value === null || value === '') errors[field] = [`The ${label} field is required.`];
    else if (!valid(value)) errors[field] = [`The ${label} field format is invalid.`];
  };
  check('socket_id', 'socket id', isValidSocketId);
  check('channel_name', 'channel name', isValidChannelName);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, socketId: record.socket_id as string, channelName: record.channel_name as string };
}

export function registerRealtimeRoutes<U extends { id: number }>(
  // Any server/logger/type provider: the route declares its own JSON schema and validates by itself.
  app: FastifyInstance<any, any, any, any, any>,
  options: RealtimeRoutesOptions<U>,
): void {
  const canAccess = options.canAccess ?? ownUserChannel;

  // Encapsulated: the form parser only exists for this route (Pusher clients post form-encoded bodies).
  app.register(async (scope) => {
    if (!scope.hasContentTypeParser(FORM_TYPE)) {
      scope.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
    }

    scope.post(AUTH_PATH, { schema: authSchema, attachValidation: true }, async (request, reply) => {
      const user = await options.authenticate(request);
      if (!user) return reply.code(401).send({ message: 'Unauthenticated.' });

      const result = validate(request.body);
      if (!result.ok) {
        const first = Object.values(result.errors)[0]?.[0] ?? 'The given data was invalid.';
        return reply.code(422).send({ message: first, errors: result.errors });
      }
      const { socketId, channelName } = result;
      if (!isPrivateChannel(channelName) || !(await canAccess(user, channelName))) {
        return reply.code(403).send({ message: 'This action is unauthorized.' });
      }
      const signed = options.server.authorizeChannel(socketId, channelName);
      // Recorded before the answer, so a sign-out that follows always finds it (also in another process).
      const token = options.tokenOf?.(request);
      await options.server.recordGrant?.(socketId, channelName, {
        userId: String(user.id),
        ...(token === null || token === undefined ? {} : { token: String(token) }),
      });
      return reply.code(200).send(signed);
    });
  });
}
