import { useMutation } from '@tanstack/react-query';
import type { AgentRegisterInput } from '@contract/auth';
import type { RegistrationResponse } from '@contract/sign-up';
import { apiJson } from '../../../lib/api-client';
import { loginAgent } from './agent-login';

export function registerAgent(input: AgentRegisterInput): Promise<RegistrationResponse> {
  return apiJson<RegistrationResponse>('POST', '/api/agents/register', input);
}

/**
 * What became of a registration. The server answers the same whether or not the email already had an account, and
 * signs nobody in: in the open and invitation modes the screen then signs in with the same email and password. That
 * works for a new account; when it does not (the email had an account with another password), the person is asked to
 * sign in, and nothing says that the email was known. With approval, nobody can sign in until the owner approves.
 */
export type RegistrationOutcome =
  | { kind: 'signed-in'; message: string; email: string }
  | { kind: 'sign-in-needed'; message: string; email: string }
  | { kind: 'awaiting-approval'; message: string; email: string };

export async function registerThenSignIn(input: AgentRegisterInput): Promise<RegistrationOutcome> {
  const { mode, message } = await registerAgent(input);
  const { email, password } = input;
  if (mode === 'approval') return { kind: 'awaiting-approval', message, email };
  try {
    // Not through useAgentLogin: each screen decides when to read the new session (after 2 s in the auth flow, on
    // arrival at /agents for the registration page), so nothing is cached here.
    await loginAgent({ email, password });
    return { kind: 'signed-in', message, email };
  } catch {
    return { kind: 'sign-in-needed', message, email };
  }
}

/** POST /api/agents/register, then (open and invitation modes) POST /api/agents/login. */
export function useAgentRegister() {
  return useMutation({ mutationFn: registerThenSignIn });
}
