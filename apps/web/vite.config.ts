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
// The UI kit (antd and its parts) is one chunk too: left to automatic splitting it came as ≈ 100 small chunks,
// and a first screen fetched 122–131 files in a waterfall; as one chunk it fetches 66–78 and downloads fewer
// bytes (home map 941 against 1 019 KB, site list 639 against 737: the small chunks' wrappers and their worse
// compression outweigh the components a screen does not use) — bench/first-screen.ts, same build otherwise.
// Zod for forms and the features are left to automatic splitting. package.json's `sideEffects`
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
              // The UI kit every screen draws with (antd and its rc-* parts, icons, dayjs): one cached chunk
              // instead of ≈ 100 small ones fetched in a waterfall.
              name: 'vendor-ui',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[a-z-]+|dayjs|@babel[\\/]runtime|classnames|stylis|@emotion|throttle-debounce|compute-scroll-into-view|scroll-into-view-if-needed|json2mq|string-convert|toggle-selection|copy-to-clipboard|resize-observer-polyfill)[\\/]/,
              priority: 20,
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
