// A real SMTP server for the tests (the smtp-server package): AUTH PLAIN/LOGIN with one account, no TLS, every
// message parsed (mailparser) and kept. `down` refuses connections the way a server in trouble does (421).
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  port: number;
  url: string;
  received: ParsedMail[];
  down: boolean;
  close(): Promise<void>;
}

export async function startTestSmtp(account = { user: 'excursio', pass: 'smtp-p@ss' }): Promise<TestSmtp> {
  const box = { received: [] as ParsedMail[], down: false } as TestSmtp;
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, callback) {
      if (!box.down) return callback();
      const error = Object.assign(new Error('Service not available, try again later'), { responseCode: 421 });
      return callback(error);
    },
    onAuth(auth, _session, callback) {
      if (auth.username === account.user && auth.password === account.pass) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          box.received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  box.port = (server.server.address() as AddressInfo).port;
  box.url = `smtp://${encodeURIComponent(account.user)}:${encodeURIComponent(account.pass)}@127.0.0.1:${box.port}`;
  box.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return box;
}
