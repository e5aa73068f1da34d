import { cn } from '../../lib/cn';

export interface HorizontalBarsRow {
  label: string;
  /** Only for drawing: the bar's length against the largest value. People read `display`. */
  value: number;
  /** The value as shown to people, e.g. "12" or "12 agents". */
  display: string;
  /** The bar's fill, e.g. a tier's colour. Text is never drawn on it, so light colours keep their text readable. */
  color: string;
}

export interface HorizontalBarsProps {
  /** Names the list for assistive technology. */
  title: string;
  rows: HorizontalBarsRow[];
  className?: string;
}

/**
 * A distribution as a list: each row its label, a bar as long as its share of the largest value, and the value as text
 * beside the bar. The list reads the same without the bars, so it needs no other text alternative
 * (docs/decisions/0024-charts.md).
 */
export function HorizontalBars({ title, rows, className }: HorizontalBarsProps) {
  const largest = Math.max(0, ...rows.map((row) => (Number.isFinite(row.value) ? row.value : 0)));
  return (
    <ul aria-label={title} className={cn('grid grid-cols-[minmax(0,max-content)_1fr_max-content] items-center gap-x-3 gap-y-2 text-sm', className)}>
      {rows.map((row, index) => {
        const share = largest > 0 && row.value > 0 ? (row.value / largest) * 100 : 0;
        return (
          <li key={index} className="col-span-3 grid grid-cols-subgrid items-center">
            <span className="truncate text-slate-700" title={row.label}>
              {row.label}
              <span className="sr-only">: </span>
            </span>
            <span aria-hidden="true" className="h-3 rounded-full bg-slate-100">
              {/* A value above zero keeps a sliver, so that it never looks like none. */}
              <span className="block h-full rounded-full" style={{ width: `${share}%`, minWidth: share > 0 ? 4 : 0, backgroundColor: row.color }} />
            </span>
            <span className="text-right font-medium tabular-nums text-slate-900">{row.display}</span>
          </li>
        );
      })}
    </ul>
  );
}
