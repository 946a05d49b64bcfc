import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const THEME_COLOUR = '#0b7285';

/**
 * main.tsx starts the app through a dynamic import, so that the browser paints index.html first;
 * these links fetch that code and its imports together with the page, as a static import would
 * (except the entry itself, which index.html loads already).
 */
function preloadApp(entry: string): Plugin {
  return {
    name: 'graftmatch:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const start = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(entry));
        if (!start) {
          throw new Error(`no chunk for ${entry}`);
        }
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (!files.has(fileName)) {
            files.add(fileName);
            chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(visit);
          }
        };
        visit(start.fileName);
        const entries = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
        return [...files]
          .filter((file) => !entries.has(file))
          .map((file) => ({
            tag: 'link',
            // Low priority: the stylesheet, and so the first paint, go first.
            attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    preloadApp('/src/app/start.tsx'),
    VitePWA({
      registerType: 'autoUpdate',
      // A separate registerSW.js file: the server's CSP allows no inline scripts.
      injectRegister: 'script',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'GraftMatch',
        short_name: 'GraftMatch',
        description: 'Find and request heart-valve and vessel grafts',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOUR,
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Only the app shell is precached; client-side routes fall back to it.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // three.js (the STL viewer) shows models fetched from the network, so it is no use offline;
        // left out, a phone's first visit downloads 560 kB less in the background.
        globIgnores: ['**/StlViewer-*.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        cleanupOutdatedCaches: true,
        // API answers may hold patient data: they always go to the network and are never stored.
        runtimeCaching: [{ urlPattern: ({ url }) => url.pathname.startsWith('/api/'), handler: 'NetworkOnly' }],
      },
    }),
  ],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // three.js (about 560 kB) is its own chunk, loaded only when a 3D model is shown.
    chunkSizeWarningLimit: 600,
  },
});
