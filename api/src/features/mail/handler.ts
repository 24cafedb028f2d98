import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MailChannel } from '../account/mail';
import type { OutboxHandler } from '../outbox/outbox';
import { renderLetter, type Letter } from './letters';

export const UNSUBSCRIBE_PATH = '/api/mail/unsubscribe';

/** The unsubscribe token of an account: an HMAC of its id with the server secret (nothing stored, nothing to guess). */
export function unsubscribeToken(secret: string, userId: number): string {
  return createHmac('sha256', secret).update(`unsubscribe-reminders:${userId}`).digest('hex').slice(0, 32);
}

export function unsubscribeTokenMatches(secret: string, userId: number, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, userId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The outbox's e-mail handler: renders the stored letter (text + HTML) and hands it to the channel. */
export function mailHandler(channel: MailChannel, options: { site: string; secret: string }): OutboxHandler {
  return {
    async deliver(row, { signal }) {
      const letter = row.payload as unknown as Letter;
      const unsubscribeUrl =
        letter.unsubscribeUserId === undefined
          ? null
          : `${options.site}${UNSUBSCRIBE_PATH}?user=${letter.unsubscribeUserId}&token=${unsubscribeToken(options.secret, letter.unsubscribeUserId)}`;
      const { text, html } = renderLetter(letter, options.site, unsubscribeUrl);
      const sent = await channel.send(
        {
          to: letter.to,
          subject: letter.subject,
          text,
          html,
          messageId: `<outbox-${row.id}-${row.createdAt.getTime()}@excursio>`,
          ...(unsubscribeUrl ? { unsubscribeUrl } : {}),
        },
        signal,
      );
      return { channel: channel.name, ...(sent?.messageId ? { message_id: sent.messageId } : {}) };
    },
  };
}
