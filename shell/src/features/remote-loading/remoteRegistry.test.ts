import { createEventBus } from '@excursio/shared';
import { createRemoteRegistry, fetchRemoteList, RemoteUnavailableError, type FederationRuntime } from './remoteRegistry';

function fakeRuntime(modules: Record<string, unknown>): FederationRuntime & { registered: unknown[]; loadRemote: jest.Mock } {
  const registered: unknown[] = [];
  return {
    registered,
    registerRemotes: (remotes, options) => registered.push(...remotes.map((r) => (options?.force ? { ...r, force: true } : r))),
    loadRemote: jest.fn(async (id: string) => {
      if (!(id in modules)) throw new Error(`no ${id}`);
      return modules[id] as never;
    }),
  };
}

describe('remote registry', () => {
  it('registers the remotes of /remotes.json before loading', async () => {
    const runtime = fakeRuntime({ 'mfe_catalog/routes': { default: [] } });
    const registry = createRemoteRegistry({
      remotes: Promise.resolve({ mfe_catalog: 'http://c/remoteEntry.js' }),
      runtime,
      bus: createEventBus(),
    });
    await expect(registry.load('mfe_catalog/routes')).resolves.toEqual({ default: [] });
    expect(runtime.registered).toEqual([{ name: 'mfe_catalog', entry: 'http://c/remoteEntry.js' }]);
  });

  it('reads the full list for a remote the inlined one leaves out, once, registering only what is new', async () => {
    const runtime = fakeRuntime({ 'mfe_catalog/routes': { default: [] }, 'mfe_backoffice/routes': { default: [] } });
    const more = jest.fn(async () => ({ mfe_catalog: 'http://c/remoteEntry.js', mfe_backoffice: 'http://b/remoteEntry.js' }));
    const registry = createRemoteRegistry({ remotes: Promise.resolve({ mfe_catalog: 'http://c/remoteEntry.js' }), runtime, bus: createEventBus(), more });
    await registry.load('mfe_catalog/routes');
    expect(more).not.toHaveBeenCalled();
    await expect(registry.load('mfe_backoffice/routes')).resolves.toEqual({ default: [] });
    expect(more).toHaveBeenCalledTimes(1);
    expect(runtime.registered).toEqual([
      { name: 'mfe_catalog', entry: 'http://c/remoteEntry.js' },
      { name: 'mfe_backoffice', entry: 'http://b/remoteEntry.js' },
    ]);
  });

  it('replaces a remote with another release: registered again by force, its loaded modules loaded again from it', async () => {
    const modules: Record<string, unknown> = { 'mfe_catalog/routes': { default: ['A'] }, 'mfe_auth/AuthModal': { default: 'modal' } };
    const runtime = fakeRuntime(modules);
    const registry = createRemoteRegistry({ remotes: Promise.resolve({ mfe_catalog: 'http://c/a/remoteEntry.js', mfe_auth: 'http://a/remoteEntry.js' }), runtime, bus: createEventBus() });
    await registry.load('mfe_catalog/routes');
    await registry.load('mfe_auth/AuthModal');
    modules['mfe_catalog/routes'] = { default: ['B'] };
    expect(registry.replace('mfe_catalog', 'http://c/b/remoteEntry.js')).toEqual(['mfe_catalog/routes']);
    expect(runtime.registered.at(-1)).toEqual({ name: 'mfe_catalog', entry: 'http://c/b/remoteEntry.js', force: true });
    await expect(registry.load('mfe_catalog/routes')).resolves.toEqual({ default: ['B'] });
    await registry.load('mfe_auth/AuthModal');
    expect(runtime.loadRemote.mock.calls.map(([id]) => id)).toEqual(['mfe_catalog/routes', 'mfe_auth/AuthModal', 'mfe_catalog/routes']);
  });

  it('announces loading on the bus and loads a module once', async () => {
    const bus = createEventBus();
    const events: string[] = [];
    bus.on('loading:start', ({ id }) => events.push(`start ${id}`));
    bus.on('loading:finish', ({ id }) => events.push(`finish ${id}`));
    const runtime = fakeRuntime({ 'mfe_auth/AuthModal': { default: () => null } });
    const registry = createRemoteRegistry({ remotes: Promise.resolve({}), runtime, bus });
    await registry.load('mfe_auth/AuthModal');
    await registry.load('mfe_auth/AuthModal');
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    expect(events).toEqual(['start remote:mfe_auth/AuthModal#1', 'finish remote:mfe_auth/AuthModal#1']);
  });

  it('rejects with RemoteUnavailableError and tries again on the next load', async () => {
    const bus = createEventBus();
    const finished = jest.fn();
    bus.on('loading:finish', finished);
    const runtime = fakeRuntime({});
    const registry = createRemoteRegistry({ remotes: Promise.resolve({}), runtime, bus });
    await expect(registry.load('mfe_user_account/routes')).rejects.toBeInstanceOf(RemoteUnavailableError);
    await expect(registry.load('mfe_user_account/routes')).rejects.toThrow('mfe_user_account/routes is unavailable');
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    expect(finished).toHaveBeenCalledTimes(2);
  });

  it('fails every load when /remotes.json could not be read', async () => {
    const runtime = fakeRuntime({ 'mfe_catalog/routes': { default: [] } });
    const registry = createRemoteRegistry({ remotes: Promise.reject(new Error('404')), runtime, bus: createEventBus() });
    await expect(registry.load('mfe_catalog/routes')).rejects.toBeInstanceOf(RemoteUnavailableError);
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('treats an empty module and a hanging remote as unavailable', async () => {
    const runtime: FederationRuntime = {
      registerRemotes: () => undefined,
      loadRemote: async <T,>(id: string) => (id === 'a/x' ? null : new Promise<T>(() => undefined)),
    };
    const registry = createRemoteRegistry({ remotes: Promise.resolve({}), runtime, bus: createEventBus(), timeoutMs: 20 });
    await expect(registry.load('a/x')).rejects.toBeInstanceOf(RemoteUnavailableError);
    await expect(registry.load('b/x')).rejects.toBeInstanceOf(RemoteUnavailableError);
  });
});

describe('fetchRemoteList', () => {
  it('keeps the string entries of the JSON object', async () => {
    const fetchImpl = jest.fn(async () => new Response(JSON.stringify({ mfe_auth: 'http://a/remoteEntry.js', bad: 3 })));
    await expect(fetchRemoteList('/remotes.json', fetchImpl as unknown as typeof fetch)).resolves.toEqual({
      mfe_auth: 'http://a/remoteEntry.js',
    });
  });

  it('rejects on an HTTP error or a non-object body', async () => {
    const notFound = jest.fn(async () => new Response('nope', { status: 404 }));
    await expect(fetchRemoteList('/remotes.json', notFound as unknown as typeof fetch)).rejects.toThrow('HTTP 404');
    const list = jest.fn(async () => new Response('[]'));
    await expect(fetchRemoteList('/remotes.json', list as unknown as typeof fetch)).rejects.toThrow('not an object');
  });
});

describe('remote registry and releases', () => {
  it('knows the remotes it loaded from; a failed remote that moved to another release waits for the page load', async () => {
    const runtime = fakeRuntime({ 'mfe_catalog/routes': { default: [] } });
    const recover = jest.fn(async (remote: string) => (remote === 'mfe_auth' ? ('reload' as const) : ('retry' as const)));
    const registry = createRemoteRegistry({
      remotes: Promise.resolve({ mfe_catalog: 'http://c/remoteEntry.js', mfe_auth: 'http://a/remoteEntry.js', mfe_user_account: 'http://u/remoteEntry.js' }),
      runtime,
      bus: createEventBus(),
      recover,
    });
    await registry.load('mfe_catalog/routes');
    expect([...registry.used()]).toEqual(['mfe_catalog']);
    await expect(registry.load('mfe_user_account/routes')).rejects.toBeInstanceOf(RemoteUnavailableError);
    let settled = false;
    void registry.load('mfe_auth/AuthModal').finally(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    expect(recover.mock.calls.map(([remote]) => remote)).toEqual(['mfe_user_account', 'mfe_auth']);
    expect([...registry.used()]).toEqual(['mfe_catalog']);
  });
});
