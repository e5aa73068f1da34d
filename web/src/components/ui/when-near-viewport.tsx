import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { useAfterFirstPaint } from '../../hooks/use-after-first-paint';

/**
 * Renders `children` once its place comes near the viewport (within `margin`), `placeholder` until then: parts below
 * the first screen (charts) load their code and data after it rather than with it
 * (docs/decisions/0026-agent-page-and-overview-charts.md), and never before the screen's first paint. Without
 * IntersectionObserver, just after that paint.
 */
export function WhenNearViewport({ children, placeholder, margin = '200px' }: { children: ReactNode; placeholder: ReactNode; margin?: string }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const anchor = useRef<HTMLDivElement>(null);
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (near || !anchor.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && startTransition(() => setNear(true)), { rootMargin: margin });
    observer.observe(anchor.current);
    return () => observer.disconnect();
  }, [near, margin]);
  return near && painted ? <>{children}</> : <div ref={anchor}>{placeholder}</div>;
}
