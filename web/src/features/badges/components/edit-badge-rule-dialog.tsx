import { BADGE_DESCRIPTION_MAX, BADGE_NAME_MAX, type BadgeRule } from '@contract/badges';
import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { useSaveBadgeRule } from '../api/badges';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { checkBadgeRuleEdit, errorsOfRefusal, updateInputOf, type BadgeRuleErrors, type BadgeRuleWords } from '../utils/badge-rule-form';

/** A rule's name and description changed (its kind and settings never change: a badge held keeps its meaning). */
export function EditBadgeRuleDialog({ rule, open, onOpenChange }: { rule: BadgeRule; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT(messages);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('editBadge')}</DialogTitle>
            <DialogDescription>{t('editDescription', { name: rule.name })}</DialogDescription>
          </DialogHeader>
          <EditBadgeRuleForm rule={rule} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function EditBadgeRuleForm({ rule, onDone }: { rule: BadgeRule; onDone: () => void }) {
  const t = useT(messages);
  const save = useSaveBadgeRule();
  const before: BadgeRuleWords = { name: rule.name, description: rule.description };
  const [values, setValues] = useState(before);
  const [errors, setErrors] = useState<BadgeRuleErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkBadgeRuleEdit(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const update = updateInputOf(values, before);
    if (Object.keys(update).length === 0) return onDone();
    save.mutate(
      { id: rule.id, update },
      {
        onSuccess: (saved) => {
          toast({ title: t('badgeSaved'), description: t('badgeSavedDescription', { name: saved.name }), variant: 'success' });
          onDone();
        },
        onError: (failure) => {
          const refused = errorsOfRefusal(failure, t('saveFailed'));
          setErrors(refused);
          if (refused.form) toast({ title: t('error'), description: refused.form, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField label={t('name')} error={errors.name}>
        <Input value={values.name} maxLength={BADGE_NAME_MAX} onChange={(event) => setValues({ ...values, name: event.target.value })} />
      </FormField>
      <FormField label={t('description')} hint={t('descriptionHint')} error={errors.description}>
        <Textarea rows={3} value={values.description} maxLength={BADGE_DESCRIPTION_MAX} onChange={(event) => setValues({ ...values, description: event.target.value })} />
      </FormField>
      {errors.form && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {errors.form}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {save.isPending ? t('saving') : t('saveChanges')}
        </Button>
      </DialogFooter>
    </form>
  );
}
