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

/** What a provider reports about an accepted call or SMS (its cost is logged per sign-in). */
export interface Delivered {
  /** The provider's id of the call or message. */
  providerId?: string;
  /** Roubles, as the provider charged them. */
  cost?: number;
}

export interface CallDelivered extends Delivered {
  /** The code the call really carries, when the provider picks the calling number (SMS.ru's flash call). */
  code?: string;
}

/**
 * Delivers a sign-in's push, call and SMS; resolves once the provider accepted it (a push answer comes back via
 * SsoService.answerPush). Calls and SMS reach it through the outbox (retried; a failed call moves the sign-in on to
 * the SMS at once).
 */
export interface PhoneChannel {
  readonly name: string;
  /** A push on the SIM needs an operator contract: without one a sign-in starts at the call. */
  readonly canPush: boolean;
  /** Asks the SIM of the phone to confirm the sign-in (push on the SIM). */
  sendPush(message: ChannelMessage): Promise<void>;
  /** An incoming call from a number whose last 4 digits are the code. */
  placeCall(message: CodeMessage, signal?: AbortSignal): Promise<CallDelivered | void>;
  sendSms(message: CodeMessage, signal?: AbortSignal): Promise<Delivered | void>;
}
