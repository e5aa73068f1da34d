import { errorMessage } from '../../lib/api-client';

/** Where a list would be when its read failed: the server's message, else `fallback` ("Failed to load agents"). */
export function LoadError({ error, fallback }: { error: unknown; fallback: string }) {
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
      {errorMessage(error, fallback)}
    </p>
  );
}
