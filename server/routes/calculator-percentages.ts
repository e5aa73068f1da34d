import type { FastifyInstance } from 'fastify';
import { calculatorPercentageInput, calculatorPercentagesQuery, type CalculatorPercentageList } from '../../contract/calculator-percentages';
import type { AppContext } from '../app-context';
import { userActor } from '../auth/audit-actor';
import { requireOwner } from '../auth/permissions';
import { saveCalculatorPercentage } from '../db/operations/save-calculator-percentage';
import { listCalculatorPercentages } from '../db/queries/calculator-percentages';
import { parseId, parseInput } from '../http/errors';

type IdParams = { Params: { id: string } };

/** The Profit Calculator's saved percentage of each agent (docs/product.md §11.10): the owner's, like the calculator. */
export function registerCalculatorPercentageRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/owner/calculator-percentages', async (request, reply) => {
    await requireOwner(ctx, request, reply);
    const query = parseInput(calculatorPercentagesQuery, request.query);
    return { percentages: await listCalculatorPercentages(ctx.db, query.agentIds) } satisfies CalculatorPercentageList;
  });

  app.put<IdParams>('/api/owner/calculator-percentages/:id', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const agentId = parseId(request.params.id, 'Agent');
    const input = parseInput(calculatorPercentageInput, request.body);
    return saveCalculatorPercentage(ctx.db, agentId, input.percentage, userActor(request, owner), ctx.now());
  });
}
