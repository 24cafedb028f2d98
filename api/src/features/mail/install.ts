import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { devMailChannel, smtpMailChannel, type MailChannel } from '../account/mail';
import type { Outbox } from '../outbox/outbox';
import { mailHandler } from './handler';

/**
 * The e-mail channel of this api: SMTP when SMTP_URL is set; otherwise the development outbox (mail_outbox) outside
 * production; none in production without SMTP (e-mail confirmation answers 503, letters wait in the outbox).
 */
export function installMail(options: { config: Config; db: Database; outbox: Outbox; log: Pick<FastifyBaseLogger, 'warn'> }): MailChannel | null {
  const { config, db, outbox } = options;
  const channel = config.providers.mail
    ? smtpMailChannel(config.providers.mail, config.outbox.timeoutMs)
    : config.appEnv === 'production'
      ? null
      : devMailChannel(db, config.appEnv === 'test' ? () => undefined : console.log);
  if (!channel) {
    options.log.warn('SMTP_URL is not set: e-mail confirmation answers 503 and letters wait in the outbox');
    return null;
  }
  // development without PUBLIC_URL: the site's first configured origin (http://localhost:3000 by default)
  const site = config.publicUrl ?? config.frontendOrigins[0] ?? 'http://localhost:3000';
  outbox.handle('email', mailHandler(channel, { site, secret: config.realtime.secret }));
  return channel;
}
