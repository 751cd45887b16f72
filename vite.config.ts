import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/vite-precompress';

/** App code the 'common' chunk may hold (see codeSplitting below), but the user area's forms. */
const APP_SHARED = /[\\/](src[\\/](core|components|state|app)|workers[\\/](protocol|domain))[\\/]/;
const USER_FORMS = /[\\/](src[\\/]components[\\/]user[\\/]FormField|workers[\\/]protocol[\\/]id-number)\./;

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** The server's entry (issue 29): `vite build --ssr src/entry-server.tsx` builds it into dist-ssr/. */
const ssrBuild: UserConfig = {
  plugins: [react()],
  // Minified like the server (scripts/build-server.mjs): the server keeps this source in memory.
  build: { target: 'node20', outDir: 'dist-ssr', emptyOutDir: true, sourcemap: true, minify: true },
};

/**
 * The tab icon inline as a data URI (issue 29): Chromium fetches a linked icon on its own, apart
 * from the preloaded logo at the same address, one request more on every first view. The logo
 * (the banner's image, its largest paint) keeps its preload.
 */
function inlineFavicon(): Plugin {
  return {
    name: 'inline-favicon',
    transformIndexHtml(html) {
      const svg = readFileSync(new URL('./public/icons/icon.svg', import.meta.url), 'utf8');
      const uri = `data:image/svg+xml,${encodeURIComponent(svg.replace(/\s+/g, ' ').trim())}`;
      const link = '<link rel="icon" href="/icons/icon.svg"';
      if (!html.includes(link)) throw new Error(`index.html has no ${link}`);
      return html.replace(link, `<link rel="icon" href="${uri}"`);
    },
  };
}

const clientBuild: UserConfig = {
  plugins: [
    react(),
    inlineFavicon(),
    VitePWA({
      // A new build's worker installs, takes over and reloads the page: no manual cache clear.
      registerType: 'autoUpdate',
      injectRegister: false,
      includeAssets: ['icons/icon.svg', 'images/user-bg.svg'],
      includeManifestIcons: false,
      manifest: {
        name: '球赛直播',
        short_name: '球赛直播',
        description: '免费NBA、CBA、足球联赛高清直播与实时比分',
        lang: 'zh-CN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#1a1a1a',
        background_color: '#f4f4f6',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // The shell (HTML, entry JS, CSS, icons) is precached, so an offline reload still shows the
        // app. Area chunks are cached as they are used (not all precached: that would download
        // every area on 2G / data saver, where prefetching is skipped).
        // Every stylesheet is precached too (15 files, about 25 KB gzip): a server-rendered page has
        // its first screen's CSS inline and never fetches those files, so the offline shell, which
        // has no inline CSS, would find them in no cache, fail to load its chunk and reload.
        // The PNG icons are left out (about 130 KB): the browser fetches them itself to install the
        // app, and the pages use the SVG icon (issue 16: the first visit's bytes).
        globPatterns: [
          'index.html',
          'assets/index-*.js',
          'assets/common-*.js',
          'assets/*.css',
          '*.{svg,webmanifest}',
          'icons/*.svg',
          'images/*.svg',
        ],
        // Navigations go to the network first (issue 29): online, every visit gets the server's
        // HTML, with the first screen rendered in it; the precached shell answers only when the
        // network fails (offline, server gone), and the app then paints from the core's offline
        // store. Pages are not cached: an old page's seed would hydrate last visit's data and
        // frame (signed in or not). Without this, workbox's navigation fallback answered every
        // repeat visit with the shell, and the server-rendered first screen was lost.
        navigateFallback: null,
        // Hashed build files only; API answers are never cached here (the core keeps its own
        // offline store).
        runtimeCaching: [
          {
            // Server paths that are never the app (NON_APP_PREFIXES in workers/protocol/api/paths.ts)
            // are left alone. The pattern is copied into sw.js as source, so it names them itself.
            urlPattern: ({ request, sameOrigin, url }) =>
              sameOrigin &&
              request.mode === 'navigate' &&
              !/^\/(?:main\/|api\/|imapi|imserver|ws|_dev\/|metrics|healthz|media\/)/.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/index.html' } },
          },
          {
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'qs-chunks', expiration: { maxEntries: 120, maxAgeSeconds: 30 * 24 * 3600 } },
          },
        ],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    precompress(),
  ],
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(pkg.version),
    'import.meta.env.VITE_BUILD_TIME': JSON.stringify(new Date().toISOString()),
  },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server preloads each route's own area chunks from it.
    manifest: true,
    rolldownOptions: {
      // The protocol and domain modules only declare things (zod schemas, tables, functions): one
      // the page thread does not use is left out, and zod with it (the core validates frames, the
      // page does not). Without this, a page importing one helper from the protocol's index got
      // every request schema and zod (26 KB gzip) on its first view.
      treeshake: { moduleSideEffects: [{ test: /[\\/]workers[\\/](protocol|domain)[\\/]/, sideEffects: false }] },
      // The app code six or more chunks share (the core client, its hooks, the protocol's tables)
      // in one chunk: without it a first view fetched some twenty files of a few hundred bytes
      // each, which on a phone costs more than their bytes (issue 29: at most 30 requests).
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'common',
              // The user area's form parts are shared by its pages alone: in 'common' they rode along
              // on every first view (1 KB gzip).
              test: (id: string) => APP_SHARED.test(id) && !USER_FORMS.test(id),
              minShareCount: 6,
            },
          ],
        },
      },
    },
  },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : clientBuild));
