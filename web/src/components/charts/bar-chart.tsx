import { Table2 } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn';
import { useT } from '../../lib/i18n/translate';
import { Button } from '../ui/button';
import { messages } from './messages';
import { barSpan, columns, formatCompact, labelPlacement, labelStride, niceScale, showsLabel, textWidth, yOf } from './scale';

// Our own SVG bar chart rather than a chart library: docs/decisions/0024-charts.md. Import it only from lazily loaded
// screens, so that it stays out of the first page's scripts.

export interface BarChartPoint {
  label: string;
  /** Only for drawing: the bar's height. People read `display`. */
  value: number;
  /** The value as shown to people, e.g. "$1,200". */
  display: string;
  /** The bar's fill; the brand colour when absent. */
  color?: string;
}

export interface BarChartProps {
  /** Names the chart for assistive technology and captions its table. */
  title: string;
  points: BarChartPoint[];
  /** A sentence shown under the chart, and its description for screen readers. */
  summary?: string;
  /** Height of the drawing in pixels. */
  height?: number;
  /** Column headings of the table view: the labels' ("Week") and the values' ("Income"). */
  labelHeading: string;
  valueLabel: string;
  /** Axis tick text; compact numbers ("1.2K", "3M") by default. */
  formatTick?: (n: number) => string;
  /** The values are counts: the axis steps by whole numbers. */
  wholeNumbers?: boolean;
  className?: string;
}

const MARGIN = { top: 10, right: 4, bottom: 24, gap: 6 };
// Under this many pixels of plot per tick the axis would crowd: the number of ticks follows the height.
const PIXELS_PER_TICK = 36;

