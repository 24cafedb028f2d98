import type { ReleaseFollowing } from './releaseFollowing';
import { releasesOnDemand } from './releasesOnDemand';

const following = (): ReleaseFollowing & { finish: jest.Mock } => {
  const finish = jest.fn();
  return {
    finish,
    inPlace: { allowed: jest.fn(), apply: jest.fn(), finish },
    watch: { beforeNavigation: jest.fn(async () => 'switched' as const), afterLoadFailure: jest.fn(async () => 'reload' as const) },
  };
};

describe('release watching on demand', () => {
  it('loads nothing until a navigation or a failed load asks, then loads once and answers from the watch', async () => {
    const made = following();
    const load = jest.fn(async () => made);
    const releases = releasesOnDemand(load);
    releases.finish(); // before any switch: nothing to finish, nothing loaded
    expect(load).not.toHaveBeenCalled();
    await expect(releases.beforeNavigation({ switchInPlace: false })).resolves.toBe('switched');
    expect(made.watch.beforeNavigation).toHaveBeenCalledWith({ switchInPlace: false });
    await expect(releases.afterLoadFailure('mfe_catalog')).resolves.toBe('reload');
    expect(made.watch.afterLoadFailure).toHaveBeenCalledWith('mfe_catalog');
    releases.finish();
    expect(made.finish).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('code that does not load: the navigation goes on, a failed load is retried, and the next need asks again', async () => {
    const made = following();
    const load = jest.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue(made);
    const releases = releasesOnDemand(load);
    await expect(releases.beforeNavigation()).resolves.toBe('stay');
    await expect(releases.afterLoadFailure()).resolves.toBe('retry');
    await expect(releases.beforeNavigation()).resolves.toBe('switched');
    expect(load).toHaveBeenCalledTimes(3);
  });
});
