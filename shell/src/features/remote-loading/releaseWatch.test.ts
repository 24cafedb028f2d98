import { buildFolder, createReleaseWatch, type InPlaceSwitch } from './releaseWatch';
import { releasedBuilds } from './releasedBuilds';

const A = 'http://c/mfe-catalog/aaaaaaaaaaaa/remoteEntry.js';
const A_PINNED = 'http://c/mfe-catalog/aaaaaaaaaaaa/remoteEntry.1234abcd.js';
const B = 'http://c/mfe-catalog/bbbbbbbbbbbb/remoteEntry.js';

function setup(
  current: Record<string, string>,
  used = ['mfe_catalog'],
  started: Record<string, string> = { mfe_catalog: A_PINNED, mfe_auth: 'http://a/remoteEntry.js' },
  inPlace?: InPlaceSwitch,
) {
  const reload = jest.fn();
  const store = new Map<string, string>();
  let time = 0;
  const list = { current };
  const watch = createReleaseWatch({
    started: Promise.resolve(started),
    fetchList: jest.fn(async () => list.current),
    used: () => used,
    reload,
    inPlace,
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
    const { watch, list } = setup({ mfe_catalog: A, mfe_auth: 'http://a/other/remoteEntry.js' }, ['mfe_catalog']);
    await expect(watch.beforeNavigation()).resolves.toBe('stay');
    list.current = { mfe_catalog: B };
    await expect(watch.beforeNavigation()).resolves.toBe('reload');
    // the page loaded in full still names A (a cache in front of the server): no second reload for the same build
    await expect(watch.beforeNavigation()).resolves.toBe('stay');
  });

  it('a remote the page never loaded does not reload it; no list, or no list in time, keeps the page as it is', async () => {
    const { watch } = setup({ mfe_catalog: B }, []);
    await expect(watch.beforeNavigation()).resolves.toBe('stay');
    const down = createReleaseWatch({ started: Promise.resolve({ mfe_catalog: A }), fetchList: async () => Promise.reject(new Error('502')), used: () => ['mfe_catalog'], reload: jest.fn() });
    await expect(down.beforeNavigation()).resolves.toBe('stay');
    const slow = createReleaseWatch({
      started: Promise.resolve({ mfe_catalog: A }),
      fetchList: () => new Promise(() => undefined),
      used: () => ['mfe_catalog'],
      reload: jest.fn(),
      waitMs: 20,
    });
    await expect(slow.beforeNavigation()).resolves.toBe('stay');
  });

  it('switches a moved remote in place when both builds allow it, and then runs the new build (no second switch)', async () => {
    const inPlace = { allowed: jest.fn(async () => true), apply: jest.fn(async () => undefined) };
    const { watch, list } = setup({ mfe_catalog: A }, ['mfe_catalog'], undefined, inPlace);
    await expect(watch.beforeNavigation()).resolves.toBe('stay');
    expect(inPlace.allowed).not.toHaveBeenCalled();
    list.current = { mfe_catalog: B, mfe_auth: 'http://a/remoteEntry.js' };
    await expect(watch.beforeNavigation()).resolves.toBe('switched');
    expect(inPlace.allowed).toHaveBeenCalledWith(['mfe_catalog'], expect.objectContaining({ mfe_catalog: A_PINNED }), list.current);
    expect(inPlace.apply).toHaveBeenCalledWith(['mfe_catalog'], list.current, expect.objectContaining({ mfe_catalog: A_PINNED }));
    // the page now runs B: B is no move, and a load failure on B is retried on B
    await expect(watch.beforeNavigation()).resolves.toBe('stay');
    await expect(watch.afterLoadFailure('mfe_catalog')).resolves.toBe('retry');
    expect(inPlace.apply).toHaveBeenCalledTimes(1);
  });

  it('a navigation already under way (back, forward) leaves a move it could switch to the next navigation', async () => {
    const inPlace = { allowed: jest.fn(async () => true), apply: jest.fn(async () => undefined) };
    const { watch } = setup({ mfe_catalog: B }, ['mfe_catalog'], undefined, inPlace);
    await expect(watch.beforeNavigation({ switchInPlace: false })).resolves.toBe('stay');
    expect(inPlace.apply).not.toHaveBeenCalled();
    await expect(watch.beforeNavigation()).resolves.toBe('switched');
    const refused = { allowed: jest.fn(async () => false), apply: jest.fn(async () => undefined) };
    const no = setup({ mfe_catalog: B }, ['mfe_catalog'], undefined, refused);
    await expect(no.watch.beforeNavigation({ switchInPlace: false })).resolves.toBe('reload');
  });

  it('reloads when a build does not allow the switch, or the new build fails to load in the page', async () => {
    const refused = { allowed: jest.fn(async () => false), apply: jest.fn(async () => undefined) };
    const no = setup({ mfe_catalog: B }, ['mfe_catalog'], undefined, refused);
    await expect(no.watch.beforeNavigation()).resolves.toBe('reload');
    expect(refused.apply).not.toHaveBeenCalled();
    const failing = { allowed: jest.fn(async () => true), apply: jest.fn(async () => Promise.reject(new Error('chunk 404'))) };
    const broken = setup({ mfe_catalog: B }, ['mfe_catalog'], undefined, failing);
    await expect(broken.watch.beforeNavigation()).resolves.toBe('reload');
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
