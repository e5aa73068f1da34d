// Dark mode (docs/decisions/0087-dark-mode.md) turns over only the palette colours the screens use, so that the style
// sheet every page waits for does not carry Tailwind's whole palette twice. A colour class added later without its dark
// value would stay light on a dark page: this test names it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = join(import.meta.dirname, '../../web/src');
const PALETTE = 'slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose';
// A utility that takes a palette colour ("bg-amber-50", "hover:text-slate-900", "border-l-emerald-500", "bg-red-50/60").
const COLOUR_CLASS = new RegExp(`(?<![\\w-])(?:[a-z-]+:)*(?:bg|text|border(?:-[trblxyse])?|ring|ring-offset|outline|fill|stroke|from|via|to|divide|placeholder|accent|caret|decoration|shadow)-(${PALETTE})-(\\d{2,3})\\b`, 'g');
// A colour read as a variable in code or CSS ("var(--color-slate-400)").
const COLOUR_VARIABLE = new RegExp(`--color-(${PALETTE})-(\\d{2,3})\\b`, 'g');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(tsx?|css)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

function darkBlock(): string {
  const styles = readFileSync(join(WEB, 'styles.css'), 'utf8');
  const match = /:root\.dark \{([\s\S]*?)\n\}/.exec(styles);
  if (!match) throw new Error('styles.css has no :root.dark block');
  return match[1]!;
}

describe('the dark palette', () => {
  it('gives every palette colour the screens use a dark value', () => {
    const dark = new Set([...darkBlock().matchAll(/--color-([a-z]+-\d{2,3}):/g)].map((match) => match[1]!));
    const used = new Map<string, string>();
    for (const file of sourceFiles(WEB)) {
      // The TV board keeps its own look; styles.css defines the dark values themselves.
      if (file.includes('tv-board') || file.endsWith('styles.css')) continue;
      const text = readFileSync(file, 'utf8');
      for (const pattern of [COLOUR_CLASS, COLOUR_VARIABLE]) {
        for (const match of text.matchAll(pattern)) used.set(`${match[1]}-${match[2]}`, file.slice(WEB.length + 1));
      }
    }
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter(([colour]) => !dark.has(colour)).map(([colour, file]) => `${colour} (${file})`);
    expect(missing, 'colours without a dark value in web/src/styles.css :root.dark').toEqual([]);
  });
});
