import { expect, it } from 'vitest';
import { SCIM_SCHEMA } from '../../contract/scim';
import { createApiToken } from '../factories/api-tokens';
import { createAgent, signedInAgent, signedInUser, uniqueSuffix } from '../factories/accounts';
import { createPendingClaim, createRewardOption } from '../factories/rewards';
import { describeEachEngine } from '../support/test-app';

// docs/decisions/0094: the refusals of the domain's rules (server/domain), of the operations that need the database to
// judge (server/db/operations) and of SCIM (server/domain/scim) answer in the language the request asks for
// (Accept-Language, with Content-Language), and in English word for word without it.
describeEachEngine('Languages: the refusals of the domain rules, the operations and SCIM', (get) => {
  const asking = (language?: string): Record<string, string> => (language ? { 'accept-language': language } : {});

  it('a claim of a tier not reached yet: German when asked for, English otherwise', async () => {
    const t = get();
    const option = await createRewardOption(t.database.db, { tierId: 2, title: 'Amazon Gift Card' });
    const agent = await signedInAgent(t, { total: '9999.99' });
    const claim = (language?: string) =>
      t.request({
        method: 'POST',
        url: '/api/rewards/claim',
        headers: { cookie: agent.cookie, ...asking(language) },
        payload: { agentId: agent.id, rewardId: option.id, fullName: 'Jordan Reyes', email: 'jordan@example.com', phone: '+1 555 0100', address: '1 Main Street', city: 'Springfield', zipcode: '12345' },
      });

    const german = await claim('de-DE,de;q=0.9,en;q=0.5');
    expect(german.statusCode).toBe(400);
    expect(german.json()).toEqual({ message: 'Sie haben die Stufe Bronze noch nicht erreicht', code: 'VALIDATION_FAILED' });
    expect(german.headers['content-language']).toBe('de');

    const english = await claim();
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({ message: 'You have not reached the Bronze tier yet', code: 'VALIDATION_FAILED' });
    expect(english.headers['content-language']).toBeUndefined();
  });

  it('a team name taken, and a goal for a period that is over (its field’s message too), in the language asked for', async () => {
    const t = get();
    const owner = await signedInUser(t, 'owner');
    const name = `Nord ${uniqueSuffix()}`;
    const team = (language?: string) => t.request({ method: 'POST', url: '/api/teams', headers: { cookie: owner.cookie, ...asking(language) }, payload: { name } });
    expect((await team()).statusCode).toBe(201);
    const german = await team('de');
    expect(german.statusCode).toBe(409);
    expect(german.json()).toEqual({ message: 'Es gibt bereits ein Team mit diesem Namen', code: 'CONFLICT' });
    expect(german.headers['content-language']).toBe('de');
    expect((await team('es')).json()).toEqual({ message: 'Ya existe un equipo con este nombre', code: 'CONFLICT' });
    const english = await team();
    expect(english.json()).toEqual({ message: 'A team with this name already exists', code: 'CONFLICT' });
    expect(english.headers['content-language']).toBeUndefined();

    const agent = await createAgent(t.database.db);
    const goal = (body: Record<string, unknown>, language?: string) =>
      t.request({ method: 'POST', url: '/api/goals', headers: { cookie: owner.cookie, ...asking(language) }, payload: { agentId: agent.id, metric: 'profit', target: 5, ...body } });
    const past = { period: 'week', startsOn: '2001-01-01' };
    const germanPast = await goal(past, 'de');
    expect(germanPast.statusCode).toBe(400);
    const sentence = 'startsOn muss im laufenden oder einem späteren Zeitraum liegen: Für einen abgelaufenen Zeitraum wird kein Ziel gesetzt';
    expect(germanPast.json()).toEqual({ message: sentence, code: 'VALIDATION_FAILED', issues: [{ path: 'startsOn', message: sentence }] });
    const english2 = 'startsOn must be in the current period or a later one: a goal is not set for a period that is over';
    expect((await goal(past)).json()).toEqual({ message: english2, code: 'VALIDATION_FAILED', issues: [{ path: 'startsOn', message: english2 }] });

    // A second monthly goal of the agent on profit: the holder and the period chosen in the sentence of each language.
    const first = await goal({ period: 'month' });
    expect(first.statusCode, first.body).toBe(201);
    const clash = (language?: string) => goal({ period: 'month' }, language);
    const french = await clash('fr');
    expect(french.statusCode).toBe(409);
    expect(french.json().message).toMatch(/^Ce commercial a déjà un objectif mensuel sur cet indicateur pour cette période \(objectif \d+\) : modifiez-le plutôt$/);
    expect(french.headers['content-language']).toBe('fr');
    expect((await clash()).json().message).toMatch(/^This agent already has a monthly goal on this metric for that period \(goal \d+\): change it instead$/);
  });

  it('a claim status that cannot follow: the statuses named in the reader’s words', async () => {
    const t = get();
    const owner = await signedInUser(t, 'owner');
    const agent = await createAgent(t.database.db);
    const option = await createRewardOption(t.database.db, { tierId: 1 });
    const claim = await createPendingClaim(t.database.db, { agentId: agent.id, tierId: 1, rewardOptionId: option.id });
    const ship = (language?: string) =>
      t.request({ method: 'PATCH', url: `/api/reward-claims/${claim.id}`, headers: { cookie: owner.cookie, ...asking(language) }, payload: { status: 'shipped' } });
    const french = await ship('fr');
    expect(french.statusCode).toBe(409);
    expect(french.json()).toEqual({ message: 'Une demande en attente ne peut pas être marquée expédiée : elle peut être marquée traitée ou refusée', code: 'CONFLICT' });
    const german = await ship('de');
    expect(german.json().message).toBe('Ein Anspruch im Status offen kann nicht als versandt markiert werden: Er kann als bearbeitet oder abgelehnt markiert werden');
    const english = await ship();
    expect(english.json()).toEqual({ message: 'A pending claim cannot be marked shipped: it can be marked processed or rejected', code: 'CONFLICT' });
    expect(english.headers['content-language']).toBeUndefined();
  });

  it('SCIM: a filter this service does not take, and a PATCH value the schema refuses, in the language asked for', async () => {
    const t = get();
    const owner = await signedInUser(t, 'owner');
    const directory = (await createApiToken(t.database.db, owner, ['scim'], { now: t.clock.now })).authorization;
    const scim = (method: 'GET' | 'POST' | 'PATCH', path: string, language?: string, body?: unknown) =>
      t.request({
        method,
        url: `/scim/v2${path}`,
        headers: { authorization: directory, ...asking(language), ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });

    const filter = `/Users?filter=${encodeURIComponent('userName ne "pat@example.test"')}`;
    const german = await scim('GET', filter, 'de');
    expect(german.statusCode).toBe(400);
    expect(german.json()).toEqual({
      schemas: [SCIM_SCHEMA.error],
      status: '400',
      scimType: 'invalidFilter',
      detail: 'Der Operator "ne" wird nicht unterstützt: Dieser Dienst filtert nur mit eq',
    });
    expect(german.headers['content-language']).toBe('de');
    const english = await scim('GET', filter);
    expect(english.json()).toMatchObject({ scimType: 'invalidFilter', detail: 'The operator "ne" is not supported: this service filters with eq only' });
    expect(english.headers['content-language']).toBeUndefined();

    const made = await scim('POST', '/Users', undefined, { schemas: [SCIM_SCHEMA.user], userName: `lang.${uniqueSuffix()}@example.test`, displayName: 'Lang Test' });
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json() as { id: string }).id;
    // The schema's own message (contract/) is made again in the language asked for when the answer is written.
    const patch = (language?: string) =>
      scim('PATCH', `/Users/${id}`, language, { schemas: [SCIM_SCHEMA.patchOp], Operations: [{ op: 'replace', path: 'active', value: 5 }] });
    const germanPatch = await patch('de');
    expect(germanPatch.statusCode).toBe(400);
    expect(germanPatch.json()).toMatchObject({ scimType: 'invalidValue', detail: 'Operations[0]: active: active muss true oder false sein' });
    expect((await patch()).json()).toMatchObject({ scimType: 'invalidValue', detail: 'Operations[0]: active: active must be true or false' });
  });
});
