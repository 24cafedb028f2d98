import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../scripts/rspack/createAppConfig.mjs';

export default createAppConfig({
  dir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'mfe_notifications',
  port: 3005,
  exposes: {
    './routes': './src/exposes/routes.ts',
    './NotificationsPanel': './src/exposes/NotificationsPanel.tsx',
  },
});
