import type { SmsRuConfig } from '../../provider-config';
import { PermanentDeliveryError } from '../outbox/outbox';
import type { CallDelivered, ChannelMessage, CodeMessage, Delivered, PhoneChannel } from './channel';

/**
 * SMS.ru (sms.ru/api): a Russian provider with a documented HTTP API for both stages we need — the flash call
 * (`/code/call`: SMS.ru calls from a random number and tells us its last 4 digits, 0.40 ₽ in Russia) and SMS
 * (`/sms/send`, delivery state by `/sms/status`). Chosen over SMSC.ru for the call-code method that names the code
 * itself (no pool of our own numbers) and one api_id for everything. Parameters go in a POST form, so the api_id is
 * never part of a URL (nor of a log line). A push on the SIM needs an operator contract: this channel has none, so
 * a sign-in starts at the call.
 */

interface SmsRuAnswer {
  status: 'OK' | 'ERROR';
  status_code: number;
  status_text?: string;
}

interface CallAnswer extends SmsRuAnswer {
  code?: string;
  call_id?: string;
  cost?: number;
}

interface SendAnswer extends SmsRuAnswer {
  sms?: Record<string, SmsRuAnswer & { sms_id?: string; cost?: number }>;
}

interface StatusAnswer extends SmsRuAnswer {
  sms?: Record<string, SmsRuAnswer & { cost?: number }>;
}

/** SMS.ru's errors that another attempt cannot fix: a wrong number or text (2xx codes), the account itself (3xx). */
const isPermanent = (code: number) => code >= 200 && code < 400 && code !== 220;

/** A message's delivery state from `/sms/status`: 103 delivered; 104–108 and 150 will never be. */
export type SmsState = 'queued' | 'delivered' | 'failed';

export class SmsRuChannel implements PhoneChannel {
  readonly name = 'smsru';
  readonly canPush = false;

  constructor(
    private readonly config: SmsRuConfig,
    private readonly timeoutMs: number,
  ) {}

  async sendPush(_message: ChannelMessage): Promise<void> {
    throw new Error('SMS.ru has no push on the SIM: the sign-in starts at the call');
  }

  async placeCall({ phone }: CodeMessage, signal?: AbortSignal): Promise<CallDelivered> {
    const answer = await this.call<CallAnswer>('/code/call', { phone }, signal);
    this.check(answer, 'call');
    if (!answer.code || !/^\d{4}$/.test(answer.code)) throw new Error('SMS.ru call: the answer has no 4-digit code');
    return { code: answer.code, providerId: answer.call_id, cost: answer.cost };
  }

  async sendSms({ phone, code }: CodeMessage, signal?: AbortSignal): Promise<Delivered> {
    const params: Record<string, string> = { to: phone, msg: `Excursio: код для входа ${code}. Никому его не сообщайте.` };
    if (this.config.from) params.from = this.config.from;
    const answer = await this.call<SendAnswer>('/sms/send', params, signal);
    this.check(answer, 'sms');
    const one = answer.sms?.[phone];
    if (!one) throw new Error('SMS.ru sms: the answer does not name the number');
    this.check(one, 'sms');
    return { providerId: one.sms_id, cost: one.cost };
  }

  /** The delivery state of a sent SMS. */
  async smsState(smsId: string, signal?: AbortSignal): Promise<SmsState> {
    const answer = await this.call<StatusAnswer>('/sms/status', { sms_id: smsId }, signal);
    this.check(answer, 'sms status');
    const code = answer.sms?.[smsId]?.status_code ?? 0;
    if (code === 103) return 'delivered';
    if ((code >= 104 && code <= 108) || code === 150 || code < 0) return 'failed';
    return 'queued';
  }

  private check(answer: SmsRuAnswer, what: string): void {
    if (answer.status === 'OK') return;
    const text = `SMS.ru ${what}: ${answer.status_code} ${answer.status_text ?? ''}`.trim();
    throw isPermanent(answer.status_code) ? new PermanentDeliveryError(text) : new Error(text);
  }

  private async call<T>(path: string, params: Record<string, string>, signal?: AbortSignal): Promise<T> {
    const body = new URLSearchParams({ ...params, api_id: this.config.apiId, json: '1' });
    let response: Response;
    try {
      response = await fetch(`${this.config.apiUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: signal ?? AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new Error(`SMS.ru ${path}: ${error instanceof Error ? error.name : 'network error'}`, { cause: error });
    }
    if (!response.ok) throw new Error(`SMS.ru ${path}: HTTP ${response.status}`);
    try {
      return (await response.json()) as T;
    } catch {
      throw new Error(`SMS.ru ${path}: the answer is not JSON`);
    }
  }
}
