import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './http-error';
import { formatValidation } from './validation';

/** One JSON error shape for the whole api: `{ message, errors? }`; never a 500 for bad input. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send({ message: 'Not Found.' });
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if ('validation' in error && error.validation) {
      return reply.code(422).send(formatValidation(error.validation));
    }
    if (error instanceof HttpError) {
      const body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
      return reply.code(error.statusCode).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ message: 'Too Many Attempts.' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, unsupported media type, body too large …): plain English.
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Server Error' });
  });
}
