import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../scripts/rspack/createAppConfig.mjs';

export default createAppConfig({
  dir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'mfe_partner_account',
  port: 3004,
  exposes: { './routes': './src/exposes/routes.ts' },
});
