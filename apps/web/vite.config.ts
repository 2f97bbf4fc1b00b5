import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The API server in development; MASTHUB_API_TARGET points the dev server at another instance.
const API_TARGET = process.env['MASTHUB_API_TARGET'] ?? 'http://127.0.0.1:8080';
const apiProxy = { '/api': { target: API_TARGET, changeOrigin: true, ws: true } };

/** What the server sends compressed (its COMPRESSED_TYPES) and is worth it (the server's threshold). */
const PRECOMPRESSED = /\.(js|mjs|css|json|svg)$/;
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside each built script, style and data file,
 * which the server sends as they are (@fastify/static `preCompressed`): the smallest encodings, paid once
 * at build time instead of a fast low-ratio compression on every request (brotli 11 makes the MapLibre
 * chunk ≈ 25 % smaller than the server's on-the-fly quality 1).
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'masthub-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      await Promise.all(
        Object.keys(bundle)
          .filter((fileName) => PRECOMPRESSED.test(fileName))
          .map(async (fileName) => {
            const file = path.join(dir, fileName);
            const bytes = await readFile(file);
            if (bytes.length < PRECOMPRESS_MIN_BYTES) return;
            const [brotli, gzipped] = await Promise.all([
              br(bytes, {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
              gz(bytes, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
          }),
      );
    },
  };
}

// Pages are lazy (routes.tsx). The framework and the always-needed libraries get stable vendor chunks that
// stay cached across releases; chart and map libraries get their own chunks, loaded only by their pages.
// Everything else (antd components, zod for forms) is left to automatic splitting, so a component that only
// some screens use loads with those screens instead of with the first one. package.json's `sideEffects`
// lets a feature's index.ts hand out one export without the rest of the feature.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
              priority: 30,
            },
            {
              name: 'vendor-libs',
              test: /node_modules[\\/](i18next|react-i18next|@tanstack|nprogress|html-parse-stringify|void-elements)[\\/]/,
              priority: 28,
            },
            {
              // The maps' library (home map, station picker): 1 MB that stays cached across releases.
              name: 'vendor-map',
              test: /node_modules[\\/](maplibre-gl|supercluster|kdbush|topojson-client)[\\/]/,
              priority: 25,
            },
            {
              name: 'vendor-charts',
              test: /node_modules[\\/](echarts|zrender|echarts-for-react)[\\/]/,
              priority: 25,
            },
          ],
        },
      },
    },
  },
});
