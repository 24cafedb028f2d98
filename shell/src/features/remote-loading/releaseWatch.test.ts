import { buildFolder, createReleaseWatch, releasedBuilds } from './releaseWatch';

const A = 'http://c/mfe-catalog/aaaaaaaaaaaa/remoteEntry.js';
const A_PINNED = 'http://c/mfe-catalog/aaaaaaaaaaaa/remoteEntry.1234abcd.js';
const B = 'http://c/mfe-catalog/bbbbbbbbbbbb/remoteEntry.js';

function setup(current: Record<string, string>, used = ['mfe_catalog'], started: Record<string, string> = { mfe_catalog: A_PINNED, mfe_auth: 'http://a/remoteEntry.js' }) {
  const reload = jest.fn();
  const store = new Map<string, string>();
  let time = 0;
  const list = { current };
  const watch = createReleaseWatch({
    started: Promise.resolve(started),
    fetchList: jest.fn(async () => list.current),
    used: () => used,
    reload,
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    now: () => (time += 5_000),
  });
  return { watch, reload, list };
}

describe('release watch', () => {
  it('a pinned entry and remoteEntry.js of one build are the same build', () => {
    expect(buildFolder(A_PINNED)).toBe(buildFolder(A));
    expect(buildFolder(A)).not.toBe(buildFolder(B));
  });

  it('navigates in the page while the used remotes stay; a moved one makes the navigation one full page load', async () => {
    const { watch, reload, list } = setup({ mfe_catalog: A, mfe_auth: 'http://a/other/remoteEntry.js' }, ['mfe_catalog']);
    await expect(watch.beforeNavigation('/excursion/moskva')).resolves.toBe(false);
    expect(reload).not.toHaveBeenCalled();
    list.current = { mfe_catalog: B };
    await expect(watch.beforeNavigation('/excursion/moskva')).resolves.toBe(true);
    expect(reload).toHaveBeenCalledWith('/excursion/moskva');    // the page loaded in full still names A (a cache in front of the server): no second reload for the same build
    await expect(watch.beforeNavigation('/excursion')).resolves.toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a remote the page never loaded does not reload it; no list keeps the page as it is', async () => {
    const { watch, reload } = setup({ mfe_catalog: B }, []);
    await expect(watch.beforeNavigation('/')).resolves.toBe(false);
    const down = createReleaseWatch({ started: Promise.resolve({ mfe_catalog: A }), fetchList: async () => Promise.reject(new Error('502')), used: () => ['mfe_catalog'], reload });
    await expect(down.beforeNavigation('/')).resolves.toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('a failed load retries on the same build, or reloads once onto the new one (never in a loop)', async () => {
    const same = setup({ mfe_catalog: A });
    await expect(same.watch.afterLoadFailure('mfe_catalog')).resolves.toBe('retry');
    expect(same.reload).not.toHaveBeenCalled();
    const moved = setup({ mfe_catalog: B });
    await expect(moved.watch.afterLoadFailure('mfe_catalog')).resolves.toBe('reload');
    await expect(moved.watch.afterLoadFailure('mfe_catalog')).resolves.toBe('retry');
    expect(moved.reload).toHaveBeenCalledTimes(1);
  });
});

describe('released builds of a remote list', () => {
  it('names the app and build of each released entry, pinned or not; configured entries are none', () => {
    expect(releasedBuilds({ mfe_catalog: A_PINNED, mfe_auth: 'http://localhost:3002/remoteEntry.js', mfe_user_account: 'https://cdn.example.ru/u/mfe-user-account/0123456789ab/remoteEntry.js' })).toEqual({
      'mfe-catalog': 'aaaaaaaaaaaa',
      'mfe-user-account': '0123456789ab',
    });
    expect(releasedBuilds({ mfe_catalog: 'not a url' })).toEqual({});
  });
});
