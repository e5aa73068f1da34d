import type { FastifyInstance } from 'fastify';
import type { AppInfo } from '../../contract/auth';
import { DEMO_AGENT, DEMO_OWNER } from '../../contract/demo';
import type { AppContext } from '../app-context';
import { readSignUpMode } from '../db/queries/sign-up';
import { displaySettingsOf, readOrganisationSettings } from '../db/queries/settings';

/**
 * Public: what the sign-in screens need before anyone signs in (demo credentials only in demo mode), and the
 * organisation's name, currency and locale (never whether managers need a second factor).
 */
export function registerAppInfoRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/app-info', async (): Promise<AppInfo> => {
    const [signUp, settings] = await Promise.all([readSignUpMode(ctx.db, ctx.signUpDefault), readOrganisationSettings(ctx.db)]);
    const organisation = displaySettingsOf(settings);
    if (!ctx.demo) return { demo: false, signUp, organisation };
    return {
      demo: true,
      signUp,
      organisation,
      demoAgent: { email: DEMO_AGENT.email, password: DEMO_AGENT.password },
      ...(ctx.demoOwner ? { demoOwner: { email: DEMO_OWNER.email, password: DEMO_OWNER.password } } : {}),
    };
  });
}
