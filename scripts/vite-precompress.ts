import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes a .br and a .gz copy beside every text file of the build, compressed once at the highest levels, for the
 * server to send to browsers that accept them (@fastify/static preCompressed): the landing page's scripts cross the
 * network at a quarter of their size, and nothing is compressed per request.
 */
export function precompress(): Plugin {
  return {
    name: 'tiertrack-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const target = path.join(dir, file);
        const data = readFileSync(target);
        // Below a packet, compression saves nothing worth a second file.
        if (data.length < 1024) continue;
        writeFileSync(`${target}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${target}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
      }
    },
  };
}
