// jsdom without Node's fetch family is not a browser: hand Node's implementations to the test realm.
const { TestEnvironment } = require('jest-environment-jsdom');

const fromNode = ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'AbortController', 'AbortSignal',
  'ReadableStream', 'TextEncoder', 'TextDecoder', 'structuredClone', 'BroadcastChannel', 'Blob', 'URL', 'URLSearchParams'];

class BrowserLikeEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of fromNode) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
    this.global.crypto = globalThis.crypto;
  }
}

module.exports = BrowserLikeEnvironment;
