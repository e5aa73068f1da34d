import { DEMO_AGENT } from '../contract/demo';
import { centsToMoneyString } from '../contract/money';
import { hashPassword } from './auth/passwords';
import type { Db } from './db/client';
import { claimMeta } from './db/queries/app-meta';
import { insertAgent } from './db/operations/insert-agent';
import { SYSTEM_ACTOR } from './db/audit';
import { recordIncomeEntry } from './db/operations/record-income-entry';
import { insertRewardOption } from './db/queries/reward-options';
import { updateTierRewards } from './db/queries/tier-settings';
import { createBadgeRule } from './db/operations/save-badge-rule';
import { createContest } from './db/operations/save-contest';
import { createGoals, type NewGoal } from './db/operations/save-goal';
import { localDay, periodStartOfDay, shiftDay } from './domain/periods';

const DEMO_SEEDED = 'demo_seeded_at';

const demoAgents = [
  { firstName: 'Jordan', lastName: 'Reyes', position: 'Senior Sales Agent', targetDollars: 126_400, email: DEMO_AGENT.email },
  { firstName: 'Priya', lastName: 'Natarajan', position: 'Account Executive', targetDollars: 212_750 },
  { firstName: 'Marcus', lastName: 'Okafor', position: 'Sales Agent', targetDollars: 58_300 },
  { firstName: 'Elena', lastName: 'Kowalski', position: 'Regional Sales Lead', targetDollars: 341_900 },
  { firstName: 'Sam', lastName: 'Whitaker', position: 'Junior Sales Agent', targetDollars: 12_480 },
  { firstName: 'Aiko', lastName: 'Tanaka', position: 'Sales Agent', targetDollars: 37_150 },
];

// Each line begins with the title of the option it describes (docs/decisions/0081-tier-offers.md): agents see the
// options, and the owner's Tier Settings flag no line of the demo.
const demoTierRewards: Record<number, string> = {
  1: 'Swag Pack: hoodie, mug and notebook\nCoffee Gift Card worth $50',
  2: 'Amazon Gift Card worth $100',
  3: 'Wireless Headphones, noise-cancelling',
  4: 'Cash Bonus of $500 on your next payout',
  5: 'Spa Day for you and a guest',
  6: 'Smartwatch of your choice',
  7: 'Laptop Upgrade\nWeekend Trip for two',
};

const demoRewardOptions = [
  { tierId: 1, title: 'Swag Pack', description: 'Hoodie, mug and notebook with the team logo', category: 'Physical Item' as const },
  { tierId: 1, title: 'Coffee Gift Card', description: '$50 to spend at any coffee shop', category: 'Gift Card' as const },
  { tierId: 2, title: 'Amazon Gift Card', description: '$100 Amazon gift card', category: 'Gift Card' as const },
  { tierId: 3, title: 'Wireless Headphones', description: 'Noise-cancelling over-ear headphones', category: 'Physical Item' as const },
  { tierId: 4, title: 'Cash Bonus', description: '$500 added to your next payout', category: 'Cash Bonus' as const },
  { tierId: 5, title: 'Spa Day', description: 'A full day at a spa of your choice', category: 'Experience' as const },
  { tierId: 6, title: 'Smartwatch', description: 'A premium smartwatch', category: 'Physical Item' as const },
  { tierId: 7, title: 'Laptop Upgrade', description: 'A new laptop for work and play', category: 'Physical Item' as const },
  { tierId: 7, title: 'Weekend Trip', description: 'Two nights for two at a city hotel', category: 'Experience' as const },
];

/** Each demo agent's monthly goal against what it made this month, in tenths (see seedDemoData). */
const GOAL_TENTHS = [16n, 9n, 22n, 13n, 30n, 11n];

const descriptions = ['Enterprise deal closed', 'Renewal with upsell', 'New client onboarding', 'Quarterly contract', 'Referral commission'];

/** A small deterministic generator so the demo looks the same on every machine. */
function randomSequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * Seeds demo agents with income spread over the past six months, tier rewards and reward options.
 * Runs once per database: a second call does nothing.
 */
