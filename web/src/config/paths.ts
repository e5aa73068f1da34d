/** Every route of the web app, and the server paths the screens navigate to (docs/product.md §11.1). */
export const paths = {
  home: '/',
  agentPortal: '/agents',
  agentRegister: '/agent-register',
  agentDashboard: '/agent/dashboard',
  testLogin: '/test-login',
  login: '/login',
  /** A one-time password link (docs/product.md §12.9): /reset-password#token=... */
  resetPassword: '/reset-password',
  /** A TV link's board (docs/product.md §11.20, §12.8): public, the token is the link's only credential. */
  tvBoard: '/tv/:token',
  ownerLogin: '/api/login',
  ownerLogout: '/api/logout',
} as const;
