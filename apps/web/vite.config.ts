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

/**
 * Client build only: the modules every page loads — what entry.client.tsx and root.tsx import
 * statically — go into two chunks, `vendor` (node_modules) and `shell` (the app's own), instead of
 * the twenty or so small shared chunks Rollup would otherwise cut them into. No page loads more
 * code than before; the first load loses the per-file overhead and the import/export glue between
 * those files (ARCHITECTURE.md §7 budget, decision 022). Route modules and everything they or the
 * lazy parts add stay in their own chunks.
 */
const SHARED_WITH_CONSOLE = ['/app/lib/format.ts', '/packages/domain/src/money.ts'];

function alwaysLoadedChunks(appDirectory: string): Plugin {
  const roots = ['entry.client.tsx', 'root.tsx'].map((file) => path.join(appDirectory, file));
  let isSsrBuild = false;
  return {
    name: 'shop:always-loaded-chunks',
    apply: 'build',
    configResolved(config) {
      isSsrBuild = Boolean(config.build.ssr);
    },
    outputOptions(options) {
      if (isSsrBuild) return null;
      let alwaysLoaded: Set<string> | undefined;
      return {
        ...options,
        manualChunks(id, { getModuleInfo }) {
          if (!alwaysLoaded) {
            alwaysLoaded = new Set();
            const pending = [...roots];
            for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
              for (const imported of getModuleInfo(next)?.importedIds ?? []) {
                if (alwaysLoaded.has(imported) || roots.includes(imported)) continue;
                alwaysLoaded.add(imported);
                pending.push(imported);
              }
            }
          }
          // Money formatting is shared by buyer pages and the console (issue 14): kept with the
          // buyers' format helpers as before, so the console importing it does not split it into
          // one more file on every buyer page.
          if (SHARED_WITH_CONSOLE.some((file) => id.endsWith(file))) return 'format';
          if (!alwaysLoaded.has(id) || id.endsWith('.css') || getModuleInfo(id)?.isEntry) return null;
          // Virtual modules (CommonJS helpers of React, Vite's preload helper) go with the libraries.
          return id.startsWith('\0') || id.includes('/node_modules/') ? 'vendor' : 'shell';
        },
      };
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
  plugins: [
    tailwindcss(),
    reactRouter(),
    buildManifest(),
    alwaysLoadedChunks(path.resolve(import.meta.dirname, 'app')),
  ],
  define: {
    __BUILD_ID__: JSON.stringify(BUILD_ID),
  },
}));
