import { normalizePathname, resolveAddress, TOKEN_LANDING } from './addressRules';

const at = (href: string) => new URL(href, 'http://localhost');

describe('normalizePathname', () => {
  it('lowercases a path with capitals', () => {
    expect(normalizePathname('/Excursion/Moskva')).toBe('/excursion/moskva');
  });

  it('lowercases capitals hidden in percent escapes (Cyrillic)', () => {
    expect(normalizePathname(at('/excursion/Москва').pathname)).toBe(at('/excursion/москва').pathname);
  });

  it('leaves lowercase escapes alone even when their hex digits are upper case', () => {
    const path = at('/excursion/москва').pathname;
    expect(path).toMatch(/%D0/);
    expect(normalizePathname(path)).toBe(path);
  });

  it('removes trailing slashes except on the root', () => {
    expect(normalizePathname('/blog/')).toBe('/blog');
    expect(normalizePathname('/blog//')).toBe('/blog');
    expect(normalizePathname('/')).toBe('/');
    expect(normalizePathname('//')).toBe('/');
  });
});

describe('resolveAddress', () => {
  it('accepts a canonical address', () => {
    expect(resolveAddress(at('/excursion/cities?limit=10'))).toBeNull();
    expect(resolveAddress(at('/'))).toBeNull();
  });

  it('redirects to the lowercase form keeping the query', () => {
    expect(resolveAddress(at('/Docs/Help?Page=2&q=Б'))).toEqual({
      kind: 'redirect',
      to: `/docs/help${at('/?Page=2&q=Б').search}`,
    });
  });

  it('redirects a trailing slash away, keeping the query', () => {
    expect(resolveAddress(at('/blog/?page=3'))).toEqual({ kind: 'redirect', to: '/blog?page=3' });
  });

  it('combines both rules in one redirect', () => {
    expect(resolveAddress(at('/Account/User/'))).toEqual({ kind: 'redirect', to: '/account/user' });
  });

  it('turns ?token= into a login token and the user account, whatever the path', () => {
    expect(resolveAddress(at('/Some/Page/?token=abc.DEF'))).toEqual({ kind: 'token', token: 'abc.DEF', to: TOKEN_LANDING });
    expect(TOKEN_LANDING).toBe('/account/user');
  });

  it('ignores an empty token', () => {
    expect(resolveAddress(at('/blog?token='))).toBeNull();
  });
});
