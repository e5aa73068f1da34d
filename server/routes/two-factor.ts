import type { FastifyInstance } from 'fastify';
import {
  enableTwoFactorInput,
  TWO_FACTOR_CHALLENGE_ENDED_TEXT,
  TWO_FACTOR_MAX_FAILED_CODES,
  TWO_FACTOR_TOO_MANY_CODES_TEXT,
  twoFactorCodeInput,
  WRONG_TWO_FACTOR_CODE_TEXT,
  type CurrentUser,
  type TwoFactorEnabled,
  type TwoFactorSetup,
} from '../../contract/two-factor';
import type { AppContext } from '../app-context';
import { languageOrNull } from '../../contract/languages';
import { findUserById } from '../db/queries/users';
import { requireOwnerOrManager } from '../auth/permissions';
import { cookieNames, hashToken, renewSession, requireRecentPassword } from '../auth/sessions';
import { signInSucceeded, spendTwoFactorCodeGuess, twoFactorCodeAccepted } from '../auth/sign-in-throttle';
import { challengeTokenHash, clearChallengeCookie } from '../auth/two-factor-challenge';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUri, verifyTotp } from '../auth/totp';
import {
  acceptTotpStep,
  countTwoFactorFailure,
  deleteTwoFactorChallenge,
  findTwoFactorChallenge,
  readManagerTwoFactorRequired,
  readTwoFactorState,
} from '../db/queries/two-factor';
import { disableTwoFactor } from '../db/operations/disable-two-factor';
import { enableTwoFactor } from '../db/operations/enable-two-factor';
import { storePendingSecret } from '../db/operations/start-two-factor-setup';
import { useRecoveryCode } from '../db/operations/use-recovery-code';
import { text } from '../../contract/i18n';
import { conflict, forbidden, invalid, unauthenticated } from '../domain/errors';
import { messages } from './messages';
import { userActor } from '../auth/audit-actor';
import { parseInput } from '../http/errors';

const ALREADY_ON = text(messages, 'twoFactorAlreadyOn');
const NOT_SET_UP = text(messages, 'twoFactorNotSetUp');
const NOT_ON = text(messages, 'twoFactorNotOn');
const REQUIRED_FOR_MANAGERS = text(messages, 'twoFactorRequiredForManagers');

const isAppCode = (code: string) => /^\d{6}$/.test(code);

/**
 * Two-factor sign-in for owners and managers (docs/decisions/0030-two-factor-sign-in.md). Setting it up and turning it
 * off need the password entered in the last ten minutes; turning it on and off need a right code. Codes are counted
 * like sign-ins per client address (server/http/security.ts), at sign-in per challenge, and per account (or known
 * device) in a budget that outlives challenges (server/auth/sign-in-throttle.ts).
 */
