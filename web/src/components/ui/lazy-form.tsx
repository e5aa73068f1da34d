import type { BaseSyntheticEvent, ReactNode } from 'react';
import { Alert, AlertDescription } from './alert';

interface LazyFormProps {
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** The form's lazily fetched validator (a lazyZodResolver): fetched once the person reaches the form. */
  validation: { preload: () => void };
  /** A refusal no field can show (a lost session, the network), above the fields. */
  error: string | null | undefined;
  children: ReactNode;
}

/** A form whose validator comes when it is first used (focus, pointer), with a refusal of the whole form above its fields. */
export function LazyForm({ onSubmit, validation, error, children }: LazyFormProps) {
  return (
    <form onSubmit={onSubmit} onFocus={validation.preload} onPointerEnter={validation.preload} noValidate className="grid gap-4">
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      {children}
    </form>
  );
}
