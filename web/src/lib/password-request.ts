import { useSyncExternalStore } from 'react';

/**
 * The one open "Confirm your password" request (lib/reauthentication.ts asks; ConfirmPasswordHost in main.tsx shows
 * the dialog): apart from the helpers, so that the page's first script carries only this store.
 */

export interface PasswordRequest {
  /** Tells one request from the next. */
  id: number;
  /** The server's message: why the password is asked for. */
  message: string;
  /** The password was confirmed (true) or the person cancelled (false). */
  settle: (confirmed: boolean) => void;
}

let current: PasswordRequest | null = null;
let lastId = 0;
let waiting: Promise<boolean> | null = null;
const listeners = new Set<() => void>();

function publish(request: PasswordRequest | null) {
  current = request;
  for (const listener of listeners) listener();
}

/** Opens the dialog (or joins the request already open: one dialog answers every action waiting for it). */
export function requestPasswordConfirmation(message: string): Promise<boolean> {
  waiting ??= new Promise<boolean>((resolve) => {
    publish({
      id: ++lastId,
      message,
      settle: (confirmed) => {
        waiting = null;
        publish(null);
        resolve(confirmed);
      },
    });
  });
  return waiting;
}

/** The open request, for the dialog. */
export function usePasswordRequest(): PasswordRequest | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
