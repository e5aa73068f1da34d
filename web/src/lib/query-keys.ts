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
  leaderboard: ['/api/owner/leaderboard'],
  agents: ['/api/agents'],
  tierSettings: ['/api/tier-settings'],
  tierRewardOptions: ['/api/rewards/tier'],
  agentTierData: ['/api/agent-tier-data'],
  agentRewards: ['/api/rewards/agent'],
  agentClaims: ['/api/agents/me/claims'],
  rewardClaims: ['/api/owner/reward-claims'],
  users: ['/api/users'],
  signUpSettings: ['/api/owner/sign-up'],
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
} as const;
