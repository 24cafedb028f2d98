// `npm run dev`: each app's rspack dev server; the shell's also plays the shell server (runtime config, api proxy).
import { portOf } from '../apps.mjs';
import { configJson, remotesJson } from '../server/runtimeConfig.mjs';
import { serverEnv } from '../../shell/server/env.mjs';

/** @param {{ host?: boolean, port: number }} app */
export function devServer(app) {
  // the shell server's variables, checked (shell/server/env.mjs): the dev server plays its part
  const settings = serverEnv(process.env);
  const api = settings.API_URL ?? `http://127.0.0.1:${settings.API_PORT}`;
  return {
    port: portOf(app),
    historyApiFallback: Boolean(app.host),
    headers: { 'Access-Control-Allow-Origin': '*' },
    hot: false,
    liveReload: true,
    static: false,
    ...(app.host && {
      proxy: [
        { context: ['/api', '/socket'], target: api },
        { context: ['/app'], target: api, ws: true },
      ],
      setupMiddlewares: (middlewares) => {
        const files = { '/remotes.json': remotesJson, '/config.json': configJson };
        middlewares.unshift({
          name: 'excursio-runtime-config',
          middleware: (req, res, next) => {
            const produce = files[req.url.split('?')[0]];
            if (!produce) return next();
            res.setHeader('Content-Type', 'application/json');
            res.setHeader('Cache-Control', 'no-cache');
            res.end(JSON.stringify(produce(settings)));
          },
        });
        return middlewares;
      },
    }),
  };
}
