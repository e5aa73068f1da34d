import { useEffect, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** One SVG path of the dark modules: a unit square per module, on a grid with a 4-module quiet zone. */
function modulesPath(modules: boolean[][]): string {
  const parts: string[] = [];
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + 4} ${y + 4}h1v1h-1z`);
    }),
  );
  return parts.join('');
}

/**
 * A QR code of `value`, drawn here in the browser (no image service sees the secret). The encoder is a chunk of its
 * own, fetched when the code is first shown (docs/decisions/0030-two-factor-sign-in.md).
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const t = useT(messages);
  const [drawn, setDrawn] = useState<{ value: string; size: number; path: string } | null>(null);

  useEffect(() => {
    let current = true;
    void import('uqr').then(({ encode }) => {
      if (!current) return;
      const { data, size } = encode(value, { ecc: 'M', border: 0 });
      setDrawn({ value, size, path: modulesPath(data) });
    });
    return () => {
      current = false;
    };
  }, [value]);

  if (!drawn || drawn.value !== value) {
    return (
      <div className="flex size-48 items-center justify-center rounded-md border border-slate-200 bg-white">
        <Spinner label={t('drawingQr')} className="min-h-0" />
      </div>
    );
  }
  const side = drawn.size + 8;
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${side} ${side}`} className="size-48 rounded-md border border-slate-200" shapeRendering="crispEdges">
      <rect width={side} height={side} fill="#fff" />
      <path d={drawn.path} fill="#000" />
    </svg>
  );
}
