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

/** Delivers a sign-in's push, call and SMS; resolves once the provider accepted it (a push answer comes back via SsoService.answerPush). */
export interface PhoneChannel {
  readonly name: string;
  /** Asks the SIM of the phone to confirm the sign-in (push on the SIM). */
  sendPush(message: ChannelMessage): Promise<void>;
  /** An incoming call from a number whose last 4 digits are the code. */
  placeCall(message: CodeMessage): Promise<void>;
  sendSms(message: CodeMessage): Promise<void>;
}
