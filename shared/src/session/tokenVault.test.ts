import { IDBFactory } from 'fake-indexeddb';
import { createBrowserTokenVault, createMemoryTokenVault, TOKEN_STORAGE_KEY } from './tokenVault';

function makeVault(idb = new IDBFactory()) {
  return { vault: createBrowserTokenVault({ storage: window.localStorage, indexedDB: idb, subtle: crypto.subtle }), idb };
}

describe('token vault', () => {
  beforeEach(() => window.localStorage.clear());

  it('stores the token encrypted and reads it back', async () => {
    const { vault } = makeVault();
    await vault.write('secret-token-123');
    const stored = window.localStorage.getItem(TOKEN_STORAGE_KEY)!;
    expect(stored).toBeTruthy();
    expect(stored).not.toContain('secret-token-123');
    expect(await vault.read()).toBe('secret-token-123');
  });

  it('treats an undecryptable value as no token and removes it', async () => {
    const { vault } = makeVault();
    await vault.write('t1');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA==');
    expect(await vault.read()).toBeNull();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('cannot decrypt with another browser profile key', async () => {
    const a = makeVault();
    await a.vault.write('t-a');
    const b = makeVault(new IDBFactory());
    expect(await b.vault.read()).toBeNull();
  });

  it('returns null for garbage and after clear()', async () => {
    const { vault } = makeVault();
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'garbage');
    expect(await vault.read()).toBeNull();
    await vault.write('x');
    await vault.clear();
    expect(await vault.read()).toBeNull();
  });

  it('memory vault keeps the token for the page only', async () => {
    const vault = createMemoryTokenVault();
    expect(await vault.read()).toBeNull();
    await vault.write('m');
    expect(await vault.read()).toBe('m');
    await vault.clear();
    expect(await vault.read()).toBeNull();
  });
});
