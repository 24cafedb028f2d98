import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Where e-mail goes. No real provider ships yet: production without one answers 503 to e-mail confirmation. */
export interface MailChannel {
  send(message: MailMessage): Promise<void>;
}

/** Development and tests: the message is stored in `mail_outbox` (read by `/api/dev/mail`) and printed. */
export function devMailChannel(db: Database, print: (line: string) => void = console.log): MailChannel {
  return {
    async send(message) {
      await db.insert(mailOutbox).values(message);
      print(`[mail] to ${message.to}: ${message.subject}`);
    },
  };
}
