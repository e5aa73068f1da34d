import { randomBytes, randomInt } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  pairTvLinkInput,
  TV_PAIRING_ALPHABET,
  TV_PAIRING_CODE_LENGTH,
  TV_PAIRING_CODE_WRONG_TEXT,
  TV_PAIRING_GONE_TEXT,
  TV_PAIRING_POLL_MS,
  TV_PAIRING_TTL_MS,
  tvPairingStatusInput,
  formatPairingCode,
  type TvLink,
  type TvPairingRequest,
  type TvPairingStatus,
} from '../../contract/tv-links';
import type { AppContext } from '../app-context';
import { userActor } from '../auth/audit-actor';
import { requireOwner } from '../auth/permissions';
import { hashToken } from '../auth/sessions';
import { counterKey } from '../auth/sign-in-throttle';
import { audited } from '../db/audit';
import { findMetric } from '../db/queries/metrics';
import { countSignInAttempt, refundSignInAttempt } from '../db/queries/sign-in-attempts';
import { insertTvPairing, pairTvWithCode, readTvPairing } from '../db/queries/tv-pairings';
import { text, type Text } from '../../contract/i18n';
import { AppError, invalid } from '../domain/errors';
import { messages } from './messages';
import { parseInput } from '../http/errors';

/** Wrong codes an owner account may enter per window: 10 in 15 minutes against 32^8 (10^12) codes. */
export const PAIRING_GUESSES = { max: 10, windowMs: 15 * 60_000 };
/** Pairing requests one client address may make per window (each TV makes one per 10 minutes it waits). */
export const PAIRING_REQUESTS = { max: 30, windowMs: 10 * 60_000 };

/** The TV's secret has a TV link token's shape (it becomes one). */
const SECRET_SHAPE = /^[A-Za-z0-9_-]{32}$/;

const drawCode = () => Array.from({ length: TV_PAIRING_CODE_LENGTH }, () => TV_PAIRING_ALPHABET[randomInt(TV_PAIRING_ALPHABET.length)]).join('');

function tooMany(reply: FastifyReply, resetAt: Date, now: Date, message: Text): AppError {
  reply.header('retry-after', Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)));
  return new AppError('RATE_LIMITED', message);
}

/**
 * Pairing a TV (docs/decisions/0086-tv-pairing.md): the TV asks for a code and waits; the owner enters the code with the
 * link's name and options; the TV, which kept the request's secret, is told its board's address once. The secret is the
 * link's token: nothing the server keeps, nor the code on the screen, lets anyone else read the board.
 */
export function registerTvPairingRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/tv-pairings', async (request, reply) => {
    const now = ctx.now();
    const key = counterKey('tv-pairing-request', normalizeIP(request.ip));
    const counted = await countSignInAttempt(ctx.db, key, now, PAIRING_REQUESTS.windowMs);
    if (counted.attempts > PAIRING_REQUESTS.max) throw tooMany(reply, counted.resetAt, now, text(messages, 'tooManyPairingRequests'));
    const secret = randomBytes(24).toString('base64url');
    const expiresAt = new Date(now.getTime() + TV_PAIRING_TTL_MS);
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = drawCode();
      if (await insertTvPairing(ctx.db, { codeHash: hashToken(code), secretHash: hashToken(secret), createdAt: now, expiresAt })) {
        return reply
          .status(201)
          .send({ code: formatPairingCode(code), secret, expiresAt: expiresAt.toISOString(), pollMs: TV_PAIRING_POLL_MS } satisfies TvPairingRequest);
      }
    }
    throw new AppError('SERVICE_UNAVAILABLE', text(messages, 'noFreePairingCode'));
  });

  app.post('/api/tv-pairings/status', async (request): Promise<TvPairingStatus> => {
    const { secret } = parseInput(tvPairingStatusInput, request.body);
    const found = SECRET_SHAPE.test(secret) ? await readTvPairing(ctx.db, hashToken(secret), ctx.now()) : undefined;
    if (!found) throw new AppError('NOT_FOUND', TV_PAIRING_GONE_TEXT);
    if (found.status === 'waiting') return { status: 'waiting', expiresAt: found.expiresAt.toISOString() };
    return { status: 'paired', url: `${ctx.linkOrigin()}/tv/${secret}`, token: secret, name: found.name };
  });

  app.post('/api/tv-links/pair', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const input = parseInput(pairTvLinkInput, request.body);
    for (const key of input.metrics) if (!(await findMetric(ctx.db, key))) throw invalid(text(messages, 'noMetricNamed', { metric: key }), 'metrics');
    // Counted before it is checked (parallel guesses cannot slip past), given back when right.
    const now = ctx.now();
    const guessKey = counterKey('tv-pairing-code', String(owner.id));
    const counted = await countSignInAttempt(ctx.db, guessKey, now, PAIRING_GUESSES.windowMs);
    if (counted.attempts > PAIRING_GUESSES.max) {
      await refundSignInAttempt(ctx.db, guessKey);
      const minutes = Math.max(1, Math.ceil((counted.resetAt.getTime() - now.getTime()) / 60_000));
      throw tooMany(reply, counted.resetAt, now, text(messages, 'tooManyPairingCodes', { minutes }));
    }
    const { code, ...options } = input;
    const link = await audited(
      ctx.db,
      userActor(request, owner),
      now,
      (tx) => pairTvWithCode(tx, hashToken(code), { ...options, createdBy: owner.id, createdAt: now }),
      (made) => (made ? { action: 'tv_link.created', targetType: 'tv_link', targetId: made.id, after: { name: made.name, showAmounts: made.showAmounts, metrics: made.metrics, how: 'paired' } } : null),
    );
    if (!link) throw invalid(TV_PAIRING_CODE_WRONG_TEXT, 'code');
    await refundSignInAttempt(ctx.db, guessKey);
    request.log.info({ tvLinkId: link.id }, 'TV paired');
    return reply.status(201).send(link satisfies TvLink);
  });
}
