import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server in development; MASTHUB_API_TARGET points the dev server at another instance.
const API_TARGET = process.env['MASTHUB_API_TARGET'] ?? 'http://127.0.0.1:8080';
const apiProxy = { '/api': { target: API_TARGET, changeOrigin: true, ws: true } };

// Pages are lazy (routes.tsx). The framework and the always-needed libraries get stable vendor chunks that
// stay cached across releases; chart libraries get their own chunk, loaded only by chart pages. Everything
// else (antd components, zod for forms) is left to automatic splitting, so a component that only some
// screens use loads with those screens instead of with the first one.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
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
