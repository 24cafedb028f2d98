/**
 * Keeps the login token encrypted in browser storage (spec §3). The AES-GCM key is a
 * non-extractable Web Crypto key kept in IndexedDB, so the ciphertext in localStorage is useless
 * without this browser profile; no key ships in the bundle. Anything that fails to decrypt is "no token".
 */
export interface TokenVault {
  read(): Promise<string | null>;
  write(token: string): Promise<void>;
  clear(): Promise<void>;
}

export const TOKEN_STORAGE_KEY = 'excursio.token';
const DB_NAME = 'excursio-vault';
const STORE = 'keys';
const KEY_ID = 'token-key';

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function idbRequest<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function openKeyDb(idb: IDBFactory): Promise<IDBDatabase> {
  const req = idb.open(DB_NAME, 1);
  req.onupgradeneeded = () => req.result.createObjectStore(STORE);
  return idbRequest(req);
}

export interface BrowserVaultDeps {
  storage: Storage;
  indexedDB: IDBFactory;
  subtle: SubtleCrypto;
}

export function createBrowserTokenVault(deps: BrowserVaultDeps): TokenVault {
  const { storage, indexedDB: idb, subtle } = deps;
  let keyPromise: Promise<CryptoKey> | null = null;

  const getKey = (create: boolean): Promise<CryptoKey> => {
    if (keyPromise) return keyPromise;
    const p = (async () => {
      const db = await openKeyDb(idb);
      try {
        const existing = await idbRequest(db.transaction(STORE).objectStore(STORE).get(KEY_ID));
        if (existing) return existing as CryptoKey;
        if (!create) throw new Error('no key');
        const key = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
        await idbRequest(db.transaction(STORE, 'readwrite').objectStore(STORE).put(key, KEY_ID));
        return key;
      } finally {
        db.close();
      }
    })();
    keyPromise = p;
    p.catch(() => {
      keyPromise = null;
    });
    return p;
  };

  return {
    async read() {
      const raw = storage.getItem(TOKEN_STORAGE_KEY);
      if (!raw) return null;
      try {
        const [ivText, dataText] = raw.split('.');
        if (!ivText || !dataText) throw new Error('malformed');
        const key = await getKey(false);
        const plain = await subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(ivText) }, key, fromBase64(dataText));
        return new TextDecoder().decode(plain) || null;
      } catch {
        storage.removeItem(TOKEN_STORAGE_KEY);
        return null;
      }
    },
    async write(token) {
      const key = await getKey(true);
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const data = new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(token)));
      storage.setItem(TOKEN_STORAGE_KEY, `${toBase64(iv)}.${toBase64(data)}`);
    },
    async clear() {
      storage.removeItem(TOKEN_STORAGE_KEY);
    },
  };
}

/** Used where there is no IndexedDB or Web Crypto (old browsers, some private modes): the token lives in memory only. */
export function createMemoryTokenVault(): TokenVault {
  let token: string | null = null;
  return {
    read: async () => token,
    write: async (t) => {
      token = t;
    },
    clear: async () => {
      token = null;
    },
  };
}

export function createDefaultTokenVault(): TokenVault {
  const g = globalThis as Partial<typeof globalThis>;
  if (g.localStorage && g.indexedDB && g.crypto?.subtle) {
    return createBrowserTokenVault({ storage: g.localStorage, indexedDB: g.indexedDB, subtle: g.crypto.subtle });
  }
  return createMemoryTokenVault();
}
