import { randomInt } from 'node:crypto';
import type { OutboxEntry } from '@excursio/shared/contracts';
import { ssoOutbox, type SsoOutboxRow } from '../../db/schema';
import type { Database } from '../../db/client';
import type { ChannelMessage, CodeMessage, PhoneChannel } from './channel';

export interface DevChannelOptions {
  print?: ((line: string) => void) | undefined;
  now: () => number;
}

/** The development PhoneChannel: nothing leaves the machine, every message goes to the outbox table and the console. */
export class DevPhoneChannel implements PhoneChannel {
  readonly name = 'dev';
  readonly canPush = true;

  constructor(
    private readonly db: Database,
    private readonly options: DevChannelOptions,
  ) {}

  async sendPush({ requestId, phone }: ChannelMessage): Promise<void> {
    const entry = await this.write({ authRequestId: requestId, channel: 'push', phone });
    this.print(`push to ${phone}: confirm with POST /api/dev/outbox/${entry.id}/confirm (or /decline)`);
  }

  async placeCall({ requestId, phone, code }: CodeMessage): Promise<void> {
    const callingNumber = devCallingNumber(code);
    await this.write({ authRequestId: requestId, channel: 'call', phone, code: callingNumber, callingNumber });
    this.print(`call to ${phone} from ${callingNumber}: code ${code}`);
  }

  async sendSms({ requestId, phone, code }: CodeMessage): Promise<void> {
    await this.write({ authRequestId: requestId, channel: 'sms', phone, code });
    this.print(`SMS to ${phone}: code ${code}`);
  }

  private async write(values: Omit<typeof ssoOutbox.$inferInsert, 'createdAt'>): Promise<SsoOutboxRow> {
    const [row] = await this.db
      .insert(ssoOutbox)
      .values({ ...values, createdAt: new Date(this.options.now()) })
      .returning();
    if (!row) throw new Error('the outbox entry was not written');
    return row;
  }

  private print(line: string): void {
    this.options.print?.(`[outbox] ${line}`);
  }
}

/** A Moscow-looking number (7 495 …) ending in the code: 11 digits. */
export function devCallingNumber(code: string): string {
  return `7495${String(randomInt(0, 1000)).padStart(3, '0')}${code}`;
}

/** The OutboxEntry contract of an outbox row. */
export function toOutboxEntry(row: SsoOutboxRow): OutboxEntry {
  return {
    id: row.id,
    channel: row.channel,
    phone: row.phone,
    code: row.code,
    calling_number: row.callingNumber,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
