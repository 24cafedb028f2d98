import { createAppConfig } from '../scripts/rspack/createAppConfig.mjs';

export default createAppConfig(import.meta.url, { title: 'Excursio — экскурсии с гидами' });
