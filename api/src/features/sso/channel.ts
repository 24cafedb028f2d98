import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { DevPhoneChannel } from './dev-channel';

/** What a channel needs to reach the phone of one sign-in request. */
export interface ChannelMessage {
  /** The sign-in request (internal id): a push answer names it when it comes back. */
  requestId: number;
  /** Digits only, international. */
  phone: string;
}

export interface CodeMessage extends ChannelMessage {
  /** The 4-digit code: sent by SMS, or the last 4 digits of the number a call comes from. */
  code: string;
}

/**
 * Delivers the confirmations of a phone sign-in. A push is answered asynchronously: the adapter (or its
 * provider's webhook) reports the answer through `SsoService.answerPush(requestId, …)`.
 * Each method resolves once the provider has accepted the message and rejects when it could not.
 */
export interface PhoneChannel {
  readonly name: string;
  /** Asks the SIM of the phone to confirm the sign-in (push on the SIM). */
  sendPush(message: ChannelMessage): Promise<void>;
  /** An incoming call from a number whose last 4 digits are the code. */
  placeCall(message: CodeMessage): Promise<void>;
  sendSms(message: CodeMessage): Promise<void>;
}

export interface ChannelOptions {
  /** Where the development channel prints what it sends; nothing is printed without it. */
  print?: ((line: string) => void) | undefined;
}

/** The channel chosen by SSO_CHANNEL, or null when none is configured (production without a real channel). */
export function createPhoneChannel(config: Config, db: Database, options: ChannelOptions = {}): PhoneChannel | null {
  switch (config.sso.channel) {
    case 'dev':
      return new DevPhoneChannel(db, { print: options.print, now: config.sso.now ?? Date.now });
    case null:
      return null;
  }
}
