/**
 * The cache key of every server read, in one place: a mutation refreshes what it changed through these keys rather
 * than through the feature that shows the data. A key starts with its endpoint's path; pages, searches and ids follow
 * it, so that invalidating the first segment refreshes every variant.
 */
export const queryKeys = {
  user: ['/api/auth/user'],
  agentSession: ['/api/agents/session'],
  appInfo: ['/api/app-info'],
  ownerDashboard: ['/api/owner/dashboard'],
  /** Followed by the board's query string (period, day, mode, page, search). */
  leaderboard: ['/api/owner/leaderboard'],
  agents: ['/api/agents'],
  tierSettings: ['/api/tier-settings'],
  tierRewardOptions: ['/api/rewards/tier'],
  agentTierData: ['/api/agent-tier-data'],
  agentRewards: ['/api/rewards/agent'],
  agentClaims: ['/api/agents/me/claims'],
  /** The signed-in agent's own reads: its profile, its place on a board (followed by the period), its entries (by page). */
  agentProfile: ['/api/agents/me'],
  agentRank: ['/api/agents/me/rank'],
  agentEntries: ['/api/agents/me/entries'],
  /** Followed by the granularity and count: the signed-in agent's income by week or month. */
  agentMyHistory: ['/api/agents/me/history'],
  rewardClaims: ['/api/owner/reward-claims'],
  users: ['/api/users'],
  signUpSettings: ['/api/owner/sign-up'],
  /** The organisation's name, currency, locale and managers' second factor (GET /api/settings). */
  organisationSettings: ['/api/settings'],
  tvLinks: ['/api/tv-links'],
  apiTokens: ['/api/tokens'],
  webhooks: ['/api/webhooks'],
  /** Followed by the webhook's id: its delivery log. */
  webhookDeliveries: ['/api/webhooks/deliveries'],
  /** Followed by the link's token: the board of one TV link. */
  tvSnapshot: ['/api/tv'],
  /** Followed by the filter and page's query string. */
  audit: ['/api/audit'],
  auditActors: ['/api/audit/actors'],
  notifications: ['/api/notifications'],
  notificationPreferences: ['/api/notification-preferences'],
  /** Followed by the granularity and count: the team's income by week or month. */
  ownerTrends: ['/api/owner/trends'],
  ownerTierDistribution: ['/api/owner/tier-distribution'],
  /** Followed by the agent's id: its figures, tiers reached and claims (GET /api/agents/{id}). */
  agentDetail: ['/api/agents/:id'],
  /** Followed by the agent's id, the granularity and count (GET /api/agents/{id}/history). */
  agentHistory: ['/api/agents/:id/history'],
  /** Followed by the filter and page's query string. */
  incomeEntries: ['/api/income-entries'],
  /** Teams with their managers and agents (GET /api/teams). */
  teams: ['/api/teams'],
  /** Followed by the board's query string (period, day): the team-against-team board. */
  teamBoard: ['/api/teams/leaderboard'],
  /** The signed-in person's own sessions (GET /api/sessions), staff or agent. */
  deviceSessions: ['/api/sessions'],
  /** The metrics, profit first (GET /api/metrics). */
  metrics: ['/api/metrics'],
  /** Followed by the filter and page's query string: activities on the metrics (GET /api/activities). */
  activities: ['/api/activities'],
  /** Followed by the filter's query string: goals with their progress (GET /api/goals). */
  goals: ['/api/goals'],
  /** Contests, one contest and its standings (GET /api/contests, /api/contests/{id}, .../standings). */
  contests: ['/api/contests'],
  /** The prizes contests awarded the signed-in agent, with their claims (GET /api/agents/me/prizes). */
  prizes: ['/api/agents/me/prizes'],
  /** Badges: the rules and those an agent holds (GET /api/badges, /api/agents/me/badges, /api/agents/{id}/badges). */
  badges: ['/api/badges'],
  /** Followed by the agent ids of a calculator page: the Profit Calculator's saved percentages (owner). */
  calculatorPercentages: ['/api/owner/calculator-percentages'],
  /** Whether the sign-in pages offer company sign-in, its label, and whether passwords are off (GET /api/sso). */
  ssoStatus: ['/api/sso'],
  /** The owner's company sign-in settings (GET /api/owner/sso). */
  ssoSettings: ['/api/owner/sso'],
} as const;