export function registerTwoFactorRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/auth/2fa/setup', async (request, reply): Promise<TwoFactorSetup> => {
    const user = await requireOwnerOrManager(ctx, request, reply);
    await requireRecentPassword(ctx, request, 'user');
    const secret = newTotpSecret();
    if (!(await storePendingSecret(ctx.db, user.id, secret, userActor(request, user), ctx.now()))) throw conflict(ALREADY_ON);
    return { secret, otpauthUri: otpauthUri(secret, user.email) };
  });

  app.post('/api/auth/2fa/enable', { config: { signIn: true } }, async (request, reply): Promise<TwoFactorEnabled> => {
    const user = await requireOwnerOrManager(ctx, request, reply);
    const input = parseInput(enableTwoFactorInput, request.body ?? {});
    const state = await readTwoFactorState(ctx.db, user.id);
    if (state?.enabled) throw conflict(ALREADY_ON);
    if (!state?.secret) throw conflict(NOT_SET_UP);
    const step = verifyTotp(state.secret, input.code, ctx.now().getTime(), state.lastStep);
    if (step === undefined) throw invalid(WRONG_TWO_FACTOR_CODE_TEXT, 'code');
    const recoveryCodes = newRecoveryCodes();
    // The account's other sessions end (they were made with the password alone); this one stays.
    const keep = hashToken(request.cookies[cookieNames.user] ?? '');
    const ended = await enableTwoFactor(ctx.db, { id: user.id, secret: state.secret, step }, recoveryCodes.map(hashRecoveryCode), keep, userActor(request, user), ctx.now());
    // Set up again (another secret) or turned on by another request meanwhile.
    if (!ended) throw conflict(ALREADY_ON);
    for (const tokenHash of ended) ctx.live.endSession(tokenHash);
    return { recoveryCodes };
  });

  app.delete('/api/auth/2fa', { config: { signIn: true } }, async (request, reply) => {
    const user = await requireOwnerOrManager(ctx, request, reply);
    const input = parseInput(twoFactorCodeInput, request.body ?? {});
    await requireRecentPassword(ctx, request, 'user');
    if (user.role === 'manager' && (await readManagerTwoFactorRequired(ctx.db))) throw forbidden(REQUIRED_FOR_MANAGERS);
    const state = await readTwoFactorState(ctx.db, user.id);
    if (!state?.enabled || !state.secret) throw conflict(NOT_ON);
    await spendTwoFactorCodeGuess(ctx, request, reply, user);
    let proof: { step: number } | { recoveryCodeHash: string };
    if (isAppCode(input.code)) {
      const step = verifyTotp(state.secret, input.code, ctx.now().getTime(), state.lastStep);
      if (step === undefined) throw invalid(WRONG_TWO_FACTOR_CODE_TEXT, 'code');
      proof = { step };
    } else {
      proof = { recoveryCodeHash: hashRecoveryCode(input.code) };
    }
    if (!(await disableTwoFactor(ctx.db, user.id, proof, userActor(request, user), ctx.now()))) throw invalid(WRONG_TWO_FACTOR_CODE_TEXT, 'code');
    await twoFactorCodeAccepted(ctx, request);
    return reply.status(204).send();
  });

  // The second step of a sign-in (POST /api/auth/login answered twoFactorRequired): a code of the app or a recovery
  // code, within five minutes, at most five wrong ones; then the session, as a sign-in with the password alone makes it.
  app.post('/api/auth/login/2fa', { config: { signIn: true } }, async (request, reply): Promise<CurrentUser> => {
    const now = ctx.now();
    const tokenHash = challengeTokenHash(request);
    const challenge = tokenHash ? await findTwoFactorChallenge(ctx.db, tokenHash, now) : undefined;
    if (!tokenHash || !challenge?.secret) {
      clearChallengeCookie(reply);
      throw unauthenticated(TWO_FACTOR_CHALLENGE_ENDED_TEXT);
    }
    const input = parseInput(twoFactorCodeInput, request.body ?? {});
    const user = { id: challenge.userId, email: challenge.email, name: challenge.name, role: challenge.role };
    // Wrong codes are bounded per account, across challenges and addresses (docs/decisions/0035).
    await spendTwoFactorCodeGuess(ctx, request, reply, user);
    let accepted: boolean;
    if (isAppCode(input.code)) {
      const step = verifyTotp(challenge.secret, input.code, now.getTime(), challenge.lastStep);
      accepted = step !== undefined && (await acceptTotpStep(ctx.db, user.id, step));
    } else {
      accepted = await useRecoveryCode(ctx.db, user.id, hashRecoveryCode(input.code), userActor(request, user), now);
    }
    if (!accepted) {
      if (await countTwoFactorFailure(ctx.db, tokenHash, TWO_FACTOR_MAX_FAILED_CODES)) throw invalid(WRONG_TWO_FACTOR_CODE_TEXT, 'code');
      clearChallengeCookie(reply);
      throw unauthenticated(TWO_FACTOR_TOO_MANY_CODES_TEXT);
    }
    await twoFactorCodeAccepted(ctx, request);
    clearChallengeCookie(reply);
    // One session per challenge, also when two right codes arrive at once.
    if (!(await deleteTwoFactorChallenge(ctx.db, tokenHash))) throw unauthenticated(TWO_FACTOR_CHALLENGE_ENDED_TEXT);
    await renewSession(ctx, request, reply, 'user', { id: user.id, credentialVersion: challenge.credentialVersion });
    await signInSucceeded(ctx, request, reply, 'user', user.id);
    return { ...user, twoFactorEnabled: true, twoFactorSetupRequired: false, language: languageOrNull((await findUserById(ctx.db, user.id))?.language) };
  });
}
