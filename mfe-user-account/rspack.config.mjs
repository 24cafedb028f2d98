import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../scripts/rspack/createAppConfig.mjs';

export default createAppConfig({
  dir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'mfe_user_account',
  port: 3003,
  exposes: { './routes': './src/exposes/routes.ts' },
});
