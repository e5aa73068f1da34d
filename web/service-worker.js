// TierTrack's service worker (docs/decisions/0092-installable-app-and-push.md). The build (scripts/vite-service-worker.ts)
// writes it to sw.js with the app shell's files and a version made of them: a new build is a new worker.
//
// - The app shell (the built index.html, the entry's scripts and style sheets, the icons, the manifest and the offline
//   page) is cached at install; other built scripts (named by their content, never changed) are cached when first used.
// - Pages always come from the network (the server writes the organisation's settings and the route's scripts into
//   them); when the network fails, the offline page shows.
// - /api, /scim and event streams are never answered from or written to a cache: they go to the network as if no
//   worker were here. Nothing with personal data is ever cached.
// - A push shows a notification; a click on it opens the page it names, in the app only.
/* global __TIERTRACK_SHELL__ */

const VERSION = '__TIERTRACK_VERSION__';
const SHELL = __TIERTRACK_SHELL__;
const CACHE = `tiertrack-shell-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';

self.addEventListener('install', (event) => {
  // A new build takes over at once: the page that was open offers a reload (web/src/lib/service-worker.ts).
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith('tiertrack-') && key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

/** Whether a request must go to the network untouched: the API, SCIM, and any event stream. */
function neverCached(url, request) {
  return (
    url.pathname === '/api' ||
    url.pathname.startsWith('/api/') ||
    url.pathname.startsWith('/scim/') ||
    (request.headers.get('accept') || '').includes('text/event-stream')
  );
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || neverCached(url, request)) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(async () => (await caches.match(OFFLINE_PAGE)) || Response.error()));
    return;
  }
  const shell = SHELL.includes(url.pathname);
  const built = url.pathname.startsWith('/assets/');
  if (!shell && !built) return;
  event.respondWith(
    (async () => {
      const cached = await caches.match(request, { ignoreSearch: shell });
      if (cached) return cached;
      const answer = await fetch(request);
      // Built files are named by their content: one cached is never stale.
      if (built && answer.ok) {
        const copy = answer.clone();
        event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
      }
      return answer;
    })(),
  );
});

/** A path inside the app (a push names one); anything else opens the app's home. */
function inApp(path) {
  try {
    const target = new URL(path || '/', self.location.origin);
    return target.origin === self.location.origin ? target.href : new URL('/', self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(typeof data.title === 'string' && data.title ? data.title : 'TierTrack', {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' && data.tag ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: inApp(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = inApp(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const open = await clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = open.find((client) => client.url === target);
      if (same) return same.focus();
      if (open[0] && 'navigate' in open[0]) return open[0].navigate(target).then((client) => client && client.focus());
      return clients.openWindow(target);
    })(),
  );
});
