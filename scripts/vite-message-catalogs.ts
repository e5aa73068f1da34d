import { createRequire } from 'node:module';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const CATALOG = /[\\/]messages[\\/][a-z-]+\.json$/;

/**
 * Message catalogs parsed at build time (docs/decisions/0093-message-catalogs.md): every `messages/<language>.json`
 * reaches the bundle as the syntax trees of its ICU messages, and in a build the parser is replaced by formatjs's
 * no-parser module, so the screens carry only the formatter (about 7 KB less gzip). A message that does not parse
 * fails the build, naming its file and key.
 */
export function messageCatalogs(): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: 'tiertrack-message-catalogs',
    enforce: 'pre',
    config(_config, { command }) {
      if (command !== 'build') return undefined;
      return {
        resolve: {
          alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: require.resolve('@formatjs/icu-messageformat-parser/no-parser.js') }],
        },
      };
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!CATALOG.test(file)) return undefined;
      const messages = JSON.parse(code) as Record<string, unknown>;
      const trees = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => {
          if (typeof message !== 'string') this.error(`${file}: ${key} is not a string`);
          try {
            return [key, parse(message, { ignoreTag: true })];
          } catch (error) {
            return this.error(`${file}: ${key} is not an ICU message: ${error instanceof Error ? error.message : String(error)}`);
          }
        }),
      );
      // Still JSON: Vite's JSON plugin makes it a module.
      return { code: JSON.stringify(trees), map: null };
    },
  };
}
