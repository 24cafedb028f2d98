// What only a production build does: the compile hint on start-up scripts, the shell's singletons chunk,
// brotli/gzip files made once at maximum settings (the static servers send them as they are), and source maps kept
// out of the public folder.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

/** Where a production build's source maps go: beside its output folder (`<app>/dist-sourcemaps`), never in it. */
export const sourceMapsDir = (outputPath) => path.join(path.dirname(outputPath), 'dist-sourcemaps');

/**
 * Source maps (with the sources) for error monitoring, not for the public: the build makes them hidden (no
 * `sourceMappingURL` comment, `devtool: 'hidden-source-map'`) and this moves them out of the emitted assets into
 * `<app>/dist-sourcemaps/`, so whatever publishes `dist/` cannot publish them.
 */
class SourceMapsOutsideDist {
  apply(compiler) {
    const name = 'SourceMapsOutsideDist';
    const dir = sourceMapsDir(compiler.options.output.path);
    let maps = new Map();
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      maps = new Map();
      // after every plugin that adds to or rewrites the maps (minifier, compile hint banner)
      compilation.hooks.processAssets.tap({ name, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, (assets) => {
        for (const file of Object.keys(assets)) {
          if (!file.endsWith('.map')) continue;
          maps.set(file, compilation.getAsset(file).source.buffer());
          compilation.deleteAsset(file);
        }
      });
    });
    compiler.hooks.afterEmit.tap(name, () => {
      rmSync(dir, { recursive: true, force: true });
      for (const [file, content] of maps) {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), content);
      }
    });
  }
}

export function productionPlugins(app) {
  return [compileHint(app), ...precompress(), new SourceMapsOutsideDist()];
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