/** A ref for an element and its width in pixels, followed as it changes; 0 until measured. */
function useWidth<T extends Element>() {
  const [width, setWidth] = useState(0);
  // A callback ref, so that an element mounted again (after the table view) is observed again.
  const ref = useCallback((element: T | null) => {
    if (!element) return;
    // Delivered before the first paint, and again whenever the layout changes the width.
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * A bar chart of values from zero, with a table of the same numbers a button away. Each bar can be reached with Tab
 * (and the arrow keys between bars) and names its label and value; hovering or focusing one shows them in a tooltip.
 */
export function BarChart({ title, points, summary, height = 180, labelHeading, valueLabel, formatTick = formatCompact, wholeNumbers = false, className }: BarChartProps) {
  const t = useT(messages);
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  const [containerRef, width] = useWidth<HTMLDivElement>();
  const [hovered, setHovered] = useState<number | null>(null);
  const [focused, setFocused] = useState<{ index: number; ring: boolean } | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const barRefs = useRef<(SVGGElement | null)[]>([]);

  const titleId = `${id}-title`;
  const summaryId = `${id}-summary`;

  const plotTop = MARGIN.top;
  const plotHeight = Math.max(20, height - MARGIN.top - MARGIN.bottom);
  const scale = niceScale(
    points.map((point) => point.value),
    Math.max(2, Math.floor(plotHeight / PIXELS_PER_TICK) + 1),
    wholeNumbers,
  );
  const tickLabels = scale.ticks.map((tick) => formatTick(tick));
  const plotLeft = Math.max(...tickLabels.map((text) => textWidth(text))) + MARGIN.gap;
  const plotWidth = Math.max(0, width - plotLeft - MARGIN.right);
  const cols = columns(points.length, plotLeft, plotWidth);
  const labelWidths = points.map((point) => textWidth(point.label));
  const stride = labelStride(
    cols.map((column) => column.center),
    labelWidths,
    width,
  );
  const zeroY = yOf(0, scale, plotTop, plotHeight);

  const active = dismissed ? null : (hovered ?? focused?.index ?? null);
  const activePoint = active === null ? undefined : points[active];
  const activeColumn = active === null ? undefined : cols[active];

  // Escape hides the tooltip wherever focus is, also one shown by the pointer alone (WCAG 1.4.13).
  const showing = active !== null;
  useEffect(() => {
    if (!showing) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [showing]);

  const moveFocus = (event: KeyboardEvent, index: number) => {
    const target =
      event.key === 'ArrowRight' ? index + 1
      : event.key === 'ArrowLeft' ? index - 1
      : event.key === 'Home' ? 0
      : event.key === 'End' ? points.length - 1
      : undefined;
    if (target === undefined) return;
    event.preventDefault();
    barRefs.current[Math.min(points.length - 1, Math.max(0, target))]?.focus();
  };

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div className="flex justify-end">
        {/* One name in both states: the pressed state says which view is on (a changing name would contradict it). */}
        <Button
          variant="outline"
          size="sm"
          aria-pressed={asTable}
          onClick={() => {
            setAsTable((on) => !on);
            // The bars unmount without a pointer leaving or a blur: nothing may stay highlighted for later.
            setHovered(null);
            setFocused(null);
          }}
          className="aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-900">
          <Table2 aria-hidden="true" />
          {t('showAsTable')}
        </Button>
      </div>

      {asTable ? (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-describedby={summary ? summaryId : undefined}>
            <caption className="pb-2 text-left font-medium text-slate-900">{title}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-1.5 pr-4 text-left font-medium">
                  {labelHeading}
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  {valueLabel}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((point, index) => (
                <tr key={index} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-1.5 pr-4 text-left font-normal text-slate-700">
                    {point.label}
                  </th>
                  <td className="py-1.5 text-right tabular-nums text-slate-900">{point.display}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div ref={containerRef} className="relative w-full" style={{ height }}>
          {/* Hidden: it only names the drawing, which would otherwise be read twice. */}
          <span id={titleId} hidden>
            {title}
          </span>
          {width > 0 && (
            <svg
              role="group"
              aria-labelledby={titleId}
              aria-describedby={summary ? summaryId : undefined}
              viewBox={`0 0 ${width} ${height}`}
              width="100%"
              height={height}
              className="block overflow-visible text-xs"
            >
              <g aria-hidden="true">
                {scale.ticks.map((tick, i) => {
                  const y = yOf(tick, scale, plotTop, plotHeight);
                  return (
                    <g key={tick}>
                      {tick !== 0 && <line x1={plotLeft} x2={width - MARGIN.right} y1={y} y2={y} className="stroke-slate-200" />}
                      <text x={plotLeft - MARGIN.gap} y={y} textAnchor="end" dominantBaseline="middle" className="fill-slate-600 tabular-nums">
                        {tickLabels[i]}
                      </text>
                    </g>
                  );
                })}
                {activeColumn && <rect x={activeColumn.x} y={plotTop} width={activeColumn.width} height={plotHeight} className="fill-slate-100" />}
              </g>

              {points.map((point, index) => {
                const column = cols[index];
                if (!column) return null;
                const bar = barSpan(point.value, scale, plotTop, plotHeight);
                return (
                  <g
                    key={index}
                    ref={(element) => {
                      barRefs.current[index] = element;
                    }}
                    role="img"
                    aria-label={t('bar', { label: point.label, value: point.display })}
                    tabIndex={0}
                    className="outline-none"
                    onPointerEnter={() => {
                      setHovered(index);
                      setDismissed(false);
                    }}
                    onPointerLeave={() => setHovered((current) => (current === index ? null : current))}
                    onFocus={(event) => {
                      setFocused({ index, ring: event.currentTarget.matches(':focus-visible') });
                      setDismissed(false);
                    }}
                    onBlur={() => setFocused(null)}
                    onKeyDown={(event) => moveFocus(event, index)}
                  >
                    {/* The whole column answers the pointer, so that short and zero bars can be hovered too. */}
                    <rect x={column.x} y={plotTop} width={column.width} height={plotHeight} fill="transparent" />
                    <rect
                      x={column.barX}
                      y={bar.y}
                      width={column.barWidth}
                      height={bar.height}
                      rx={Math.min(2, column.barWidth / 4)}
                      className={point.color ? undefined : 'fill-brand-600'}
                      fill={point.color}
                    />
                  </g>
                );
              })}

              <g aria-hidden="true">
                <line x1={plotLeft} x2={width - MARGIN.right} y1={zeroY} y2={zeroY} className="stroke-slate-400" />
                {points.map((point, index) => {
                  const column = cols[index];
                  if (!column || !showsLabel(index, points.length, stride)) return null;
                  const place = labelPlacement(column.center, labelWidths[index] ?? 0, width);
                  return (
                    <text key={index} x={place.x} y={height - 6} textAnchor={place.anchor} className="fill-slate-600">
                      {point.label}
                    </text>
                  );
                })}
                {focused?.ring && !dismissed && cols[focused.index] && (
                  <rect
                    x={cols[focused.index]!.x + 1}
                    y={plotTop - 2}
                    width={Math.max(2, cols[focused.index]!.width - 2)}
                    height={plotHeight + 4}
                    rx={3}
                    fill="none"
                    strokeWidth={2}
                    className="stroke-brand-600"
                  />
                )}
              </g>
            </svg>
          )}

          {activePoint && activeColumn && width > 0 && (
            <Tooltip
              point={activePoint}
              x={activeColumn.center}
              y={Math.min(zeroY, barSpan(activePoint.value, scale, plotTop, plotHeight).y) - 4}
              width={width}
            />
          )}
        </div>
      )}

      {summary && (
        <p id={summaryId} className="text-sm text-slate-600">
          {summary}
        </p>
      )}
    </div>
  );
}

// About the tooltip's height (two lines of 12 px text and its padding): it goes above the bar when that much fits.
const TOOLTIP_HEIGHT = 48;

/**
 * The label and value of the bar under the pointer or focus. It is anchored at the bar and shifted left by the same
 * fraction of its own width as the bar's position across the chart, so that it never leaves the chart, at any width
 * and for any text narrower than the chart. The bar's own name already tells assistive technology the same.
 */
function Tooltip({ point, x, y, width }: { point: BarChartPoint; x: number; y: number; width: number }) {
  const across = Math.min(1, Math.max(0, x / width));
  const above = y >= TOOLTIP_HEIGHT;
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute z-10 w-max max-w-full rounded-md border border-slate-200 bg-white px-2.5 py-1.5 text-xs shadow-md"
      style={{ left: x, top: above ? y : 0, transform: `translate(${-across * 100}%, ${above ? '-100%' : '0'})` }}
    >
      <div className="text-slate-600">{point.label}</div>
      <div className="font-semibold tabular-nums text-slate-900">{point.display}</div>
    </div>
  );
}
