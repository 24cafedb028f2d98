import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { HttpError } from './http-error';
import { formatValidation } from './validation';

/** A fixed message for a framework-level error status: never the framework's text, which may echo the input. */
export function statusMessage(status: number): string {
  switch (status) {
    case 400:
      return 'The request could not be understood.';
    case 408:
      return 'Request Timeout.';
    case 413:
      return 'The request body is too large.';
    case 414:
      return 'The request URI is too long.';
    case 415:
      return 'Unsupported Media Type.';
    case 431:
      return 'The request header fields are too large.';
    default: {
      const text = STATUS_CODES[status];
      return text ? `${text}.` : 'The request could not be understood.';
    }
  }
}

/** `{ message, errors }` for a framework error with this status. */
export const frameworkErrorBody = (status: number) => ({ message: statusMessage(status), errors: {} });

/** The status a framework error answers with (always a 4xx for what the client sent). */
function frameworkStatus(error: { statusCode?: number; code?: string }): number {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return 414;
  if (error.code === 'FST_ERR_BAD_URL') return 400;
  const status = error.statusCode ?? 400;
  return status >= 400 && status < 500 ? status : 400;
}

/**
 * Fastify's `frameworkErrors`: errors raised while routing, before any route or error handler (a path parameter
 * longer than maxParamLength → 414, an undecodable URL → 400). Answered in the api's shape, the path never echoed.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = frameworkStatus(error);
  void reply.code(status).send(frameworkErrorBody(status));
}

/**
 * The server's `clientError` handler: what Node's HTTP parser refuses before Fastify sees a request (a request line or
 * headers over the limit → 431, a malformed request → 400, a timeout → 408). Written raw on the socket as JSON.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 408
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : error.code === 'HPE_URI_TOO_LONG'
          ? 414
          : 400;
  const body = JSON.stringify(frameworkErrorBody(status));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Server options that route the framework's own errors to the api's error shape (used by buildApp). */
export const errorServerOptions = {
  frameworkErrors,
  clientErrorHandler,
} satisfies Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'>;

/**
 * `{ message, errors }` for an error answer that has a message but no `errors` (a route's own `reply.send`, an
 * HttpError without fields): clients read one shape whatever answered. Other payloads are left as they are.
 */
export function withErrors(payload: unknown): unknown {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return payload;
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    if (typeof body.message !== 'string' || 'errors' in body) return payload;
    return JSON.stringify({ ...body, errors: {} });
  } catch {
    return payload;
  }
}

/** One JSON error shape for the whole api: `{ message, errors }`; never a 500 for bad input. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send({ message: 'Not Found.', errors: {} });
  });

  // Every error answer of every route carries `errors` (an object, empty when no field is to blame).
  app.addHook('onSend', async (_request, reply, payload) =>
    reply.statusCode >= 400 && /json/.test(String(reply.getHeader('content-type') ?? '')) ? withErrors(payload) : payload,
  );

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if ('validation' in error && error.validation) {
      return reply.code(422).send(formatValidation(error.validation));
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ message: error.message, errors: error.errors ?? {} });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ message: 'Too Many Attempts.', errors: {} });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, unsupported media type, body too large …): a fixed message, since
      // the framework's text may quote what was sent (a content type, a JSON fragment, the path).
      return reply.code(status).send(frameworkErrorBody(status));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Server Error', errors: {} });
  });
}
