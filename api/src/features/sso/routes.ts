import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Deps } from '../../deps';
import type { PhoneChannel } from './channel';
import { DevPhoneChannel } from './dev-channel';
import { installSsoDelivery } from './delivery';
import { SmsRuChannel } from './smsru';
import { createSsoLimits } from './limits';
import { outboxRoutes } from './outbox-routes';
import { modalSignInRoutes } from './modal-routes';
import { phoneChangeRoutes } from './phone-change-routes';
import { separateSignInRoutes } from './separate-routes';
import { SsoService } from './service';

/** The channel chosen by SSO_CHANNEL, or null when none is configured (production without a real channel). */
function createPhoneChannel(config: Config, db: Database, print: ((line: string) => void) | undefined): PhoneChannel | null {
  switch (config.sso.channel) {
    case 'dev':
      return new DevPhoneChannel(db, { print, now: config.sso.now ?? Date.now });
    case 'smsru':
      return config.providers.smsru ? new SmsRuChannel(config.providers.smsru, config.outbox.timeoutMs) : null;
    case null:
      return null;
  }
}

/**
 * Phone sign-in: the modal's routes and the separate flow over one SsoService, the PhoneChannel chosen by
 * SSO_CHANNEL, and — with APP_ENV=development and the dev channel only — the outbox at /api/dev/outbox.
 */
export const ssoRoutes: FastifyPluginAsync<Deps> = async (app, { config, db, auth, outbox }) => {
  // The dev channel prints on the api console (the test runner stays quiet).
  const print = config.appEnv === 'test' ? undefined : (line: string) => console.log(line);
  const channel = createPhoneChannel(config, db, print);
  if (!channel) {
    app.log.warn('SSO_CHANNEL is not set: phone sign-in answers 503 until a channel is configured');
  } else if (channel.name === 'dev' && config.appEnv === 'production') {
    app.log.warn('SSO_CHANNEL=dev in production: sign-in codes are only printed on the api console');
  }
  const service = new SsoService({ db, sso: config.sso, tokenTtlDays: config.tokenTtlDays, channel, outbox, log: app.log });
  if (channel) installSsoDelivery({ outbox, channel, db, log: app.log, onCallFailed: (id) => service.callFailed(id) });
  const limits = createSsoLimits(app, config.sso);
  await app.register(modalSignInRoutes, { service, limits });
  await app.register(separateSignInRoutes, { service, limits });
  await app.register(phoneChangeRoutes, { service, limits, auth });
  if (config.appEnv === 'development' && channel?.name === 'dev') await app.register(outboxRoutes, { db, service });
};
