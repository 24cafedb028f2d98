import { setRuntimeConfig } from '@excursio/shared';
import { createEchoClient } from './echoClient';

const built: Array<{ key: string; options: Record<string, unknown>; errors: Array<(e: unknown) => void> }> = [];

jest.mock('pusher-js', () => ({
  __esModule: true,
  default: class FakePusher {
    connection: { bind: (event: string, cb: (e: unknown) => void) => void };
    constructor(key: string, options: Record<string, unknown>) {
      const errors: Array<(e: unknown) => void> = [];
      this.connection = { bind: (event, cb) => event === 'error' && errors.push(cb) };
      built.push({ key, options, errors });
    }
  },
}));

afterEach(() => {
  built.length = 0;
  setRuntimeConfig({});
});

describe('createEchoClient', () => {
  it('builds laravel-echo over pusher-js from the runtime config, with the bearer token on channel auth', async () => {
    setRuntimeConfig({
      apiBase: 'https://api.excursio.example',
      realtime: { key: 'k1', wsHost: 'ws.excursio.example', wsPort: 6001, forceTLS: true, authEndpoint: '/socket/broadcasting/auth' },
    });
    const client = await createEchoClient('secret-token');
    expect(typeof client.private).toBe('function');
    expect(built).toHaveLength(1);
    expect(built[0]?.key).toBe('k1');
    expect(built[0]?.options).toMatchObject({
      broadcaster: 'pusher',
      cluster: 'mt1',
      wsHost: 'ws.excursio.example',
      wsPort: 6001,
      wssPort: 6001,
      forceTLS: true,
      enabledTransports: ['ws', 'wss'],
      authEndpoint: 'https://api.excursio.example/socket/broadcasting/auth',
      auth: { headers: { Authorization: 'Bearer secret-token' } },
    });
  });

  it('reports a token the server refused (4009), and no other error', async () => {
    setRuntimeConfig({ realtime: { key: 'k', wsHost: '', wsPort: 0, forceTLS: false, authEndpoint: '/socket/broadcasting/auth' } });
    const refused = jest.fn();
    await createEchoClient('t', refused);
    const [onError] = built[0]!.errors;
    onError!({ type: 'PusherError', data: { code: 4201, message: 'Pong reply not received' } });
    expect(refused).not.toHaveBeenCalled();
    onError!({ type: 'PusherError', data: { code: 4009, message: 'The session has ended.' } });
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('uses the page’s own origin when the config leaves host and port empty (the shell proxies /app)', async () => {
    setRuntimeConfig({ realtime: { key: 'k', wsHost: '', wsPort: 0, forceTLS: false, authEndpoint: '/socket/broadcasting/auth' } });
    await createEchoClient('t');
    expect(built[0]?.options).toMatchObject({ wsHost: location.hostname, wsPort: 80, forceTLS: false, authEndpoint: '/socket/broadcasting/auth' });
  });
});
