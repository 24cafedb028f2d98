// One rspack config for the shell and every remote; each concern in its own file beside this one.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { apps } from '../../shell/server/apps.mjs';
import { devServer } from './devServer.mjs';
import { federationPlugin, federationRuntimeEsm } from './federation.mjs';
import { prerenderFrame, swcRule } from './prerenderFrame.mjs';
import { productionOptimization, productionPlugins } from './production.mjs';
import { remoteServerConfig, shellServerConfig } from './serverBuild.mjs';

/**
 * @param {string} configUrl the app's rspack.config.mjs (`import.meta.url`); its folder names the app in shell/server/apps.mjs
 * @param {{ exposes?: Record<string,string>, title?: string, inPlaceRelease?: boolean }} [options] (inPlaceRelease: ./federation.mjs)
 */
export function createAppConfig(configUrl, options = {}) {
  const dir = path.dirname(fileURLToPath(configUrl));
  const known = apps.find((a) => a.dir === path.basename(dir));
  if (!known) throw new Error(`${dir} is not an app of shell/server/apps.mjs`);
  const app = { ...known, ...options, dir };
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return async (env, argv) => {
    const production = argv.mode !== 'development';
    // the shell's index.html carries its start-up frame (header, empty page, footer), painted before any script runs
    const frame = app.host ? await prerenderFrame(dir) : '';
    const web = {
      name: app.dir,
      context: dir,
      mode: production ? 'production' : 'development',
      // production: maps without a sourceMappingURL comment, kept outside dist/ (production.mjs, docs/production.md: Source maps)
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      // A remote has no page of its own: the shell loads its exposes through remoteEntry.js, so it has no other entry.
      entry: app.host ? { main: './src/index.ts' } : {},
      target: 'web',
      output: {
        path: path.join(dir, 'dist'),
        uniqueName: app.name,
        publicPath: app.host ? '/' : 'auto',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        cssChunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], alias: federationRuntimeEsm },
      module: {
        rules: [
          swcRule(production),
          { test: /\.css$/, type: 'css/auto' },
          { test: /\.(svg|png|jpe?g|webp|woff2?)$/, type: 'asset' },
        ],
      },
      plugins: [
        federationPlugin(app, pkg),
        app.host &&
          new rspack.HtmlRspackPlugin({
            template: path.join(dir, 'src/index.html'),
            title: app.title ?? 'Excursio',
            templateParameters: { frame },
            // the entry script goes after the frame; the shell server preloads it from <head> at high priority
            inject: 'body',
            scriptLoading: 'defer',
          }),
        new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') }),
        ...(production ? productionPlugins(app) : []),
      ].filter(Boolean),
      optimization: production ? productionOptimization(app) : { minimize: false },
      performance: { hints: false },
      devServer: devServer(app),
      stats: 'errors-warnings',
    };
    // production builds also make the Node side of server rendering: the shell's render bundle, an SSR remote's entry
    if (!production) return web;
    if (app.host) return [web, shellServerConfig(app, pkg, dir)];
    if (app.ssr) return [web, remoteServerConfig(app, pkg, dir, web.name)];
    return web;
  };
}
