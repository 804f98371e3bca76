import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

// One id per build, shared by the client and the server build (the config is evaluated once per
// build in the same process, so the id is kept in the environment). SPEC §7: the client polls
// /builds/latest.json and compares it with the id it was built with.
process.env.SHOP_BUILD_ID ??= `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
const BUILD_ID = process.env.SHOP_BUILD_ID;

/** Writes build/client/builds/latest.json during the client build only. */
function buildManifest(): Plugin {
  let isSsrBuild = false;
  return {
    name: 'shop:build-manifest',
    apply: 'build',
    configResolved(config) {
      isSsrBuild = Boolean(config.build.ssr);
    },
    generateBundle() {
      if (isSsrBuild) return;
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: `${JSON.stringify({ id: BUILD_ID, timestamp: Date.now() })}\n`,
      });
    },
  };
}

// React Router publishes a production build but exports only its development build, which warns,
// checks invariants and weighs more. Builds use the production files, on the server (bundled into
// the server build with @react-router/node, so one copy serves the whole render) and in the
// browser. Decision 009.
const reactRouterDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const productionReactRouter = [
  { find: /^react-router$/, replacement: path.join(reactRouterDir, 'dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDir, 'dist/production/dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  resolve: command === 'build' ? { alias: productionReactRouter } : {},
  ssr: command === 'build' ? { noExternal: ['react-router', '@react-router/node'] } : {},
  build: {
    // The translation bundles are fetched as JSON files (app/i18n/client.ts): never inline them.
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
  },
  plugins: [tailwindcss(), reactRouter(), buildManifest()],
  define: {
    __BUILD_ID__: JSON.stringify(BUILD_ID),
  },
}));