export async function seedDemoData(db: Db, options: { timeZone: string; now: Date }): Promise<boolean> {
  if (!(await claimMeta(db, DEMO_SEEDED, options.now.toISOString()))) return false;
  const random = randomSequence(20_261_122);
  const agentPasswordHash = await hashPassword(DEMO_AGENT.password);

  for (const [tierId, rewards] of Object.entries(demoTierRewards)) {
    await updateTierRewards(db, Number(tierId), rewards);
  }
  for (const option of demoRewardOptions) await insertRewardOption(db, option);

  const goals: NewGoal[] = [];
  const month = periodStartOfDay('month', localDay(options.now, options.timeZone));
  for (const [index, spec] of demoAgents.entries()) {
    const agent = await insertAgent(db, {
      email: spec.email ?? `${spec.firstName}.${spec.lastName}@demo.test`.toLowerCase(),
      name: `${spec.firstName} ${spec.lastName}`,
      firstName: spec.firstName,
      lastName: spec.lastName,
      position: spec.position,
      passwordHash: agentPasswordHash,
    });
    const entryCount = 8 + (index % 4) * 2;
    let thisMonth = 0n;
    let remaining = BigInt(spec.targetDollars) * 100n;
    for (let i = 0; i < entryCount; i++) {
      const last = i === entryCount - 1;
      // Spread over 180 days back, with the newest entries in this week so every period has activity.
      const daysAgo = last ? 0 : Math.floor(((entryCount - 1 - i) / entryCount) * 180 + random() * 5);
      const date = new Date(options.now.getTime() - daysAgo * 86_400_000 - Math.floor(random() * 8) * 3_600_000);
      let cents = last ? remaining : (remaining * BigInt(50 + Math.floor(random() * 100))) / BigInt(100 * (entryCount - i));
      if (!last && i % 5 === 3) cents = -cents / 10n; // an occasional correction
      if (cents === 0n) cents = 100n;
      remaining -= cents;
      if (localDay(date, options.timeZone) >= month) thisMonth += cents;
      await recordIncomeEntry(
        db,
        {
          agentId: agent.id,
          amount: centsToMoneyString(cents),
          date,
          description: cents < 0n ? 'Chargeback correction' : descriptions[i % descriptions.length]!,
        },
        // Recorded when it happened, so recent transactions and promotions spread over the months like real data.
        { timeZone: options.timeZone, now: date, actor: SYSTEM_ACTOR },
      );
    }
    // A monthly goal of a share of what the agent made this month (tenths: some reached, some on track, some behind),
    // to the nearest $500, so the demo's Goals tab and agent dashboard show each kind of pace.
    const target = (thisMonth * GOAL_TENTHS[index % GOAL_TENTHS.length]!) / 10n;
    goals.push({ holder: { agentId: agent.id }, metricId: null, period: 'month', startsOn: month, recurring: true, target: target < 50_000n ? 50_000n : ((target + 25_000n) / 50_000n) * 50_000n });
  }
  await createGoals(db, goals, SYSTEM_ACTOR, options.now);
  // This week's contest (everyone's profit, the most by the end, a prize for the first two places; the owner may put it
  // on the TV), and the badges the owner switched on (docs/decisions/0077, 0078).
  const today = localDay(options.now, options.timeZone);
  await createContest(
    db,
    {
      name: 'Sprint to Friday',
      description: 'The most profit by the end of the week wins.',
      metricId: null,
      startsOn: today,
      endsOn: shiftDay(today, { days: 6 }),
      format: 'total',
      target: null,
      participantKind: 'all',
      participantIds: [],
      teamsCompete: false,
      prizes: [
        { place: 1, text: 'A weekend away', rewardOptionId: null },
        { place: 2, text: 'Lunch with the founders', rewardOptionId: null },
      ],
      showOnTv: false,
      recurrence: 'weekly',
    },
    false,
    SYSTEM_ACTOR,
    null,
    options.now,
  );
  for (const rule of demoBadges) await createBadgeRule(db, { description: null, active: true, ...rule }, SYSTEM_ACTOR, options.now);
  return true;
}

/**
 * The badges of the demo: a personal record week and a contest podium (a first sale's and a tier's would double the
 * notifications of every first entry, which the tiers already celebrate).
 */
const demoBadges = [
  { kind: 'record_week', name: 'Personal best', params: {} },
  { kind: 'contest_podium', name: 'On the podium', params: { places: 3 } },
] as const;
