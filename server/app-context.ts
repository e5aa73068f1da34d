import type { SignUpMode } from '../contract/sign-up';
import type { AppConfig } from './config';
import type { Db, Engine } from './db/client';
import type { BoardState } from './live/board-state';
import type { EventHub } from './live/event-hub';
import type { PeriodFigures } from './live/period-figures';
import type { AnswerCache } from './live/answer-cache';
import type { GoalInPeriod } from './db/queries/goals';
import type { WebhookWorker } from './webhooks/worker';
import type { EmailWorker } from './notifications/email-worker';
import type { Notifier } from './notifications/notifier';
import type { PushWorker } from './notifications/push-worker';
import type { OrganisationCache } from './live/organisation-cache';
import type { ConnectorWorker } from './connectors/worker';

/** What every route handler may use: the database, the configuration and the clock. */
export interface AppContext {
  db: Db;
  engine: Engine;
  config: AppConfig;
  /** Demo mode: the sign-in forms show the demo credentials. */
  demo: boolean;
  /** The demo owner account exists, so the owner sign-in form may show its credentials. */
  demoOwner: boolean;
  /** The sign-up mode until the owner or the start stores one (approval in production, else open). */
  signUpDefault: SignUpMode;
  /** The live-update fan-out of this instance (GET /api/events, TV links). */
  live: EventHub;
  /** The owner dashboard and the monthly leaderboard kept in memory from the events (its reads fall back to the tables). */
  boards: BoardState;
  /** Every active agent's figure on a metric in a period, kept in memory and moved by events: boards, movement, goals. */
  figures: PeriodFigures;
  /** The goals in force as listed (without their actual figures), kept until a goal, agent, team or metric changes. */
  goalsInForce: AnswerCache<GoalInPeriod[]>;
  /** This instance's webhook worker (a route that queues a delivery wakes it). */
  webhooks: WebhookWorker;
  /** This instance's connector worker (a delivery kept wakes it; tests wait for it to be idle). */
  connectors: ConnectorWorker;
  /** This instance's notifier (tests wait for it to be idle). */
  notifier: Notifier;
  /** This instance's email sender (a route that queues an email wakes it). */
  emails: EmailWorker;
  /** This instance's push sender (tests wait for it to be idle). */
  pushes: PushWorker;
  /** The organisation's name, currency and locale as this instance last heard them (the pages it serves carry them). */
  organisation: OrganisationCache;
  /** The origin of links that leave the app (PUBLIC_URL, else the address this server listens on; never a header). */
  linkOrigin: () => string;
  /** The current time; tests replace it to move through weeks and months. */
  now: () => Date;
}
