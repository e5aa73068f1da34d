/**
 * Sign-in details of the demo accounts, created only in demo mode (DEMO=1) and shown on the sign-in forms
 * only when the server says demo mode is on.
 */
export const DEMO_AGENT = { email: 'agent@demo.test', password: 'demo-agent-2026' } as const;
export const DEMO_OWNER = { email: 'owner@demo.test', password: 'demo-owner-2026' } as const;
export const DEMO_MANAGER = { email: 'manager@demo.test', password: 'demo-manager-2026' } as const;
