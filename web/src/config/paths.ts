/** Every route of the web app, and the server paths the screens navigate to (spec section 2). */
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
