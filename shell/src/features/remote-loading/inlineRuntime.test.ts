import { INLINE_RUNTIME_ID, parseRemoteList, readInlineRuntime } from './inlineRuntime';

function docWith(text: string | null): Pick<Document, 'getElementById'> {
  document.body.innerHTML = '';
  if (text !== null) {
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = INLINE_RUNTIME_ID;
    el.textContent = text;
    document.body.append(el);
  }
  return document;
}

describe('readInlineRuntime', () => {
  it('reads the remotes and the config the shell server inlined', () => {
    const doc = docWith(JSON.stringify({ remotes: { mfe_catalog: 'http://c/remoteEntry.js', bad: 3 }, config: { apiBase: '/x' } }));
    expect(readInlineRuntime(doc)).toEqual({ remotes: { mfe_catalog: 'http://c/remoteEntry.js' }, config: { apiBase: '/x' } });
  });

  it('reads the shell release the page is made of (its errors and loads count for it), and only a build hash', () => {
    expect(readInlineRuntime(docWith(JSON.stringify({ remotes: {}, shell: '0123456789ab' }))).shell).toBe('0123456789ab');
    expect(readInlineRuntime(docWith(JSON.stringify({ remotes: {}, shell: '../x' }))).shell).toBeUndefined();
    expect(readInlineRuntime(docWith(JSON.stringify({ remotes: {} }))).shell).toBeUndefined();
  });

  it('gives nothing when the block is missing or malformed, so both are fetched', () => {
    expect(readInlineRuntime(docWith(null))).toEqual({});
    expect(readInlineRuntime(docWith('{not json'))).toEqual({});
    expect(readInlineRuntime(docWith('[1,2]'))).toEqual({});
    expect(readInlineRuntime(docWith(JSON.stringify({ remotes: [], config: 'x' })))).toEqual({});
  });
});

describe('parseRemoteList', () => {
  it('keeps string entries only and rejects non-objects', () => {
    expect(parseRemoteList({ a: 'u', b: null }, 'src')).toEqual({ a: 'u' });
    expect(() => parseRemoteList(null, 'src')).toThrow('src: not an object');
  });
});
