import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** The file the server reads to pick a page's HTML (server/http/route-pages.ts reads the same shape). */
const ROUTE_PAGES_MANIFEST = 'route-pages.json';
/** In a page for a browser that carries a session cookie: the app may read its signed-in data at once. */
const SESSION_HINT_META = '<meta name="tiertrack-session-hint" content="signed-in" />';

interface RoutePagesOptions {
  /** A URL path and the source module (from the project root) of the screen it shows, a dynamic import. */
  pages: Record<string, string>;
  /** The same for a browser that carries a session cookie: "/" shows the owner dashboard then. */
  signedIn: Record<string, string>;
  /**
   * Packages (node_modules names) that no page may load before its first paint, from the entry or its screen's static
   * imports: the build fails naming the page and the module that brought it. Forms fetch zod when first used
   * (web/src/lib/lazy-resolver.ts); one static import of a schema module would put its 60 KB back on the sign-in page.
   */
  notOnFirstScreen?: string[];
}

interface Manifest {
  pages: Record<string, string>;
  signedIn: Record<string, string>;
}

/**
 * Writes, beside index.html, one copy of it per route that names every script and style sheet the route's screen
 * will load (`<link rel="modulepreload">`): the browser fetches them with the entry instead of discovering them one
 * level at a time once the entry has run (each level a round trip). The server sends a route its copy
 * (route-pages.json), and index.html for anything else.
 */
export function routePages(options: RoutePagesOptions): Plugin {
  let root = '';
  return {
    name: 'tiertrack-route-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = path.resolve(config.root, '..');
    },
    generateBundle(_outputOptions, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') this.error('route pages: the build has no index.html');
      const template = html.source as string;
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('route pages: the build has no entry chunk');
      const loaded = closure(bundle, [entry.fileName]);

      const pageFor = (route: string, moduleId: string, signedIn: boolean) => {
        const source = path.resolve(root, moduleId);
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === source);
        if (!chunk) this.error(`route pages: no chunk for ${moduleId} (${route}); is it imported with import()?`);
        const scripts = [...closure(bundle, [chunk.fileName])].filter((file) => !loaded.has(file));
        for (const name of options.notOnFirstScreen ?? []) {
          const found = [...loaded, ...scripts].find((file) => (bundle[file] as OutputChunk).moduleIds.some((id) => id.includes(`/node_modules/${name}/`)));
          if (!found) continue;
          const via = importPath(bundle, [entry.fileName, chunk.fileName], found)
            .map((file) => {
              const ours = (bundle[file] as OutputChunk).moduleIds.filter((id) => !id.includes('/node_modules/')).map((id) => path.relative(root, id));
              return `${file}${ours.length ? ` [${ours.slice(0, 6).join(', ')}${ours.length > 6 ? ', ...' : ''}]` : ''}`;
            })
            .join(' -> ');
          this.error(`route pages: ${route}${signedIn ? ' (signed in)' : ''} loads ${name} before its first paint; load it with import() instead. Static imports: ${via}`);
        }
        const styles = new Set<string>();
        for (const file of scripts) for (const css of (bundle[file] as OutputChunk).viteMetadata?.importedCss ?? []) styles.add(css);
        const links = [
          ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...[...styles].filter((css) => !template.includes(`/${css}"`)).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
          ...(signedIn ? [SESSION_HINT_META] : []),
        ];
        const fileName = `pages/${signedIn ? 'signed-in/' : ''}${route === '/' ? 'index' : route.slice(1)}.html`;
        this.emitFile({ type: 'asset', fileName, source: template.replace('</head>', `  ${links.join('\n    ')}\n  </head>`) });
        return fileName;
      };

      const manifest: Manifest = { pages: {}, signedIn: {} };
      for (const [route, moduleId] of Object.entries(options.pages)) manifest.pages[route] = pageFor(route, moduleId, false);
      for (const [route, moduleId] of Object.entries(options.signedIn)) manifest.signedIn[route] = pageFor(route, moduleId, true);
      this.emitFile({ type: 'asset', fileName: ROUTE_PAGES_MANIFEST, source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}

/** The chunks from one of `start` to `target` along static imports (the shortest such path), both ends included. */
function importPath(bundle: OutputBundle, start: string[], target: string): string[] {
  const cameFrom = new Map<string, string | null>(start.map((file) => [file, null]));
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (file === target) {
      const steps: string[] = [];
      for (let at: string | null | undefined = file; at; at = cameFrom.get(at)) steps.unshift(at);
      return steps;
    }
    const chunk = bundle[file];
    for (const next of chunk?.type === 'chunk' ? chunk.imports : []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      queue.push(next);
    }
  }
  return [target];
}

/** The chunks the given ones load before they run: themselves and their static imports, transitively. */
function closure(bundle: OutputBundle, start: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  start.forEach(visit);
  return seen;
}
