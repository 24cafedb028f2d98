import { createAppConfig } from '../scripts/rspack/createAppConfig.mjs';

export default createAppConfig(import.meta.url, { exposes: { './AuthModal': './src/exposes/AuthModal.tsx' } });
