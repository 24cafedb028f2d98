import { createAppConfig } from '../scripts/rspack/createAppConfig.mjs';

export default createAppConfig(import.meta.url, { exposes: { './routes': './src/exposes/routes.ts' } });
