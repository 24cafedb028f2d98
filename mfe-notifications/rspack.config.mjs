import { createAppConfig } from '../scripts/rspack/createAppConfig.mjs';

export default createAppConfig(import.meta.url, {
  exposes: {
    './routes': './src/exposes/routes.ts',
    './NotificationsPanel': './src/exposes/NotificationsPanel.tsx',
    './realtime': './src/exposes/realtime.ts',
    './OrderChat': './src/exposes/OrderChat.tsx',
    './SupportCenter': './src/exposes/SupportCenter.tsx',
  },
});
