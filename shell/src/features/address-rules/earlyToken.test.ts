import { EARLY_TOKEN_KEY, earlyTokenFor } from './earlyToken';

function memory(value: string | null) {
  const data = new Map<string, string>();
  if (value !== null) data.set(EARLY_TOKEN_KEY, value);
  return { data, getItem: (k: string) => data.get(k) ?? null, removeItem: (k: string) => void data.delete(k) };
}

const at = (path: string) => new URL(`http://localhost${path}`);

describe('earlyTokenFor', () => {
  it('gives the stashed token for the address it was taken from, as often as that address is loaded', () => {
    const storage = memory(JSON.stringify({ token: 'abc', at: '/docs/help?x=1' }));
    expect(earlyTokenFor(at('/docs/help?x=1'), storage)).toBe('abc');
    expect(earlyTokenFor(at('/docs/help?x=1'), storage)).toBe('abc');
  });

  it('drops the stash on the first navigation elsewhere', () => {
    const storage = memory(JSON.stringify({ token: 'abc', at: '/' }));
    expect(earlyTokenFor(at('/account/user'), storage)).toBeNull();
    expect(storage.data.size).toBe(0);
    expect(earlyTokenFor(at('/'), storage)).toBeNull();
  });

  it('is null without storage, with a malformed stash or when storage throws', () => {
    expect(earlyTokenFor(at('/'), null)).toBeNull();
    expect(earlyTokenFor(at('/'), memory('not json'))).toBeNull();
    expect(earlyTokenFor(at('/'), memory(JSON.stringify({ token: '', at: '/' })))).toBeNull();
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(earlyTokenFor(at('/'), throwing)).toBeNull();
  });
});
