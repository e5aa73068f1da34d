import { AlertTriangle, Check, Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import { Input } from './input';
import { Label } from './label';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

/** The text with its first letter a capital ("address copied." is "Address copied."). */
const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** How long the Copy button says "Copied". */
const COPIED_MS = 2_000;

/**
 * A secret shown once (a TV link's address, an API token): read-only, with Copy, and the warning that it cannot be
 * shown again. `what` names it in the messages ("address", "token"); `warning` says what losing it means.
 */
export function SecretField({ label, value, what, warning }: { label: string; value: string; what: string; warning: ReactNode }) {
  const t = useT(messages);
  return (
    <>
      <CopyField label={label} value={value} what={what} />
      <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
        <span>
          <strong className="font-semibold">{t('shownOnce')}</strong> {warning}
        </span>
      </p>
    </>
  );
}

/** A read-only value with a Copy button; where copying is not available, the value is selected for the keyboard. */
export function CopyField({ label, value, what, hint }: { label: ReactNode; value: string; what: string; hint?: ReactNode }) {
  const t = useT(messages);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    if (copied !== 'yes') return;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    // navigator.clipboard is missing on an insecure origin (a LAN address over HTTP): the promise catches that too.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(value))
      .then(
        () => setCopied('yes'),
        () => {
          inputRef.current?.select();
          setCopied('failed');
        },
      );
  };

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          ref={inputRef}
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
          className="min-w-0 flex-1 bg-white font-mono text-xs sm:text-xs"
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        <Button type="button" onClick={copy} className="shrink-0">
          {copied === 'yes' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied === 'yes' ? t('copiedButton') : t('copy')}
        </Button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-700">
          {hint}
        </p>
      )}
      <p role="status" className="text-xs text-slate-700">
        {copied === 'failed'
          ? t('copyUnavailable', { what })
          : copied === 'yes'
            ? capitalised(t('copied', { what }))
            : ''}
      </p>
    </div>
  );
}
