import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { refuseChunkCycles } from './scripts/vite-chunk-cycles.ts';
import { messageCatalogs } from './scripts/vite-message-catalogs.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { routePages } from './scripts/vite-route-pages.ts';
import { serviceWorker } from './scripts/vite-service-worker.ts';

export default defineConfig({
  root: 'web',
  plugins: [
    react(),
    tailwindcss(),
    // Catalogs as syntax trees, the ICU parser left out of the screens (docs/decisions/0093-message-catalogs.md).
    messageCatalogs(),
    // Keep in step with web/src/app/router.tsx and web/src/app/pages/home-page.tsx.
    routePages({
      pages: {
        '/login': 'web/src/app/pages/login-page.tsx',
        '/reset-password': 'web/src/app/pages/reset-password-page.tsx',
        '/forgot-password': 'web/src/app/pages/forgot-password-page.tsx',
        '/agents': 'web/src/app/pages/agent-portal-page.tsx',
        '/agent-register': 'web/src/app/pages/agent-register-page.tsx',
        '/agent/dashboard': 'web/src/app/pages/agent-dashboard-page.tsx',
        '/agent/profile': 'web/src/app/pages/agent-profile-page.tsx',
        '/test-login': 'web/src/app/pages/test-login-page.tsx',
        '/dashboard/account': 'web/src/app/pages/account-page.tsx',
      },
      signedIn: { '/': 'web/src/app/pages/owner-dashboard-page.tsx' },
      notOnFirstScreen: ['zod'],
    }),
    // The installable app's service worker with its shell (docs/decisions/0092-installable-app-and-push.md).
    serviceWorker({ template: 'web/service-worker.js', publicDir: 'web/public' }),
    precompress(),
    refuseChunkCycles(),
  ],
  resolve: { alias: { '@contract': fileURLToPath(new URL('./contract', import.meta.url)) } },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Few, larger scripts rather than dozens of small shared ones: over HTTP/1.1 a browser fetches six at a time,
        // so every further handful costs a round trip (docs/decisions/0009-performance.md).
        codeSplitting: {
          groups: [
            // Everything the first screen of any page needs, in the entry's script.
            { name: 'app', tags: ['$initial'], priority: 4 },
            // The notification area, which every page loads beside its first screen, with its store: in a group of its
            // own, so that merging small shared groups never ties it to what only later screens need (it did once:
            // the landing page's 4 scripts became 9).
            { name: 'toaster', test: /components[\\/]ui[\\/](toaster|use-toast)/, priority: 3 },
            // Tiny modules that screens of every kind share, in one script (about 6 KB): every icon, Radix's
            // reading-direction context, the hook that holds back what is not content, the badge, and the helper that
            // puts the server's field messages on a form. Left to the merge of small groups, each was tied to whichever
            // group was near and brought it along (the dashboard's tabs and download icon loaded the selects' 15 KB;
            // the forgot-password form loaded the devices list and the dialogs).
            {
              name: 'common',
              test: /node_modules[\\/](lucide-react|@radix-ui[\\/]react-direction)[\\/]|hooks[\\/]use-after-first-paint|components[\\/]ui[\\/]badge|lib[\\/]server-issues/,
              priority: 2,
            },
            // The TV's style sheet, for the TV's pages only: merged into a small group of what the TV shares with the
            // dashboard (the entry dates), it was one more style sheet the dashboard waited for.
            { name: 'tv-board-style', test: /tv-board\.css/, priority: 2 },
            // What later screens share, grouped by the screens that use it, small groups merged into a neighbour (under
            // 2,000 bytes: at 5,000 two merged groups imported each other, which scripts/vite-chunk-cycles.ts refuses;
            // at 4,000, once the insight screens came, the agent portal's sign-in page loaded the dialogs and the bell
            // with a merged group, 16 KB it never runs, and its Lighthouse score dropped; at 3,000 and 2,500, once the
            // date field came, two merged groups imported each other again).
            { name: 'shared', minShareCount: 2, entriesAware: true, entriesAwareMergeThreshold: 2_000, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000' } },
  },
});
