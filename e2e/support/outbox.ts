import { expect, type APIRequestContext } from '@playwright/test';
import type { OutboxEntry } from '@excursio/shared/contracts';

/** What the development PhoneChannel "sent" to a phone, newest first (GET /api/dev/outbox, APP_ENV=development). */
export async function outboxOf(request: APIRequestContext, phone: string): Promise<OutboxEntry[]> {
  const res = await request.get(`/api/dev/outbox?phone=${phone}`);
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: OutboxEntry[] }).data;
}

/** The id of the newest outbox entry of a phone (0 when none): later entries are the ones a test waits for. */
export async function lastOutboxId(request: APIRequestContext, phone: string): Promise<number> {
  return (await outboxOf(request, phone))[0]?.id ?? 0;
}

/** Wait until the channel sent something to the phone after entry `afterId`, and return it. */
export async function waitForOutbox(
  request: APIRequestContext,
  phone: string,
  channel: OutboxEntry['channel'],
  afterId: number,
  timeout = 25_000,
): Promise<OutboxEntry> {
  let found: OutboxEntry | undefined;
  await expect
    .poll(
      async () => {
        found = (await outboxOf(request, phone)).find((e) => e.channel === channel && e.id > afterId);
        return found !== undefined;
      },
      { timeout, message: `no ${channel} to ${phone} in the dev outbox` },
    )
    .toBe(true);
  return found!;
}

/** Answer a push on the SIM as the phone's owner would. */
export async function answerPush(request: APIRequestContext, entry: OutboxEntry, answer: 'confirm' | 'decline'): Promise<void> {
  const res = await request.post(`/api/dev/outbox/${entry.id}/${answer}`);
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** The 4 digits a visitor enters: the SMS code, or the last 4 digits of the calling number. */
export function codeOf(entry: OutboxEntry): string {
  const source = entry.channel === 'call' ? entry.calling_number ?? entry.code : entry.code;
  const code = (source ?? '').slice(-4);
  expect(code, `outbox entry ${entry.id} has no code`).toMatch(/^\d{4}$/);
  return code;
}

/** A phone nobody used yet in this run (a new customer account on first sign-in): 7 999 5XX XX XX. */
export function freshPhone(): string {
  return `79995${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
}
