import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../scripts/rspack/createAppConfig.mjs';

export default createAppConfig({
  dir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'mfe_auth',
  port: 3002,
  exposes: { './AuthModal': './src/exposes/AuthModal.tsx' },
});
