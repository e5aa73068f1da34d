import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

/** The field for a code: one-time-code autocomplete, so phones offer a code they received. */
export function CodeField({
  label,
  value,
  onChange,
  error,
  hint,
  recovery = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  /** A recovery code is accepted too (letters): the keyboard is not numeric then. */
  recovery?: boolean;
}) {
  return (
    <FormField label={label} error={error} {...(hint ? { hint } : {})}>
      <Input
        name="code"
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        spellCheck={false}
        autoCapitalize="off"
        maxLength={recovery ? 20 : 7}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}
