import type { FastifyInstance } from 'fastify';
import { isScimPath } from './scim-errors';

export interface ApiRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route registered so far ("GET /api/agents/:id"), for the authorization matrix test. */
    apiRoutes: ApiRoute[];
  }
}

/**
 * Collects the API routes as they are registered (under /api, SCIM provisioning under /scim/v2, and the well-known
 * documents such as the badge key set). Call before registering any route. HEAD and static files excluded.
 */
export function collectApiRoutes(app: FastifyInstance) {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (route.url !== '/api' && !route.url.startsWith('/api/') && !route.url.startsWith('/.well-known/') && !isScimPath(route.url)) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url });
    }
  });
}
