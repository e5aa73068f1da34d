import type { FastifyInstance } from 'fastify';
import { agentRegisterInput, loginInput, type AgentSessionResponse } from '../../contract/auth';
import { languageOrNull } from '../../contract/languages';
import type { AppContext } from '../app-context';
import { registrationTexts, type RegistrationResponse } from '../../contract/sign-up';
import { assertPasswordNotCommon } from '../domain/password-policy';
import { hashPassword } from '../auth/passwords';
import { endSession, hashToken, identify, renewSession } from '../auth/sessions';
import { registerAgent } from '../db/operations/register-agent';
import { findAgentByEmail, type AgentRow } from '../db/queries/agents';
import { assertAgentMaySignIn } from '../domain/sign-up';
import { authenticateThrottled, signInSucceeded } from '../auth/sign-in-throttle';
import { render, text } from '../../contract/i18n';
import { unauthenticated } from '../domain/errors';
import { messages } from './messages';
import { parseInput } from '../http/errors';
import { inRequestLanguage } from '../http/request-language';
import { requestOrigin } from '../auth/audit-actor';
import { assertPasswordSignInAllowed } from '../auth/sso-policy';

const signedIn = (agent: AgentRow): AgentSessionResponse => ({
  authenticated: true,
  agent: { id: agent.id, name: agent.name, email: agent.email, position: agent.position, language: languageOrNull(agent.language) },
});

/** Agent sign-up, sign-in, sign-out and session (docs/product.md §4, §5, §12.2). */
export function registerAgentAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/agents/register', { config: { signIn: true } }, async (request, reply) => {
    const input = parseInput(agentRegisterInput, request.body ?? {});
    await assertPasswordSignInAllowed(ctx);
    assertPasswordNotCommon(input.password);
    // Hashed before anything is looked up: a known email takes as long as a new one.
    const passwordHash = await hashPassword(input.password);
    const { mode } = await registerAgent(
      ctx.db,
      { ...input, passwordHash, inviteHash: input.invite ? hashToken(input.invite) : undefined },
      ctx.now(),
      ctx.signUpDefault,
      requestOrigin(request),
    );
    // The same answer whether or not the email had an account, and no session: a new account signs in like any other.
    const message = inRequestLanguage(request, reply, () => render(registrationTexts[mode]));
    return reply.status(202).send({ status: 'received', mode, message } satisfies RegistrationResponse);
  });

  // Throttled per address, per address and account, and per account with known devices apart (server/http/security.ts).
  app.post('/api/agents/login', { config: { signIn: 'agent' } }, async (request, reply) => {
    const input = parseInput(loginInput, request.body ?? {});
    await assertPasswordSignInAllowed(ctx);
    const agent = await authenticateThrottled(ctx, request, await findAgentByEmail(ctx.db, input.email), input.password);
    assertAgentMaySignIn(agent);
    await renewSession(ctx, request, reply, 'agent', agent);
    await signInSucceeded(ctx, request, reply, 'agent', agent.id);
    return signedIn(agent);
  });

  app.post('/api/agents/logout', async (request, reply) => {
    await endSession(ctx, request, reply, 'agent');
    return reply.status(204).send();
  });

  app.get('/api/agents/session', async (request, reply) => {
    const { agent } = await identify(ctx, request, reply);
    if (agent) return { authenticated: true, agent } satisfies AgentSessionResponse;
    // The spec reads `authenticated` from this response, so the 401 carries it beside the usual error shape.
    const body = inRequestLanguage(request, reply, () => unauthenticated(text(messages, 'noAgentSession')).toBody());
    return reply.status(401).send({ authenticated: false, ...body });
  });
}
