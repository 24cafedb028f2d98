import { defaultRuntimeConfig, getRuntimeConfig, loadRuntimeConfig } from './runtimeConfig';

describe('runtime config', () => {
  it('loads /config.json and merges it over the defaults', async () => {
    const fetchImpl = jest.fn(async () => new Response(JSON.stringify({ apiBase: 'https://api.x', realtime: { key: 'k' } })));
    const cfg = await loadRuntimeConfig('/config.json', fetchImpl);
    expect(cfg.apiBase).toBe('https://api.x');
    expect(cfg.realtime.key).toBe('k');
    expect(cfg.realtime.authEndpoint).toBe(defaultRuntimeConfig.realtime.authEndpoint);
    expect(getRuntimeConfig()).toBe(cfg);
  });
  it('falls back to the defaults when the file is missing', async () => {
    const cfg = await loadRuntimeConfig('/config.json', jest.fn(async () => new Response('', { status: 404 })));
    expect(cfg).toEqual(defaultRuntimeConfig);
  });
});
