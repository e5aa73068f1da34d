import type { TokenCaller } from '../db/queries/api-tokens';
import type { SessionUser } from '../db/queries/sessions';

/** Who acts: a signed-in owner or manager, or an API token (permissions.ts decides; team-scope.ts scopes it). */
export type Caller = { kind: 'user'; user: SessionUser } | { kind: 'token'; token: TokenCaller };
