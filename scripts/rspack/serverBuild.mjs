// The Node builds behind server rendering (docs/server-rendering.md). A remote that renders on the server (the
// catalog) is built a second time for Node into dist/ssr/; the shell builds its render bundle into dist-server/.
// Both speak Module Federation: the shell's render bundle loads the remote's Node build over HTTP, as the page loads
// its web build, and provides the singletons. The remote's Node build brings none of them (`import: false`), so a
// missing share fails loudly instead of running a second React (scripts/checks/ssrBuild.test.mjs checks the output).
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { sharedConfig } from './federation.mjs';
import { swcRule } from './prerenderFrame.mjs';

const requireHere = createRequire(import.meta.url);
const nodeRuntimePlugin = requireHere.resolve('@module-federation/node/runtimePlugin');

/** Where a remote's Node build sits under its dist, and the manifest field naming its entry (as the rsbuild plugin). */
export const SSR_DIR = 'ssr';

const nodeRules = [swcRule(true), { test: /\.css$/, type: 'asset/source' }, { test: /\.(svg|png|jpe?g|webp|woff2?)$/, type: 'asset/inline' }];

const nodeOutput = (dir, uniqueName, library) => ({
  path: dir,
  uniqueName,
  publicPath: '',
  chunkFormat: 'commonjs',
  chunkLoading: 'async-node',
  filename: '[name].js',
  chunkFilename: '[name].[contenthash:8].js',
  library,
  clean: true,
});

/**
 * After both builds of an SSR remote: its manifest names the Node entry (`metaData.ssrRemoteEntry`) and the build
 * (`metaData.buildHash`, from both entries and every chunk name), and a copy of the web entry under that hash lets the
 * shell pin a page to the build that rendered it (old builds' hashed chunks are kept by the deploy, docs/server-rendering.md).
 */
class SsrManifestPlugin {
  constructor(distDir) {
    this.distDir = distDir;
  }
  apply(compiler) {
    compiler.hooks.afterEmit.tap('SsrManifestPlugin', () => {
      const dist = this.distDir;
      const manifestPath = path.join(dist, 'mf-manifest.json');
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
      const hash = createHash('sha256');
      hash.update(readFileSync(path.join(dist, 'remoteEntry.js')));
      hash.update(readFileSync(path.join(dist, SSR_DIR, 'remoteEntry.js')));
      for (const file of readdirSync(path.join(dist, SSR_DIR)).sort()) hash.update(file);
      const buildHash = hash.digest('hex').slice(0, 12);
      for (const file of readdirSync(dist)) if (/^remoteEntry\.[0-9a-f]{12}\.js/.test(file)) rmSync(path.join(dist, file));
      const pinned = `remoteEntry.${buildHash}.js`;
      for (const suffix of ['', '.br', '.gz']) {
        if (existsSync(path.join(dist, `remoteEntry.js${suffix}`))) copyFileSync(path.join(dist, `remoteEntry.js${suffix}`), path.join(dist, `${pinned}${suffix}`));
      }
      manifest.metaData = { ...manifest.metaData, ssrRemoteEntry: `${SSR_DIR}/remoteEntry.js`, buildHash, pinnedRemoteEntry: pinned };
      writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
      // the precompressed copies of the manifest would hide these fields: the server compresses it per request
      for (const suffix of ['.br', '.gz']) rmSync(`${manifestPath}${suffix}`, { force: true });
    });
  }
}

/**
 * Code that must exist once on the server: the singleton packages (node_modules/<name>/), and @excursio/shared's
 * singleton entries with the state they hold (session, bus, config, http client). Its pure subpaths (phone, pricing,
 * time, ui) are bundled by each app, on the server as in the browser.
 */
const SINGLETON_CODE = /[\\/]node_modules[\\/](react|react-dom|react-router|mobx|mobx-react-lite)[\\/]|[\\/](shared)[\\/]src[\\/](?:index\.ts$|router\.ts$|session[\\/]|bus[\\/]|config[\\/]|api[\\/])/;

