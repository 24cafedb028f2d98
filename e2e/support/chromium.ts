// The system Chromium and its flags, shared with the benchmark (scripts/chromium.mjs).
export { chromiumArgs, chromiumPath, e2eBrowserPath } from '../../scripts/chromium.mjs';
