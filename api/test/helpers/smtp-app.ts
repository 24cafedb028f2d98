// An app whose letters go over SMTP (nodemailer) to a real local SMTP server (fakes/smtp.ts), for a suite.
import { after, before } from 'node:test';
import { startTestSmtp, type TestSmtp } from '../fakes/smtp';
import { useTestApp, type TestContext } from './app';
import type { DatabaseKind } from './database';

/**
 * Registers the suite's SMTP server (started first: the app reads SMTP_URL when it is built) and the app sending to
 * it, from MAIL_FROM, with links to `site`. Read `smtp` inside tests only.
 */
export function useSmtpTestApp(kind: DatabaseKind, site: string): { ctx: TestContext; smtp: TestSmtp } {
  let server: TestSmtp | undefined;
  const env: Record<string, string> = { MAIL_FROM: 'Excursio <noreply@excursio.example>', PUBLIC_URL: site };
  before(async () => {
    server = await startTestSmtp();
    env.SMTP_URL = server.url;
  });
  after(async () => server?.close());
  const ctx = useTestApp(kind, { env });
  const smtp: TestSmtp = {
    get port() {
      return server!.port;
    },
    get url() {
      return server!.url;
    },
    get received() {
      return server!.received;
    },
    get down() {
      return server!.down;
    },
    set down(value: boolean) {
      server!.down = value;
    },
    close: () => server!.close(),
  };
  return { ctx, smtp };
}
