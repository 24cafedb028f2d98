import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../scripts/rspack/createAppConfig.mjs';

export default createAppConfig({
  dir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'shell',
  port: 3000,
  host: true,
  title: 'Excursio — экскурсии с гидами',
});
