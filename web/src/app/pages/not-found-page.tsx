import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

export function NotFoundPage() {
  const t = useT(messages);
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="flex items-center gap-2">
            <AlertCircle className="size-8 text-red-600" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-slate-900">{t('notFoundTitle')}</h1>
          </div>
          <p className="mt-4 text-sm text-slate-700">{t('notFoundText')}</p>
          <Button asChild className="mt-6">
            <Link href={paths.home}>{t('backHome')}</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
