import { Copy, Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** The ten recovery codes, shown once, with ways to keep them: copy, or download as a text file. */
export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const t = useT(messages);
  const text = `${t('recoveryFileText', { email })}\n\n${codes.join('\n')}\n`;

  const copy = () =>
    navigator.clipboard.writeText(codes.join('\n')).then(
      () => toast({ title: t('copied'), description: t('copiedDescription'), variant: 'success' }),
      () => toast({ title: t('copyFailed'), description: t('copyFailedDescription'), variant: 'destructive' }),
    );

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'tiertrack-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="grid gap-3">
      <ul aria-label={t('recoveryCodes')} className="grid grid-cols-2 gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t('copyCodes')}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={download}>
          <Download aria-hidden="true" />
          {t('downloadCodes')}
        </Button>
      </div>
    </div>
  );
}
