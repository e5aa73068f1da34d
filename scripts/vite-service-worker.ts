import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes the service worker (web/service-worker.js) to sw.js at the build, with the app shell it caches at install and
 * a version made of the build's file list (docs/decisions/0092-installable-app-and-push.md): every build whose files
 * differ is a new worker, which installed copies of the app pick up. The shell: index.html, the scripts and style sheets
 * it loads (the entry and what it preloads), and every file of web/public (icons, manifest, offline page). The other
 * built scripts are cached when first used; API answers never are.
 */
export function serviceWorker(options: { template: string; publicDir: string }): Plugin {
  const publicFiles = (dir: string, prefix = ''): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? publicFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`/${prefix}${entry.name}`],
    );
  return {
    name: 'tiertrack-service-worker',
    apply: 'build',
    // After Vite's HTML plugin has written index.html into the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') this.error('service worker: the build has no index.html');
      // What index.html names: its entry script, the scripts it preloads, its style sheets.
      const named = [...html.source.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
      const shell = ['/index.html', ...new Set(named), ...publicFiles(options.publicDir).filter((file) => !file.endsWith('.svg'))].sort();
      const everything = Object.keys(bundle).sort();
      const version = createHash('sha256').update(JSON.stringify(everything)).digest('hex').slice(0, 16);
      const source = readFileSync(options.template, 'utf8').replace("'__TIERTRACK_VERSION__'", JSON.stringify(version)).replace('const SHELL = __TIERTRACK_SHELL__;', `const SHELL = ${JSON.stringify(shell)};`);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
