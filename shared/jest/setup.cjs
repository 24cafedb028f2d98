// jsdom lacks these; Node has them.
const { TextEncoder, TextDecoder } = require('node:util');
const { webcrypto } = require('node:crypto');
if (!globalThis.TextEncoder) globalThis.TextEncoder = TextEncoder;
if (!globalThis.TextDecoder) globalThis.TextDecoder = TextDecoder;
if (!globalThis.crypto || !globalThis.crypto.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
}
if (typeof window !== 'undefined') {
  require('fake-indexeddb/auto');
  if (!window.structuredClone) window.structuredClone = (v) => JSON.parse(JSON.stringify(v));
}
