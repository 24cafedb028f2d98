import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { MailConfig } from '../../provider-config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Stable per outbox row: a resent letter carries the same Message-ID (receivers drop the duplicate). */
  messageId?: string;
  /** The reminders' opt-out (RFC 8058 one-click as well as the link in the text). */
  unsubscribeUrl?: string;
}

/**
 * Where e-mail goes: SMTP (SMTP_URL) in production, the development outbox elsewhere. Every letter reaches it through
 * the outbox (features/outbox): `send` resolves once the server accepted the letter, and a failure is retried there.
 */
export interface MailChannel {
  readonly name: string;
  send(message: MailMessage, signal?: AbortSignal): Promise<{ messageId?: string } | void>;
}

/** Development and tests: the message is stored in `mail_outbox` (read by `/api/dev/mail`) and printed. */
export function devMailChannel(db: Database, print: (line: string) => void = console.log): MailChannel {
  return {
    name: 'dev',
    async send(message) {
      await db.insert(mailOutbox).values({ to: message.to, subject: message.subject, text: message.text });
      print(`[mail] to ${message.to}: ${message.subject}`);
    },
  };
}

/** nodemailer over SMTP: the text and HTML parts, the sender of MAIL_FROM. */
export function smtpMailChannel(config: MailConfig, timeoutMs: number): MailChannel {
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  } as SMTPTransport.Options);
  return {
    name: 'smtp',
    async send(message) {
      const info = await transport.sendMail({
        from: config.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.messageId ? { messageId: message.messageId } : {}),
        ...(message.unsubscribeUrl
          ? { list: { unsubscribe: { url: message.unsubscribeUrl, comment: 'Отписаться от напоминаний' } }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
          : {}),
      });
      return { messageId: info.messageId };
    },
  };
}
