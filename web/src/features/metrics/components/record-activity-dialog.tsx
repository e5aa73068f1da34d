import { Activity } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useMetrics } from '../../../lib/metrics';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

// The dialog (Radix's) and its form load as the pointer or the focus reaches the button, not with the dashboard.
const loadDialog = () => import('./record-activity-dialog-content');
const RecordActivityDialogContent = lazy(() => loadDialog().then((m) => ({ default: m.RecordActivityDialogContent })));

/**
 * Record Activity, for owners and managers (a manager for the agents of their teams): a call, a meeting, a deal on one
 * of the owner's metrics. Shown only once there is an active metric besides profit.
 */
export function RecordActivityDialog() {
  const t = useT(messages);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const metrics = useMetrics();
  const recordable = (metrics.data ?? []).filter((metric) => !metric.builtIn && metric.active);
  if (recordable.length === 0) return null;
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
      >
        <Activity aria-hidden="true" />
        {t('recordActivity')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <RecordActivityDialogContent metrics={recordable} onClose={() => setOpen(false)} onCloseFocus={() => button.current?.focus()} />
        </Suspense>
      )}
    </>
  );
}
