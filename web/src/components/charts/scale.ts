import { orgLocale } from '../../lib/format';
/** The pure geometry of the charts (docs/decisions/0024-charts.md): ticks, bar columns, which x labels fit. */

export interface LinearScale {
  /** The first and last tick: the drawn domain, always holding 0. */
  min: number;
  max: number;
  step: number;
  ticks: number[];
}

/** The smallest of 1, 2, 5 times a power of ten that is at least `rough`. */
export function niceStep(rough: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / magnitude;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return cleanFloat(nice * magnitude);
}

// 0.1 * 3 is 0.30000000000000004: ticks are shown as text, so they are rounded back to what they mean.
const cleanFloat = (n: number) => Number(n.toPrecision(12));
// Values that are a multiple of the step up to float error must not gain an interval of their own.
const EPSILON = 1e-9;

/**
 * Ticks at a round step over the values and zero (a bar is drawn from zero, so zero is always in the domain), at most
 * `maxTicks` of them (but 3 when the values lie on both sides of zero and fewer were asked). No values, or only zeros,
 * give the single tick 0 over the domain 0 to 1: the baseline at the bottom. `wholeNumbers`: a step of at least 1, for
 * values that are counts (half a call is no tick).
 */
export function niceScale(values: readonly number[], maxTicks = 5, wholeNumbers = false): LinearScale {
  const finite = values.filter(Number.isFinite);
  const low = Math.min(0, ...finite);
  const high = Math.max(0, ...finite);
  if (low === high) return { min: 0, max: 1, step: 1, ticks: [0] };
  // Zero is a tick, so values on both sides of it need an interval on each side.
  const intervals = Math.max(low < 0 && high > 0 ? 2 : 1, Math.floor(maxTicks) - 1);
  let step = Math.max(niceStep((high - low) / intervals), wholeNumbers ? 1 : 0);
  // Rounding both ends outwards can need one interval more than planned: take the next round step then.
  const first = () => Math.floor(low / step + EPSILON);
  const last = () => Math.ceil(high / step - EPSILON);
  while (last() - first() > intervals) step = niceStep(step * 1.5);
  const ticks: number[] = [];
  for (let k = first(); k <= last(); k++) ticks.push(cleanFloat(k * step));
  // A dip too small to draw (a week's deduction of $300 beside $150K weeks) gets no negative tick: an axis down to
  // -$50K for it reads as a loss nobody had. The domain reaches just below it; the table view gives its figure.
  const dip = -low;
  if (low < 0 && high > 0 && dip < step * SMALL_DIP && ticks[0]! < 0) {
    const kept = ticks.filter((tick) => tick >= 0);
    return { min: cleanFloat(low * 1.5), max: kept[kept.length - 1]!, step, ticks: kept };
  }
  return { min: ticks[0]!, max: ticks[ticks.length - 1]!, step, ticks };
}

/** Below this share of a step, values under zero draw no tick of their own. */
const SMALL_DIP = 0.05;

/** The y coordinate of a value, with the plot from `top` (the scale's max) down `height` pixels (its min). */
export function yOf(value: number, scale: LinearScale, top: number, height: number): number {
  const clamped = Math.min(scale.max, Math.max(scale.min, Number.isFinite(value) ? value : 0));
  return top + ((scale.max - clamped) / (scale.max - scale.min)) * height;
}

/** A bar's rectangle between zero and its value: above the baseline when positive, below it when negative. */
export function barSpan(value: number, scale: LinearScale, top: number, height: number): { y: number; height: number } {
  const zero = yOf(0, scale, top, height);
  const end = yOf(value, scale, top, height);
  return { y: Math.min(zero, end), height: Math.abs(end - zero) };
}

export interface Column {
  /** The column a point owns: where it is hovered and what its focus ring surrounds. */
  x: number;
  width: number;
  /** The bar, centred in its column. */
  barX: number;
  barWidth: number;
  center: number;
}

/** Equal columns across `width` from `left`, each bar `1 - padding` of its column and at most `maxBarWidth` wide. */
export function columns(count: number, left: number, width: number, { padding = 0.3, maxBarWidth = 48 } = {}): Column[] {
  if (count <= 0 || width <= 0) return [];
  const step = width / count;
  const barWidth = Math.max(1, Math.min(maxBarWidth, step * (1 - padding)));
  return Array.from({ length: count }, (_, i) => {
    const x = left + i * step;
    return { x, width: step, barX: x + (step - barWidth) / 2, barWidth, center: x + step / 2 };
  });
}

/**
 * Where a label of `labelWidth` centred on `center` goes so that it stays within 0..`width`: centred when it fits,
 * else against the nearer edge (SVG text-anchor).
 */
export function labelPlacement(center: number, labelWidth: number, width: number): { x: number; anchor: 'start' | 'middle' | 'end' } {
  if (center - labelWidth / 2 < 0) return { x: 0, anchor: 'start' };
  if (center + labelWidth / 2 > width) return { x: width, anchor: 'end' };
  return { x: center, anchor: 'middle' };
}

/** Whether the label at `index` is shown: every `stride`-th counted back from the last, the most recent point. */
export function showsLabel(index: number, count: number, stride: number): boolean {
  return (count - 1 - index) % stride === 0;
}

/**
 * Show every n-th x label, n the smallest for which the shown labels, placed by `labelPlacement` (edge labels pushed
 * inwards), leave at least `gap` pixels between each other.
 */
export function labelStride(centers: readonly number[], labelWidths: readonly number[], width: number, gap = 8): number {
  const count = centers.length;
  const extent = (i: number) => {
    const w = labelWidths[i] ?? 0;
    const { x, anchor } = labelPlacement(centers[i]!, w, width);
    const start = anchor === 'start' ? x : anchor === 'end' ? x - w : x - w / 2;
    return { start, end: start + w };
  };
  for (let stride = 1; stride < count; stride++) {
    let previousEnd = -Infinity;
    let fits = true;
    for (let i = 0; i < count && fits; i++) {
      if (!showsLabel(i, count, stride)) continue;
      const { start, end } = extent(i);
      fits = start >= previousEnd + gap;
      previousEnd = end;
    }
    if (fits) return stride;
  }
  return Math.max(1, count);
}

/** Widths in em of character classes, generous for the widest usual system font (DejaVu Sans on Linux). */
function emWidth(character: string): number {
  if (/[WMmw@%]/.test(character)) return 0.95;
  if (/[A-Z]/.test(character)) return 0.72;
  if (/[\s.,:;'|!ijlrtf()[\]-]/.test(character)) return 0.4;
  return 0.64;
}

/**
 * An estimate of a text's width in pixels, without a browser to measure it (the layout is computed before anything
 * is drawn): enough to keep labels apart, with the gap between them absorbing the error.
 */
export function textWidth(text: string, fontSize = 12): number {
  let ems = 0;
  for (const character of text) ems += emWidth(character);
  return ems * fontSize;
}

let compact: { locale: string; format: Intl.NumberFormat } | undefined;

/** The default axis tick: "0", "950", "1.2K", "-300", "3M" (en-US); in the organisation's locale ("1200", "3 Mio."). */
export function formatCompact(n: number): string {
  const locale = orgLocale();
  if (compact?.locale !== locale) compact = { locale, format: new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }) };
  return compact.format.format(n);
}
