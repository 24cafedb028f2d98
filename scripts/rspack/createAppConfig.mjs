// One rspack + Module Federation config for the shell and every remote.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { rspack } from '@rspack/core';
import CompressionPlugin from 'compression-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { API_PORT } from '../apps.mjs';
import { configJson, remotesJson } from '../server/runtimeConfig.mjs';
import { prerenderFrame, swcRule } from './prerenderFrame.mjs';

// react-router is not shared itself: a shared module cannot be tree-shaken, and react-router's whole index is ~65 KB
// gzipped. Every app reaches it through '@excursio/shared/router' (a shared singleton that re-exports only the names
// we use), so the one copy on the page is react-router tree-shaken to those names.
const singletons = ['react', 'react-dom', 'mobx', 'mobx-react-lite', '@excursio/shared', '@excursio/shared/router'];
// the code behind those singletons (and what only they use), for the shell's one start-up chunk
const singletonModules = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|mobx|mobx-react-lite|mitt|typebox)[\\/]|[\\/]shared[\\/]src[\\/]/;
const versionOf = (deps, name) => deps[name.startsWith('@excursio/shared/') ? '@excursio/shared' : name];

function sharedConfig(pkg) {
  const deps = pkg.dependencies ?? {};
  const shared = {};
  for (const name of singletons) {
    const requiredVersion = versionOf(deps, name);
    if (!requiredVersion) throw new Error(`${pkg.name}: list ${name} in dependencies to share it`);
    shared[name] = { singleton: true, requiredVersion };
  }
  // react/jsx-runtime, react-dom/client … are separate share keys
  shared['react/'] = { singleton: true, requiredVersion: deps.react };
  shared['react-dom/'] = { singleton: true, requiredVersion: deps['react-dom'] };
  return shared;
}

// The federation runtime is injected with require(), which picks the packages' CommonJS builds; their ES module builds
// let the bundler drop what the page never calls (the runtime is most of the shell's entry script).
const requireHere = createRequire(import.meta.url);
const esmEntry = (name) => {
  // …/node_modules/<name>/dist/index.cjs → …/node_modules/<name> (their package.json is not exported)
  const dir = path.resolve(path.dirname(requireHere.resolve(name)), '..');
  const entry = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).exports['.'].import.default;
  return path.join(dir, entry);
};
const federationRuntimeEsm = Object.fromEntries(
  ['runtime-core', 'runtime', 'sdk', 'webpack-bundler-runtime', 'error-codes'].map((p) => [`@module-federation/${p}$`, esmEntry(`@module-federation/${p}`)]),
);

const compressible = /\.(js|css|json|svg|html)$/;

function precompress() {
  return [
    new CompressionPlugin({
      test: compressible,
      threshold: 1024,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
      minRatio: 0.9,
    }),
    new CompressionPlugin({
      test: compressible,
      threshold: 1024,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
      minRatio: 0.9,
    }),
  ];
}

/**
 * @param {{ dir: string, name: string, port: number, exposes?: Record<string,string>, host?: boolean, title?: string }} app
 */
export function createAppConfig(app) {
  const pkg = JSON.parse(readFileSync(path.join(app.dir, 'package.json'), 'utf8'));
  return async (env, argv) => {
    const production = argv.mode !== 'development';
    // the shell's index.html carries its start-up frame (header, empty page, footer), painted before any script runs
    const frame = app.host ? await prerenderFrame(app.dir) : '';
    return {
      context: app.dir,
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      entry: { main: './src/index.ts' },
      target: 'web',
      output: {
        path: path.join(app.dir, 'dist'),
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
        new ModuleFederationPlugin({
          name: app.name,
          filename: 'remoteEntry.js',
          manifest: true,
          dts: false,
          exposes: app.exposes ?? {},
          remotes: {},
          shared: sharedConfig(pkg),
          shareStrategy: 'loaded-first',
          runtimePlugins: app.runtimePlugins ?? [],
          // One federation runtime per page: the shell provides runtime-core on a global and the remotes' entries
          // use it instead of carrying their own copy (~25 KB gzipped each).
          // Remotes are registered by their remoteEntry.js (no manifest round trip), so the snapshot code goes too.
          experiments: app.host
            ? { provideExternalRuntime: true, asyncStartup: true, optimization: { disableSnapshot: true, target: 'web' } }
            : { externalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } },
        }),
        app.host &&
          new rspack.HtmlRspackPlugin({
            template: path.join(app.dir, 'src/index.html'),
            title: app.title ?? 'Excursio',
            templateParameters: { frame },
            // the stylesheet stays in <head>; the entry script goes after the frame (the shell server adds its
            // preload to <head>, which both starts it early and at high priority)
            inject: 'body',
            scriptLoading: 'defer',
          }),
        // Explicit compile hint (Chrome 136+): V8 compiles every function of a start-up script eagerly, on a background
        // thread while it streams in, instead of on the main thread the first time each is called. Only files whose
        // code nearly all runs at start-up: the shell's entry and singletons, a remote's entry and its routes chunk.
        // Added after minification (which would drop the comment), before source maps are written.
        production &&
          new rspack.BannerPlugin({
            banner: '//# allFunctionsCalledOnLoad',
            raw: true,
            test: app.host ? /^(main|singletons)\.[0-9a-f]{8}\.js$/ : /^(remoteEntry\.js|__federation_expose_routes\.[0-9a-f]{8}\.js)$/,
            stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
          }),
        new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') }),
        // Compressed once at build time with the strongest settings (the static servers send these files as they
        // are); compressing on the fly per request has to use fast, weaker settings.
        ...(production ? precompress() : []),
      ].filter(Boolean),
      optimization: {
        minimize: production,
        // The shell provides every shared singleton and always needs all of them at start-up: one chunk instead of
        // nine (several under 2 KB) saves request round trips over HTTP/1.1's six connections per origin.
        ...(app.host && {
          splitChunks: {
            cacheGroups: {
              singletons: { test: singletonModules, chunks: 'async', name: 'singletons', enforce: true, priority: 20 },
            },
          },
        }),
      },
      performance: { hints: false },
      devServer: {
        port: app.port,
        historyApiFallback: app.host ? true : false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        hot: false,
        liveReload: true,
        static: false,
        // the shell's dev server plays the shell server's part: runtime config and the api behind one origin
        ...(app.host && {
          proxy: [
            { context: ['/api', '/socket'], target: process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? API_PORT}` },
            { context: ['/app'], target: process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? API_PORT}`, ws: true },
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
                res.end(JSON.stringify(produce(process.env)));
              },
            });
            return middlewares;
          },
        }),
      },
      stats: 'errors-warnings',
    };
  };
}
