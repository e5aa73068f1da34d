/** Near-black (slate-950) and white: the two text colours a tier colour can carry. */
const DARK = '#020617';
const LIGHT = '#ffffff';

/** WCAG relative luminance of a #rgb or #rrggbb colour; undefined for anything else. */
function luminance(color: string): number | undefined {
  const hex = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = parseInt(full.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/**
 * The text colour with the stronger contrast on `background` (a tier's colour, which the owner may change): one of the
 * two always reaches 4.5:1. A colour that is not hex is replaced by `fallback`.
 */
export function readableTextOn(background: string, fallback = '#b45309'): { background: string; color: string } {
  const known = luminance(background);
  const used = known === undefined ? fallback : background;
  const l = luminance(used) ?? 0;
  return { background: used, color: (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? DARK : LIGHT };
}
