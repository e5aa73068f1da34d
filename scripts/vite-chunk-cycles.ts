import type { Plugin } from 'vite';

/**
 * Fails the build when the scripts it wrote import each other in a circle. Grouping shared modules into chunks
 * (vite.config.ts, codeSplitting) can put two modules that import each other's neighbours into two chunks that import
 * each other; whichever loads second then runs its top-level code before the other's, and reads values that do not
 * exist yet (a zod schema's `.shape` of undefined, in one build of the void dialog). Cheaper to refuse the build than
 * to find it in a browser.
 */
export function refuseChunkCycles(): Plugin {
  return {
    name: 'refuse-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') imports.set(file, output.imports);
      }
      const state = new Map<string, 'visiting' | 'done'>();
      const path: string[] = [];
      const visit = (file: string): string[] | undefined => {
        state.set(file, 'visiting');
        path.push(file);
        for (const next of imports.get(file) ?? []) {
          if (state.get(next) === 'visiting') return [...path.slice(path.indexOf(next)), next];
          if (!state.has(next)) {
            const cycle = visit(next);
            if (cycle) return cycle;
          }
        }
        path.pop();
        state.set(file, 'done');
        return undefined;
      };
      for (const file of imports.keys()) {
        if (state.has(file)) continue;
        const cycle = visit(file);
        if (cycle) {
          this.error(
            `These scripts import each other in a circle:\n  ${cycle.join('\n  -> ')}\n` +
              'Change the chunk groups in vite.config.ts (entriesAwareMergeThreshold, or a group of its own for the modules concerned).',
          );
        }
      }
    },
  };
}
