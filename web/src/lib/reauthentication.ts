import { ApiError } from './api-client';
import { requestPasswordConfirmation } from './password-request';

/**
 * Sensitive actions (deleting an agent or a manager, the sign-up settings, a backup) answer 403
 * REAUTHENTICATION_REQUIRED when the password was not entered in the last minutes. `withReauthentication` runs such
 * an action; on that answer it asks for the password in the one confirm-password dialog (ConfirmPasswordHost, mounted
 * once in main.tsx) and, once the server has accepted it, runs the action again. Cancelling abandons the action with
 * a ReauthenticationCancelled error, which callers pass over quietly (`isReauthenticationCancelled`).
 */

export class ReauthenticationCancelled extends Error {
  constructor() {
    super('The password was not confirmed');
    this.name = 'ReauthenticationCancelled';
  }
}

export function isReauthenticationRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.code === 'REAUTHENTICATION_REQUIRED';
}

export function isReauthenticationCancelled(error: unknown): boolean {
  return error instanceof ReauthenticationCancelled;
}

/** Runs a sensitive action; asks for the password and runs it again when the server wants it confirmed first. */
export async function withReauthentication<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!isReauthenticationRequired(error)) throw error;
    const confirmed = await requestPasswordConfirmation(error.serverMessage ?? 'Enter your password again to confirm this change');
    if (!confirmed) throw new ReauthenticationCancelled();
    return action();
  }
}

/** An onError callback that says nothing when the person cancelled the password confirmation. */
export function unlessCancelled(onError: ((error: Error) => void) | undefined) {
  return (error: Error) => {
    if (!isReauthenticationCancelled(error)) onError?.(error);
  };
}
