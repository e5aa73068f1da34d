import { toast } from '../components/ui/use-toast';

/** The worker the build writes (scripts/vite-service-worker.ts): the app shell, the offline page and pushes. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker (docs/decisions/0092-installable-app-and-push.md); main.tsx calls it once the page has
 * loaded, so the first paint never waits for it. A new build's worker takes over by itself: a page that was already
 * controlled by an older one offers a reload, since its scripts are the older build's.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const hadWorker = navigator.serviceWorker.controller !== null;
  let told = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadWorker || told) return;
    told = true;
    toast({
      title: 'A new version of TierTrack is available.',
      description: (
        <button type="button" className="font-semibold underline underline-offset-2" onClick={() => window.location.reload()}>
          Reload
        </button>
      ),
      duration: Number.POSITIVE_INFINITY,
    });
  });
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
}
