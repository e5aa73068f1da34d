import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Written by the web build (scripts/vite-route-pages.ts): the HTML page of each client-side route. */
const MANIFEST = 'route-pages.json';
const pageFile = z.string().regex(/^pages\/[a-z0-9/-]+\.html$/);
const manifestSchema = z.object({ pages: z.record(z.string(), pageFile), signedIn: z.record(z.string(), pageFile) });

export interface RoutePages {
  /** The file (relative to the web root) to send for a client-side route: a page naming the route's scripts, or index.html. */
  fileFor(urlPath: string, hasSessionCookie: boolean): string;
}

/**
 * The build's per-route pages list every script a route's screen loads, so the browser fetches them all at once; a
 * browser that carries an owner or manager session cookie gets the page of the signed-in screen (the dashboard on
 * "/"). A cookie is only a hint here: the API still decides who is signed in. Without the manifest (an older build),
 * or for any other path, index.html.
 */
export function loadRoutePages(webRoot: string): RoutePages {
  const file = path.join(webRoot, MANIFEST);
  if (!existsSync(file)) return { fileFor: () => 'index.html' };
  let manifest: z.infer<typeof manifestSchema>;
  try {
    manifest = manifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    throw new Error(`The web build's ${file} is not valid: build the web app again (npm run build)`);
  }
  const present = (entries: Record<string, string>) =>
    new Map(Object.entries(entries).filter(([, page]) => existsSync(path.join(webRoot, page))));
  const pages = present(manifest.pages);
  const signedIn = present(manifest.signedIn);
  return {
    fileFor: (urlPath, hasSessionCookie) =>
      (hasSessionCookie ? signedIn.get(urlPath) : undefined) ?? pages.get(urlPath) ?? 'index.html',
  };
}
