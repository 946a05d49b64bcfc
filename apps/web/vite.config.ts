import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const THEME_COLOUR = '#0b7285';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      registerType: 'autoUpdate',
      // Registered by the app itself once the first screen is up (src/lib/serviceWorker.ts).
      injectRegister: false,
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
        // The barcode reader (ZXing and its .wasm) is kept only once a scanner was opened, below.
        globIgnores: ['**/StlViewer-*.js', '**/zxingDetector-*.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        cleanupOutdatedCaches: true,
        // Web Push: showing an alert and opening its screen on a tap (public/push-sw.js).
        importScripts: ['/push-sw.js'],
        // API answers may hold patient data: they always go to the network and are never stored.
        runtimeCaching: [
          { urlPattern: ({ url }) => url.pathname.startsWith('/api/'), handler: 'NetworkOnly' },
          // Hashed names never change content, so the first copy serves every later scan, offline too.
          {
            urlPattern: ({ url }) => /\/assets\/(zxingDetector-.*\.js|.*\.wasm)$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'barcode-reader', expiration: { maxEntries: 4 } },
          },
        ],
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
    // No preload links for lazy imports: placing them took the main thread about 170 ms at start-up
    // with the CPU slowed four times, and a returning user has the files in the service worker
    // (docs/performance.md, "Web delivery").
    modulePreload: false,
  },
});
