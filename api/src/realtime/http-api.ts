// The Pusher HTTP API on the built-in server (POST /apps/{id}/events, /batch_events): any Pusher server library
// publishes to it, so the built-in server and Soketi / Reverb / Pusher Channels are interchangeable.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyRequestSignature } from './http-api-signature';
import { isValidChannelName, isValidSocketId, MAX_EVENT_NAME_LENGTH } from './protocol';
import type { RealtimeServer } from './server';

export interface HttpApiOptions {
  appId: string;
  key: string;
  secret: string;
  server: Pick<RealtimeServer, 'publish'>;
  /** Seconds a signed request stays valid either side of the server clock. Default 600 (Pusher's). */
  maxSkewSeconds?: number;
  /** The clock in ms (tests). */
  now?: () => number;
}

export const HTTP_API_LIMITS = { channelsPerEvent: 100, eventsPerBatch: 10, dataBytes: 32 * 1024, bodyBytes: 512 * 1024 };

type Errors = Record<string, string[]>;
interface EventInput {
  channels: string[];
  name: string;
  data: string;
  exceptSocketId: string | undefined;
}

class RequestRefused extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: Errors = {},
  ) {
    super(message);
  }
}

/** One event of a body (`channels[]` or `channel`); problems go to `errors` under `prefix` + field. */
function readEvent(value: unknown, prefix: string, errors: Errors): EventInput | null {
  const add = (field: string, message: string): void => {
    (errors[`${prefix}${field}`] ??= []).push(message);
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    add('event', 'An event must be a JSON object.');
    return null;
  }
  const e = value as Record<string, unknown>;
  const channels = Array.isArray(e.channels) ? e.channels : typeof e.channel === 'string' ? [e.channel] : null;
  if (!channels || channels.length === 0) add('channels', 'The channels field is required.');
  else if (channels.length > HTTP_API_LIMITS.channelsPerEvent) {
    add('channels', `At most ${HTTP_API_LIMITS.channelsPerEvent} channels per event.`);
  } else if (!channels.every(isValidChannelName)) add('channels', 'A channel name is invalid.');
  const { name } = e;
  if (typeof name !== 'string' || name.length === 0) add('name', 'The name field is required.');
  else if (name.length > MAX_EVENT_NAME_LENGTH) add('name', 'The name is too long.');
  // Protocol events are the server's own: a publisher must not forge pusher:error and the like.
  else if (/^pusher(:|_internal:)/.test(name)) add('name', 'The name must not start with pusher:.');
  // Pusher wants a string; an object is sent as its JSON, like the built-in broadcaster does.
  const data = typeof e.data === 'string' ? e.data : e.data === undefined ? undefined : JSON.stringify(e.data);
  if (data === undefined) add('data', 'The data field is required.');
  else if (Buffer.byteLength(data) > HTTP_API_LIMITS.dataBytes) {
    throw new RequestRefused(413, `The data of an event must not exceed ${HTTP_API_LIMITS.dataBytes} bytes.`, {
      [`${prefix}data`]: ['The data is too large.'],
    });
  }
  if (e.socket_id !== undefined && !isValidSocketId(e.socket_id)) add('socket_id', 'The socket id format is invalid.');
  if (Object.keys(errors).some((field) => field.startsWith(prefix))) return null;
  return {
    channels: channels as string[],
    name: name as string,
    data: data as string,
    exceptSocketId: e.socket_id as string | undefined,
  };
}

function readBody(raw: string, batch: boolean): EventInput[] {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new RequestRefused(400, 'The body must be JSON.', { body: ['The body must be JSON.'] });
  }
  const errors: Errors = {};
  let events: (EventInput | null)[];
  if (!batch) events = [readEvent(body, '', errors)];
  else {
    const list = (body as { batch?: unknown } | null)?.batch;
    if (!Array.isArray(list) || list.length === 0 || list.length > HTTP_API_LIMITS.eventsPerBatch) {
      const message = `The batch field must hold 1 to ${HTTP_API_LIMITS.eventsPerBatch} events.`;
      throw new RequestRefused(400, message, { batch: [message] });
    }
    events = list.map((item, index) => readEvent(item, `batch.${index}.`, errors));
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new RequestRefused(400, first, errors);
  return events as EventInput[];
}

export function registerHttpApi(
  app: FastifyInstance<any, any, any, any, any>,
  options: HttpApiOptions,
): void {
  const maxSkewSeconds = options.maxSkewSeconds ?? 600;
  const now = options.now ?? Date.now;

  // Encapsulated: the body stays raw text here, because body_md5 is signed over the exact bytes.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: HTTP_API_LIMITS.bodyBytes }, (_req, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler((error: Error & { statusCode?: number; errors?: Errors }, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'realtime http api');
      const message = status >= 500 ? 'Server Error' : error.message;
      return reply.code(status).send({ message, errors: error.errors ?? {} });
    });

    const publish = (batch: boolean) => async (request: FastifyRequest<{ Params: { appId: string } }>) => {
      if (request.params.appId !== options.appId) {
        throw new RequestRefused(404, 'Application does not exist.', { app_id: ['Application does not exist.'] });
      }
      const url = request.raw.url ?? '';
      const cut = url.indexOf('?');
      const body = typeof request.body === 'string' ? request.body : '';
      const verdict = verifyRequestSignature(
        { method: request.method, path: cut < 0 ? url : url.slice(0, cut), query: cut < 0 ? '' : url.slice(cut + 1), body },
        { key: options.key, secret: options.secret, now: Math.floor(now() / 1000), maxSkewSeconds },
      );
      if (!verdict.ok) throw new RequestRefused(401, verdict.message, verdict.errors);
      for (const event of readBody(body, batch)) {
        await options.server.publish(event.channels, event.name, event.data, { exceptSocketId: event.exceptSocketId });
      }
      return {};
    };

    // appId: at most Fastify's maxParamLength (100), which answers 414 before any longer one gets here
    const params = { type: 'object', properties: { appId: { type: 'string', maxLength: 100 } }, required: ['appId'] };
    const schema = (summary: string) => ({ summary, tags: ['realtime'], security: [], params });
    scope.post('/apps/:appId/events', { schema: schema('Pusher HTTP API: trigger an event (signed)') }, publish(false));
    scope.post('/apps/:appId/batch_events', { schema: schema('Pusher HTTP API: trigger events (signed)') }, publish(true));
  });
}
