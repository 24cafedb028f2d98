// What only a production build does: the compile hint on start-up scripts, the shell's singletons chunk, and
// brotli/gzip files made once at maximum settings (the static servers send them as they are).
import zlib from 'node:zlib';
import { rspack } from '@rspack/core';
import CompressionPlugin from 'compression-webpack-plugin';
import { singletonModules } from './federation.mjs';

const compressible = /\.(js|css|json|svg|html)$/;

function precompress() {
  const common = { test: compressible, threshold: 1024, minRatio: 0.9 };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
    }),
    new CompressionPlugin({ ...common, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 } }),
  ];
}

/**
 * V8's explicit compile hint (Chrome 136+) on the files whose code nearly all runs at start-up: compiled on a
 * background thread while streaming. Added after minification (which drops comments), before source maps.
 */
function compileHint(app) {
  return new rspack.BannerPlugin({
    banner: '//# allFunctionsCalledOnLoad',
    raw: true,
    test: app.host ? /^(main|singletons)\.[0-9a-f]{8}\.js$/ : /^(remoteEntry\.js|__federation_expose_routes\.[0-9a-f]{8}\.js)$/,
    stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });
}

export function productionPlugins(app) {
  return [compileHint(app), ...precompress()];
}

/** The shell needs every singleton at start-up: one chunk instead of nine saves round trips over HTTP/1.1. */
export function productionOptimization(app) {
  return {
    minimize: true,
    ...(app.host && {
      splitChunks: {
        cacheGroups: { singletons: { test: singletonModules, chunks: 'async', name: 'singletons', enforce: true, priority: 20 } },
      },
    }),
  };
}
