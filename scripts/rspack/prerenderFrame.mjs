// Renders the shell's start-up frame (shell/src/prerender/frame.tsx) to HTML at build time, for index.html.
// The module is compiled for Node by rspack with the same TypeScript/JSX transform as the page; packages from
// node_modules stay external (required at run time), our own sources (@excursio/shared included) are bundled.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rspack } from '@rspack/core';

/** The rule that compiles our TypeScript/JSX; shared with the page builds so both transform alike. */
export const swcRule = (production) => ({
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  loader: 'builtin:swc-loader',
  options: {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2022',
      transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
    },
  },
  type: 'javascript/auto',
});

const isPackage = (request) => /^[@a-z]/i.test(request) && !request.startsWith('@excursio/');

/** @param {string} shellDir the shell package's folder; resolves to the frame's HTML. */
export async function prerenderFrame(shellDir) {
  // packages are required by absolute path, resolved from the shell (react, react-dom/server, react-router, mobx …)
  const requireFromShell = createRequire(path.join(shellDir, 'package.json'));
  const outDir = mkdtempSync(path.join(tmpdir(), 'excursio-frame-'));
  const compiler = rspack({
    context: shellDir,
    mode: 'production',
    target: 'node',
    devtool: false,
    entry: { frame: './src/prerender/frame.tsx' },
    output: { path: outDir, filename: '[name].cjs', library: { type: 'commonjs2' } },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    externals: [
      ({ request }, callback) =>
        isPackage(request) ? callback(null, `commonjs ${requireFromShell.resolve(request)}`) : callback(),
    ],
    module: { rules: [swcRule(true), { test: /\.css$/, type: 'asset/source' }] },
    optimization: { minimize: false },
    stats: 'errors-warnings',
  });
  try {
    const stats = await new Promise((resolve, reject) =>
      compiler.run((error, result) => compiler.close(() => (error ? reject(error) : resolve(result)))),
    );
    if (stats.hasErrors()) throw new Error(`prerendering the shell frame failed:\n${stats.toString('errors-only')}`);
    const mod = requireFromShell(path.join(outDir, 'frame.cjs'));
    return mod.renderFrame();
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
