/** Every route of the web app, and the server paths the screens navigate to (docs/product.md §11.1). */
export const paths = {
  home: '/',
  agentPortal: '/agents',
  agentRegister: '/agent-register',
  agentDashboard: '/agent/dashboard',
  /** The signed-in agent's name, position, public-board choice and password (docs/product.md §12.14). */
  agentProfile: '/agent/profile',
  testLogin: '/test-login',
  login: '/login',
  /** A one-time password link (docs/product.md §12.9): /reset-password#token=... */
  resetPassword: '/reset-password',
  /** Asks for a one-time password link by email (docs/product.md §12.9). */
  forgotPassword: '/forgot-password',
  /** A TV link's board (docs/product.md §11.20, §12.8): public, the token is the link's only credential. */
  tvBoard: '/tv/:token',
  /** A screen to pair: it shows a code the owner enters under TV Links (docs/decisions/0086-tv-pairing.md). */
  tvPairing: '/tv',
  /** The signed-in owner's or manager's details, password and signed-in devices (docs/product.md §12.15). */
  account: '/dashboard/account',
  /** One agent as owners and managers see it (docs/product.md §12.14): link to it with agentDetailPath. */
  agentDetail: '/dashboard/agents/:id',
  ownerLogin: '/api/login',
  ownerLogout: '/api/logout',
} as const;

/** The address of one agent's detail page (paths.agentDetail). */
export const agentDetailPath = (agentId: number) => paths.agentDetail.replace(':id', String(agentId));
