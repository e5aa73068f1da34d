// The web app's per-route pages (scripts/vite-route-pages.ts writes them; server/http/route-pages.ts picks one):
// a client-side route gets the page that preloads its screen's scripts, "/" with an owner or manager session cookie
// gets the signed-in page, and anything else (or a build without the manifest) gets index.html.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { Database } from '../../server/db/client';
import { loadRoutePages } from '../../server/http/route-pages';
import { openTestDatabase } from '../support/test-database';
import { testConfig } from '../support/test-app';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A web root with index.html and the given files (path -> content). */
function webRoot(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'tiertrack-route-pages-'));
  roots.push(root);
  for (const [file, content] of Object.entries({ 'index.html': '<!doctype html><title>index</title>', ...files })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return root;
}

const BUILT = {
  'route-pages.json': JSON.stringify({
    pages: { '/agents': 'pages/agents.html', '/login': 'pages/login.html', '/agent/dashboard': 'pages/agent/dashboard.html' },
    signedIn: { '/': 'pages/signed-in/index.html' },
  }),
  'pages/agents.html': '<!doctype html><title>agents</title>',
  'pages/agent/dashboard.html': '<!doctype html><title>agent dashboard</title>',
  'pages/signed-in/index.html': '<!doctype html><title>signed in</title>',
  // pages/login.html is listed but missing: index.html is sent instead.
};

async function withApp(root: string, run: (app: FastifyInstance) => Promise<void>) {
  const database: Database = await openTestDatabase('pglite');
  const app = await createApp({ database, config: testConfig(), webRoot: root });
  try {
    await run(app);
  } finally {
    await app.close();
    await database.close();
  }
}

const titleOf = (body: string) => /<title>([^<]*)<\/title>/.exec(body)?.[1];

describe('per-route pages', () => {
  it("send a route its page, '/' with a session cookie the signed-in page, and index.html otherwise", async () => {
    await withApp(webRoot(BUILT), async (app) => {
      const cases: Array<[url: string, cookie: string | undefined, title: string]> = [
        ['/agents', undefined, 'agents'],
        ['/agents?from=mail', undefined, 'agents'],
        ['/agent/dashboard', 'agent_sid=abc', 'agent dashboard'],
        ['/', undefined, 'index'],
        ['/', 'agent_sid=abc', 'index'],
        ['/', 'sid=abc', 'signed in'],
        ['/?tab=1', 'theme=dark; sid=abc', 'signed in'],
        ['/agents', 'sid=abc', 'agents'],
        ['/login', undefined, 'index'],
        ['/no-such-screen', 'sid=abc', 'index'],
      ];
      for (const [url, cookie, title] of cases) {
        const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, `${url} ${cookie}`).toBe(200);
        expect(titleOf(res.body), `${url} ${cookie}`).toBe(title);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.headers.vary, url).toContain('Cookie');
      }
      // The pages are files of the build like any other, and API paths never fall back to a page.
      expect((await app.inject({ method: 'GET', url: '/api/agents-page', headers: { cookie: 'sid=abc' } })).statusCode).toBe(404);
    });
  });

  it('fall back to index.html for every route when the build has no manifest', async () => {
    await withApp(webRoot({ 'pages/agents.html': '<!doctype html><title>agents</title>' }), async (app) => {
      for (const url of ['/agents', '/']) {
        const res = await app.inject({ method: 'GET', url, headers: { cookie: 'sid=abc' } });
        expect(titleOf(res.body), url).toBe('index');
      }
    });
  });

  it('refuse a manifest that names a file outside the pages folder', () => {
    const root = webRoot({ 'route-pages.json': JSON.stringify({ pages: { '/agents': '../secret.html' }, signedIn: {} }) });
    expect(() => loadRoutePages(root)).toThrow(/route-pages\.json is not valid: build the web app again/);
    const garbled = webRoot({ 'route-pages.json': '{"pages": ' });
    expect(() => loadRoutePages(garbled)).toThrow(/route-pages\.json is not valid/);
  });
});
