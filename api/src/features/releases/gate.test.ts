import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkRequirements, invalidVersions } from './gate';

const SHELL = { react: '19.3.1', 'react-dom': '19.3.1', 'react-router': '7.9.0', mobx: '7.1.3', '@excursio/shared': '2.4.0' };

describe('release gate', () => {
  it('passes ranges the shell satisfies and ignores packages that are not shared singletons', () => {
    assert.deepEqual(checkRequirements('mfe-catalog', { react: '^19.0.0', '@excursio/shared': '^2.4.0', lodash: '^99' }, 'abc', SHELL), []);
  });

  it('names the package, the required range and the provided version', () => {
    const [problem, ...rest] = checkRequirements('mfe-catalog', { '@excursio/shared': '^99.0.0' }, 'abc', SHELL);
    assert.equal(rest.length, 0);
    assert.equal(problem!.package, '@excursio/shared');
    assert.equal(problem!.range, '^99.0.0');
    assert.equal(problem!.provided, '2.4.0');
    assert.match(problem!.message, /@excursio\/shared \^99\.0\.0.*2\.4\.0/);
  });

  it('a package the shell does not provide fails, and a bad range is an input error', () => {
    assert.equal(checkRequirements('mfe-auth', { mobx: '^7' }, 'abc', { react: '19.3.1' })[0]!.provided, null);
    assert.equal(invalidVersions({ react: 'not a range' }, { mobx: '7.x' }).length, 2);
    assert.deepEqual(invalidVersions({ react: '^19 || ^20' }, SHELL), []);
  });
});
