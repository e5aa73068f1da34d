// CSV import of agents and one-time password links (docs/product.md §12.9): a dry run reports every row's errors
// and writes nothing; a commit writes every agent in one transaction or none; an agent with a password signs in with
// it, one without gets a link (shown once) that sets a password once, before it expires, and ends every session.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { agentImportReport, IMPORT_PASSWORD_ROWS_MAX, type AgentImportReport } from '../../contract/imports';
import { RESET_LINK_INVALID } from '../../contract/password-resets';
import { queryRows } from '../../server/db/client';
import { createAgent, createUser, SESSIONS_OUTLIVE_CLOCK, signedInUser } from '../factories/accounts';
import { createApiToken } from '../factories/api-tokens';
import { databaseFingerprint } from '../support/fingerprint';
import { overInject, signIn } from '../support/sign-in';
import { sequenceAll } from '../../server/db/sequencer';
import { describeEachEngine, type TestApp } from '../support/test-app';

const NOW = new Date('2026-11-24T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

describeEachEngine('agent import', (get) => {
  const send = (headers: Record<string, string>, file: string, query = '') =>
    get().request({ method: 'POST', url: `/api/imports/agents${query}`, headers: { 'content-type': 'text/csv', ...headers }, payload: file });
  const owner = async () => ({ cookie: (await signedInUser(get(), 'owner', SESSIONS_OUTLIVE_CLOCK)).cookie });
  const agentSignIn = (t: TestApp, email: string, password: string) => t.request({ method: 'POST', url: '/api/agents/login', payload: { email, password } });
  const complete = (token: string, newPassword: string) =>
    get().request({ method: 'POST', url: '/api/password-resets/complete', payload: { token, newPassword } });
  const tokenOf = (url: string) => new URL(url).hash.replace(/^#token=/, '');

  it('dry-runs a file: every row checked, each error with row, column and message, nothing written', async () => {
    get().clock.now = NOW;
    const headers = await owner();
    const db = get().database.db;
    const existing = await createAgent(db);
    const manager = await createUser(db, { role: 'manager' });
    const file = [
      'Name,Email,Position,Password,Notes',
      'Ada Import,ada.import@example.test,Closer,,first',
      '  Bob   Import ,BOB.IMPORT@example.test,,long enough pass,',
      `Taken Agent,${existing.email},,,`,
      `Taken Manager,${manager.email.toUpperCase()},,,`,
      ',empty.name@example.test,,,',
      'Bad Email,not-an-email,,,',
      'Twice,ada.import@example.test,,,',
      'Short Password,short.pw@example.test,,short,',
      'Common Password,common.pw@example.test,,password123,',
      `Long Position,long.position@example.test,${'x'.repeat(101)},,`,
      'Hidden\u202eName,hidden@example.test,,,',
      'Too Few,few@example.test',
    ].join('\r\n');
    const before = await databaseFingerprint(db);
    const res = await send(headers, file, '?dryRun=1&ignore=Notes');
    expect(res.statusCode, res.body).toBe(200);
    const report = agentImportReport.parse(res.json());
    // A manager's address is no agent's: the owner may make an agent with it (server/domain/agent-emails.ts).
    expect(report).toMatchObject({ rows: 12, valid: 3, duplicates: 0, errorCount: 9, created: 0, dryRun: true, links: [] });
    expect(report.errors).toEqual([
      { row: 4, column: 'Email', message: `An account with the email ${existing.email} already exists` },
      { row: 6, column: 'Name', message: 'Name is empty' },
      { row: 7, column: 'Email', message: 'Email "not-an-email" is not a valid address' },
      { row: 8, column: 'Email', message: 'The email ada.import@example.test is on row 2 too' },
      { row: 9, column: 'Password', message: expect.stringMatching(/^Password must be at least \d+ characters$/) },
      { row: 10, column: 'Password', message: expect.stringContaining('one of the most common') },
      { row: 11, column: 'Position', message: 'Must be at most 100 characters' },
      { row: 12, column: 'Name', message: 'Name must not contain invisible or text-direction characters' },
      { row: 13, column: '', message: 'This row has 2 cells; the header has 5' },
    ]);
    expect(await databaseFingerprint(db)).toEqual(before);

    // The same file committed: nothing is written, 422 with the report.
    const refused = await send(headers, file, '?ignore=Notes');
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ code: string; message: string }>()).toMatchObject({ code: 'IMPORT_REJECTED', message: '9 rows have errors: nothing was imported' });
    expect(await databaseFingerprint(db)).toEqual(before);
  });

  // Issue 30: a write-only token learnt which addresses the staff use from a dry run (refused as taken), while
  // POST /api/agents took the same address. One rule now (server/domain/agent-emails.ts): an agent the owner or a token
  // makes may share a staff address; only another agent's address is taken, in the import as in POST /api/agents.
  it('tells an agents:write token nothing about staff addresses: they import and are added like any new address', async () => {
    get().clock.now = NOW;
    const db = get().database.db;
    const ownerRow = await createUser(db, { role: 'owner' });
    const manager = await createUser(db, { role: 'manager' });
    const agent = await createAgent(db);
    const token = await createApiToken(db, ownerRow, ['agents:write'], { now: NOW });
    const unknown = `nobody.${Date.now()}@example.test`;
    const file = ['Name,Email', `Owner Twin,${ownerRow.email}`, `Manager Twin,${manager.email.toUpperCase()}`, `Nobody Yet,${unknown}`, `Agent Twin,${agent.email}`].join('\r\n');
    const report = agentImportReport.parse((await send({ authorization: token.authorization }, file, '?dryRun=1')).json());
    // The staff addresses read exactly as an unknown one; only another agent's address is taken.
    expect(report).toMatchObject({ rows: 4, valid: 3, errorCount: 1 });
    expect(report.errors).toEqual([{ row: 5, column: 'Email', message: `An account with the email ${agent.email} already exists` }]);

    // POST /api/agents follows the same rule: a staff address is taken for an agent, another agent's is a 409.
    const add = (email: string) =>
      get().request({ method: 'POST', url: '/api/agents', headers: { authorization: token.authorization }, payload: { name: 'Twin Agent', position: 'Closer', email, password: 'a long agent password' } });
    expect((await add(manager.email)).statusCode).toBe(201);
    expect((await add(agent.email)).statusCode).toBe(409);
    // And the import, committed, makes the owner's twin (the manager's now has an agent: taken).
    const committed = await send({ authorization: token.authorization }, ['Name,Email', `Owner Twin,${ownerRow.email}`, `Manager Twin,${manager.email}`].join('\r\n'));
    expect(committed.statusCode).toBe(422);
    expect(agentImportReport.parse(committed.json()).errors).toEqual([{ row: 3, column: 'Email', message: `An account with the email ${manager.email} already exists` }]);
    expect((await send({ authorization: token.authorization }, ['Name,Email', `Owner Twin,${ownerRow.email}`].join('\r\n'))).statusCode).toBe(201);
  });

  it('imports every agent at once: a password signs in, a link sets one once, and the link is shown only now', async () => {
    get().clock.now = NOW;
    const headers = await owner();
    const db = get().database.db;
    const stamp = Date.now().toString(36);
    const file = ['email;name;password', `cleo.${stamp}@example.test;Cleo Import;cleo long password`, `dan.${stamp}@example.test;Dan Import;`].join('\n');
    const res = await send(headers, file);
    expect(res.statusCode, res.body).toBe(201);
    const report: AgentImportReport = agentImportReport.parse(res.json());
    expect(report).toMatchObject({ rows: 2, valid: 2, errorCount: 0, created: 2, dryRun: false });
    expect(report.links).toHaveLength(1);
    const [link] = report.links;
    expect(link).toMatchObject({ name: 'Dan Import', email: `dan.${stamp}@example.test`, expiresAt: new Date(NOW.getTime() + 7 * DAY).toISOString() });
    // Built from the address the server listens on (no PUBLIC_URL), never from the request's Host header.
    expect(link!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/reset-password#token=[A-Za-z0-9_-]{43}$/);

    const [cleo] = await queryRows<{ id: number; position: string; status: string }>(db, sql`select id, position, status from agents where email = ${`cleo.${stamp}@example.test`}`);
    expect(cleo).toMatchObject({ position: 'Sales Agent', status: 'active' });
    expect((await agentSignIn(get(), `cleo.${stamp}@example.test`, 'cleo long password')).statusCode).toBe(200);
    // Dan has no password until the link sets one; the token itself is not stored.
    expect((await agentSignIn(get(), `dan.${stamp}@example.test`, '!no-password-yet')).statusCode).toBe(401);
    const [stored] = await queryRows<{ token_hash: string }>(db, sql`select token_hash from password_resets where account_id = ${link!.agentId} and kind = 'agent'`);
    expect(stored!.token_hash).not.toContain(tokenOf(link!.url));
    // agent.created for each, in file order (placed from the inboxes first, not left to the hub's own pass).
    await sequenceAll(db);
    const events = await queryRows<{ agent_id: number }>(db, sql`select agent_id from events where type = 'agent.created' order by id desc limit 2`);
    expect(events.map((e) => e.agent_id).reverse()).toEqual([cleo!.id, link!.agentId]);

    const bad = await complete(tokenOf(link!.url), 'short');
    expect(bad.statusCode).toBe(400);
    expect((await complete(tokenOf(link!.url), 'password123')).statusCode).toBe(400);
    const done = await complete(tokenOf(link!.url), 'dan chose this one');
    expect(done.statusCode, done.body).toBe(204);
    const signedIn = await signIn(overInject(get().request), 'agent', { email: `dan.${stamp}@example.test`, password: 'dan chose this one' });
    expect(signedIn.cookie).toContain('agent_sid=');

    // Used once: the second use, a forged token and an empty one get the same answer and change nothing.
    for (const token of [tokenOf(link!.url), 'A'.repeat(43), 'x']) {
      const again = await complete(token, 'another long password');
      expect(again.statusCode).toBe(400);
      expect(again.json<{ message: string }>().message).toBe(RESET_LINK_INVALID);
    }
    expect((await agentSignIn(get(), `dan.${stamp}@example.test`, 'dan chose this one')).statusCode).toBe(200);
  });

  it('lets a link set a password only before it expires, and ends every session of the account', async () => {
    get().clock.now = NOW;
    const headers = await owner();
    const stamp = Date.now().toString(36);
    const file = `name,email\nEve Import,eve.${stamp}@example.test\nFay Import,fay.${stamp}@example.test\n`;
    const report = agentImportReport.parse((await send(headers, file)).json());
    const [eve, fay] = report.links;

    // Fay's link, used after 7 days, no longer works.
    get().clock.now = new Date(NOW.getTime() + 7 * DAY + 1000);
    const late = await complete(tokenOf(fay!.url), 'fay long password');
    expect(late.statusCode).toBe(400);
    expect(late.json<{ message: string }>().message).toBe(RESET_LINK_INVALID);

    // Eve sets a password, signs in, then a new link (as an owner would make one) ends that session.
    get().clock.now = NOW;
    expect((await complete(tokenOf(eve!.url), 'eve long password')).statusCode).toBe(204);
    const session = await signIn(overInject(get().request), 'agent', { email: `eve.${stamp}@example.test`, password: 'eve long password' });
    expect((await get().request({ method: 'GET', url: '/api/agents/session', headers: { cookie: session.cookie } })).statusCode).toBe(200);
    const { createHash, randomBytes } = await import('node:crypto');
    const token = randomBytes(32).toString('base64url');
    await get().database.db.execute(
      sql`insert into password_resets (kind, account_id, token_hash, source, created_at, expires_at)
        values ('agent', ${eve!.agentId}, ${createHash('sha256').update(token).digest('hex')}, 'owner', ${NOW.toISOString()}::timestamptz, ${new Date(NOW.getTime() + DAY).toISOString()}::timestamptz)`,
    );
    expect((await complete(token, 'eve second password')).statusCode).toBe(204);
    expect((await get().request({ method: 'GET', url: '/api/agents/session', headers: { cookie: session.cookie } })).statusCode).toBe(401);
  });

  it('refuses malformed files with one readable message, and too many passwords', async () => {
    get().clock.now = NOW;
    const headers = await owner();
    const cases: [string, string][] = [
      ['', 'The file is empty'],
      ['name,email\n', 'The file has a header but no rows'],
      ['name,phone\nA,1\n', 'Unknown column "phone": name it name, email, position, password, or leave it out'],
      ['name,email,Email\nA,a@example.test,b@example.test\n', 'Column "email" appears twice (columns 2 and 3)'],
      ['email\na@example.test\n', 'The file needs a name column'],
      ['name\nA\n', 'The file needs an email column'],
    ];
    for (const [file, message] of cases) {
      const res = await send(headers, file);
      expect(res.statusCode, file).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    const many = ['name,email,password', ...Array.from({ length: IMPORT_PASSWORD_ROWS_MAX + 1 }, (_, i) => `Agent ${i},many.${i}@example.test,long password ${i}`)].join('\n');
    const res = await send(headers, many, '?dryRun=1');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(`The file gives 1,001 passwords; at most 1,000 may be given`);
    const wrongType = await get().request({ method: 'POST', url: '/api/imports/agents', headers: { ...headers, 'content-type': 'application/json' }, payload: { name: 'A' } });
    expect(wrongType.statusCode).toBe(415);
  });

  it('imports 5,000 agents with links in one go', async () => {
    get().clock.now = NOW;
    const headers = await owner();
    const stamp = Date.now().toString(36);
    const file = ['name,email', ...Array.from({ length: 5_001 }, (_, i) => `Bulk ${i},bulk.${stamp}.${i}@example.test`)].join('\n');
    const res = await send(headers, file);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    const report = agentImportReport.parse(res.json());
    expect(report.created).toBe(5_001);
    expect(new Set(report.links.map((link) => link.agentId)).size).toBe(5_001);
    // Ids in file order, each link for its own agent.
    const [first, last] = [report.links[0]!, report.links[5_000]!];
    const rows = await queryRows<{ id: number; email: string }>(get().database.db, sql`select id, email from agents where id in (${first.agentId}, ${last.agentId}) order by id`);
    expect(rows).toEqual([
      { id: first.agentId, email: `bulk.${stamp}.0@example.test` },
      { id: last.agentId, email: `bulk.${stamp}.5000@example.test` },
    ]);
  }, 60_000);
});
