/** Every route of the web app, and the server paths the screens navigate to (docs/product.md §11.1). */
export const paths = {
  home: '/',
  agentPortal: '/agents',
  agentRegister: '/agent-register',
  agentDashboard: '/agent/dashboard',
  testLogin: '/test-login',
  login: '/login',
  ownerLogin: '/api/login',
  ownerLogout: '/api/logout',
} as const;
