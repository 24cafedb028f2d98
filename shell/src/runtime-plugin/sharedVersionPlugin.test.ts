import { describeMismatch, sharedVersionPlugin, type SharedVersionMismatch } from './sharedVersionPlugin';

type ResolveArgs = Parameters<NonNullable<ReturnType<typeof sharedVersionPlugin>['resolveShare']>>[0];

function resolveArgs(version: string, requiredVersion: string | false, from = 'mfe_catalog', singleton = true): ResolveArgs {
  return {
    pkgName: '@excursio/shared',
    version,
    scope: 'default',
    shareInfo: { from, shareConfig: { singleton, requiredVersion } },
  } as unknown as ResolveArgs;
}

describe('sharedVersionPlugin', () => {
  it('reports a remote built against a newer shared package than the page provides, once', () => {
    const reports: SharedVersionMismatch[] = [];
    const plugin = sharedVersionPlugin((m) => reports.push(m));
    const args = resolveArgs('2.0.0', '^2.1.0');
    expect(plugin.resolveShare!(args)).toBe(args);
    plugin.resolveShare!(resolveArgs('2.0.0', '^2.1.0'));
    expect(reports).toEqual([{ pkgName: '@excursio/shared', provided: '2.0.0', required: '^2.1.0', app: 'mfe_catalog' }]);
    expect(describeMismatch(reports[0]!)).toBe(
      'mfe_catalog needs @excursio/shared ^2.1.0, but the page provides 2.0.0: deploy a newer shell or rebuild mfe_catalog',
    );
  });

  it('is quiet when the provided version satisfies the requirement, or there is none', () => {
    const report = jest.fn();
    const plugin = sharedVersionPlugin(report);
    plugin.resolveShare!(resolveArgs('2.3.1', '^2.1.0'));
    plugin.resolveShare!(resolveArgs('2.0.0', false));
    plugin.resolveShare!(resolveArgs('1.0.0', '^2.0.0', 'mfe_auth', false));
    expect(report).not.toHaveBeenCalled();
  });

  it('reports a major version behind, per app', () => {
    const report = jest.fn();
    const plugin = sharedVersionPlugin(report);
    plugin.resolveShare!(resolveArgs('1.4.0', '^2.0.0', 'mfe_auth'));
    plugin.resolveShare!(resolveArgs('1.4.0', '^2.0.0', 'mfe_user_account'));
    expect(report).toHaveBeenCalledTimes(2);
  });
});
