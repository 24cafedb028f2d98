import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../scripts/rspack/createAppConfig.mjs';

export default createAppConfig({
  dir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'mfe_catalog',
  port: 3001,
  exposes: { './routes': './src/exposes/routes.ts' },
});
