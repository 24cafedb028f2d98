import { createInPlaceSwitch, manifestAllows } from './inPlaceRelease';

const A = 'http://c/mfe-catalog/aaaaaaaaaaaa/remoteEntry.1234abcd.js';
const B = 'http://c/mfe-catalog/bbbbbbbbbbbb/remoteEntry.js';
const manifest = (allows: boolean) => ({ metaData: { name: 'mfe_catalog', ...(allows ? { inPlaceRelease: true } : {}) } });

function setup(manifests: Record<string, unknown>, loadFails = false) {
  const fetchImpl = jest.fn(async (url: string) => {
    const body = manifests[url];
    return { ok: body !== undefined, status: body === undefined ? 404 : 200, json: async () => body } as Response;
  });
  const order: string[] = [];
  const registry = {
    replace: jest.fn((remote: string, entry: string) => {
      order.push(`replace ${remote} ${entry}`);
      return [`${remote}/routes`];
    }),
    load: jest.fn(async (id: string) => {
      order.push(`load ${id}`);
      if (loadFails) throw new Error('404');
      return {} as never;
    }),
  };
  const dropRoutes = jest.fn((remote: string) => order.push(`drop ${remote}`));
  const switched = jest.fn();
  const scope: Record<string, unknown> = { rspackChunkmfe_catalog: [[[1], {}]], rspackChunkmfe_auth: [] };
  const sw = createInPlaceSwitch({ registry, dropRoutes, switched, serverRendered: () => 'mfe_catalog', fetchImpl: fetchImpl as unknown as typeof fetch, doc: document, scope });
  return { sw, fetchImpl, registry, dropRoutes, switched, scope, order };
}

const link = (href: string, key?: string) => {
  const el = document.createElement('link');
  el.rel = 'stylesheet';
  el.setAttribute('href', href);
  if (key) el.setAttribute('data-rspack', key);
  document.head.append(el);
  return el;
};

describe('in-place switch of a released remote', () => {
  afterEach(() => document.head.replaceChildren());

  it('reads the flag from a build manifest', () => {
    expect(manifestAllows(manifest(true))).toBe(true);
    expect(manifestAllows(manifest(false))).toBe(false);
    expect(manifestAllows({ metaData: { inPlaceRelease: 'yes' } })).toBe(false);
    expect(manifestAllows(null)).toBe(false);
  });

  it('is allowed only when both the running build and the new one say so (each manifest read once)', async () => {
    const both = setup({ 'http://c/mfe-catalog/aaaaaaaaaaaa/mf-manifest.json': manifest(true), 'http://c/mfe-catalog/bbbbbbbbbbbb/mf-manifest.json': manifest(true) });
    await expect(both.sw.allowed(['mfe_catalog'], { mfe_catalog: A }, { mfe_catalog: B })).resolves.toBe(true);
    await expect(both.sw.allowed(['mfe_catalog'], { mfe_catalog: A }, { mfe_catalog: B })).resolves.toBe(true);
    expect(both.fetchImpl).toHaveBeenCalledTimes(2);

    const oldSaysNo = setup({ 'http://c/mfe-catalog/aaaaaaaaaaaa/mf-manifest.json': manifest(false), 'http://c/mfe-catalog/bbbbbbbbbbbb/mf-manifest.json': manifest(true) });
    await expect(oldSaysNo.sw.allowed(['mfe_catalog'], { mfe_catalog: A }, { mfe_catalog: B })).resolves.toBe(false);
    const newSaysNo = setup({ 'http://c/mfe-catalog/aaaaaaaaaaaa/mf-manifest.json': manifest(true), 'http://c/mfe-catalog/bbbbbbbbbbbb/mf-manifest.json': manifest(false) });
    await expect(newSaysNo.sw.allowed(['mfe_catalog'], { mfe_catalog: A }, { mfe_catalog: B })).resolves.toBe(false);
    const unreadable = setup({ 'http://c/mfe-catalog/aaaaaaaaaaaa/mf-manifest.json': manifest(true) });
    await expect(unreadable.sw.allowed(['mfe_catalog'], { mfe_catalog: A }, { mfe_catalog: B })).resolves.toBe(false);
    await expect(unreadable.sw.allowed(['mfe_catalog'], { mfe_catalog: A }, { mfe_catalog: B })).resolves.toBe(false);
    expect(unreadable.fetchImpl).toHaveBeenCalledTimes(3); // the failed read is asked again, the good one is kept
  });

  it('switches: old styles set aside, the old chunk list gone, the new entry registered and loaded, then the routes dropped', async () => {
    const { sw, scope, order, switched } = setup({});
    const ssrStyle = link('http://c/mfe-catalog/aaaaaaaaaaaa/224.4ac74d1a.css');
    const loaderStyle = link('http://c/mfe-catalog/chunks/172.a38c93e5.css', 'mfe_catalog:chunk-172');
    const shellStyle = link('/main.0badc0de.css', 'shell:chunk-1');
    const inline = document.createElement('style');
    inline.setAttribute('data-ssr-css', '');
    document.head.append(inline);
    await sw.apply(['mfe_catalog'], { mfe_catalog: B }, { mfe_catalog: A });
    expect(order).toEqual([`replace mfe_catalog ${B}`, 'load mfe_catalog/routes', 'drop mfe_catalog']);
    expect(scope).toEqual({ rspackChunkmfe_auth: [] });
    expect(switched).toHaveBeenCalledWith(['mfe_catalog'], { mfe_catalog: B });
    // the new build's style loader no longer finds the old link under its chunk key; the old page keeps its styles
    expect(loaderStyle.getAttribute('data-rspack')).toBeNull();
    expect(document.querySelectorAll('link, style')).toHaveLength(4);
    sw.finish();
    expect([...document.querySelectorAll('link, style')]).toEqual([shellStyle]);
    expect(ssrStyle.isConnected).toBe(false);
    expect(inline.isConnected).toBe(false);
  });

  it('leaves the inline styles of a page the server rendered for another remote', async () => {
    const { sw } = setup({});
    const inline = document.createElement('style');
    inline.setAttribute('data-ssr-css', '');
    document.head.append(inline);
    await sw.apply(['mfe_user_account'], { mfe_user_account: 'http://u/mfe-user-account/bbbbbbbbbbbb/remoteEntry.js' }, { mfe_user_account: 'http://u/mfe-user-account/aaaaaaaaaaaa/remoteEntry.js' });
    sw.finish();
    expect(inline.isConnected).toBe(true);
  });

  it('rejects (the navigation loads in full) when the new build does not load, leaving the routes', async () => {
    const { sw, dropRoutes, switched } = setup({}, true);
    await expect(sw.apply(['mfe_catalog'], { mfe_catalog: B }, { mfe_catalog: A })).rejects.toThrow('404');
    expect(dropRoutes).not.toHaveBeenCalled();
    expect(switched).not.toHaveBeenCalled();
  });
});
