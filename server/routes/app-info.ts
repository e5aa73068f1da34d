import type { FastifyInstance } from 'fastify';
import type { AppInfo } from '../../contract/auth';
import { DEMO_AGENT, DEMO_OWNER } from '../../contract/demo';
import type { AppContext } from '../app-context';
import { readSignUpMode } from '../db/queries/sign-up';

/** Public: what the sign-in screens need before anyone signs in (demo credentials only in demo mode). */
export function registerAppInfoRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/app-info', async (): Promise<AppInfo> => {
    const signUp = await readSignUpMode(ctx.db, ctx.signUpDefault);
    if (!ctx.demo) return { demo: false, signUp };
    return {
      demo: true,
      signUp,
      demoAgent: { email: DEMO_AGENT.email, password: DEMO_AGENT.password },
      ...(ctx.demoOwner ? { demoOwner: { email: DEMO_OWNER.email, password: DEMO_OWNER.password } } : {}),
    };
  });
}
