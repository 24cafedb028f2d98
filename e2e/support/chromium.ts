// The system Chromium and its flags, shared with the benchmark (scripts/chromium.mjs).
export { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