/**
 * The build fails when a singleton's code is where it must not be: in a remote's Node build at all (`none`: the
 * host provides it), or in the shell's render bundle from two places (`once`: two copies of React on the server).
 */
export class SingletonCopiesPlugin {
  constructor(mode) {
    this.mode = mode;
  }
  apply(compiler) {
    compiler.hooks.compilation.tap('SingletonCopiesPlugin', (compilation) => {
      compilation.hooks.finishModules.tap('SingletonCopiesPlugin', (modules) => {
        const copies = new Map();
        for (const module of modules) {
          const resource = module.resource ?? module.nameForCondition?.() ?? '';
          const match = SINGLETON_CODE.exec(resource);
          if (!match) continue;
          const name = match[1] ?? match[2];
          const root = name === 'shared' ? resource.slice(0, resource.lastIndexOf('shared') + 'shared'.length) : resource.slice(0, match.index + match[0].length);
          if (!copies.has(name)) copies.set(name, new Set());
          copies.get(name).add(root);
        }
        const problems = [...copies].filter(([, roots]) => this.mode === 'none' || roots.size > 1);
        for (const [name, roots] of problems) {
          const error = new compiler.webpack.WebpackError(
            this.mode === 'none'
              ? `${name} is bundled into a remote's server build (${[...roots].join(', ')}): the shell's render bundle provides it (import: false)`
              : `${name} is bundled from ${roots.size} places (${[...roots].join(', ')}): the server must run one copy`,
          );
          compilation.errors.push(error);
        }
      });
    });
  }
}

/** Singletons the host must provide: never bundled into a remote's Node build. */
function providedByHost(pkg) {
  return Object.fromEntries(Object.entries(sharedConfig(pkg)).map(([name, cfg]) => [name, { ...cfg, import: false }]));
}

/** A remote's Node build (target async-node, CommonJS chunks fetched over HTTP by the host's runtime). */
export function remoteServerConfig(app, pkg, dir, webName) {
  const dist = path.join(dir, 'dist');
  return {
    name: `${app.dir}-server`,
    dependencies: [webName],
    context: dir,
    mode: 'production',
    devtool: false,
    target: 'async-node',
    entry: {},
    output: nodeOutput(path.join(dist, SSR_DIR), `${app.name}_ssr`, { type: 'commonjs-module' }),
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: { rules: nodeRules },
    plugins: [
      new ModuleFederationPlugin({
        name: app.name,
        filename: 'remoteEntry.js',
        library: { type: 'commonjs-module' },
        remoteType: 'script',
        manifest: false,
        dts: false,
        exposes: app.exposes ?? {},
        shared: providedByHost(pkg),
        runtimePlugins: [nodeRuntimePlugin],
      }),
      new SingletonCopiesPlugin('none'),
      new SsrManifestPlugin(dist),
    ],
    optimization: { minimize: false, moduleIds: 'deterministic', chunkIds: 'deterministic' },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/** The shell's render bundle: a federation host for Node holding the one copy of every singleton. */
export function shellServerConfig(app, pkg, dir) {
  return {
    name: `${app.dir}-server`,
    context: dir,
    mode: 'production',
    devtool: false,
    target: 'async-node',
    entry: { render: './src/server/render.tsx' },
    output: { ...nodeOutput(path.join(dir, 'dist-server'), 'shell_ssr', { type: 'commonjs2' }), filename: '[name].cjs', chunkFilename: '[name].[contenthash:8].cjs' },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: { rules: nodeRules },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell_ssr',
        remotes: {},
        remoteType: 'script',
        manifest: false,
        dts: false,
        shared: sharedConfig(pkg, { host: true }),
        runtimePlugins: [nodeRuntimePlugin],
        experiments: { asyncStartup: true },
      }),
      new SingletonCopiesPlugin('once'),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
