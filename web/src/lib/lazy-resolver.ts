import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export interface LazyResolver<TValues extends FieldValues, TOutput> {
  resolver: Resolver<TValues, unknown, TOutput>;
  /** Starts fetching the validator (when the person reaches the form), so that the first submit does not wait. */
  preload: () => void;
}

/**
 * A form resolver whose validator (zod and the form's schema, about 30 KB) is fetched when the form is first used
 * rather than with the screen: a sign-in page paints without waiting for it. A failed fetch is tried again at the
 * next validation.
 */
function lazyResolver<TValues extends FieldValues, TOutput = TValues>(
  load: () => Promise<Resolver<TValues, unknown, TOutput>>,
): LazyResolver<TValues, TOutput> {
  let loading: Promise<Resolver<TValues, unknown, TOutput>> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => undefined),
  };
}

/** lazyResolver for a zod schema: the schema's module and zod's resolver are fetched together when the form is used. */
export function lazyZodResolver<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  loadSchema: () => Promise<TSchema>,
): LazyResolver<z.input<TSchema>, z.output<TSchema>> {
  return lazyResolver(() =>
    Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(([{ zodResolver }, schema]) => zodResolver(schema)),
  );
}
