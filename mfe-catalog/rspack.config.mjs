import { createAppConfig } from '../scripts/rspack/createAppConfig.mjs';

export default createAppConfig(import.meta.url, {
  exposes: { './routes': './src/exposes/routes.ts' },
  // an open tab moves to a new release of the catalog without a full page load (scripts/rspack/federation.mjs): it
  // exposes its route list only, and its modules keep no state beyond caches that refill (tag names, formatters)
  inPlaceRelease: true,
});
