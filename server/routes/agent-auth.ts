import type { FastifyInstance } from 'fastify';
import { agentRegisterInput, loginInput, type AgentSessionResponse } from '../../contract/auth';
import type { AppContext } from '../app-context';
import { hashPassword } from '../auth/passwords';
import { endSession, identify, renewSession } from '../auth/sessions';
import { findAgentByEmail, insertAgent, type AgentRow } from '../db/queries/agents';
import { authenticate } from '../auth/credentials';
import { unauthenticated } from '../domain/errors';
import { parseInput } from '../http/errors';

const signedIn = (agent: AgentRow): AgentSessionResponse => ({
  authenticated: true,
  agent: { id: agent.id, name: agent.name, email: agent.email, position: agent.position },
});

/** Agent sign-up, sign-in, sign-out and session (DESIGN section 4, spec section 7). */
export function registerAgentAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/agents/register', { config: { signIn: true } }, async (request, reply) => {
    const input = parseInput(agentRegisterInput, request.body ?? {});
    const agent = await insertAgent(ctx.db, {
      email: input.email,
      name: `${input.firstName} ${input.lastName}`,
      firstName: input.firstName,
      lastName: input.lastName,
      position: input.position,
      passwordHash: await hashPassword(input.password),
    });
    await renewSession(ctx, request, reply, 'agent', agent.id);
    return reply.status(201).send(signedIn(agent));
  });

  app.post('/api/agents/login', { config: { signIn: true } }, async (request, reply) => {
    const input = parseInput(loginInput, request.body ?? {});
    const agent = await authenticate(await findAgentByEmail(ctx.db, input.email), input.password);
    await renewSession(ctx, request, reply, 'agent', agent.id);
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
    return reply.status(401).send({ authenticated: false, ...unauthenticated('Unauthorized: no agent session').toBody() });
  });
}
