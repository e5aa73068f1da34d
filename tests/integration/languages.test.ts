import { expect, it } from 'vitest';
import { createAgent, signInAgent, signedInUser } from '../factories/accounts';
import { describeEachEngine } from '../support/test-app';

// docs/product.md §12.22: a person chooses a language on the account or profile page; bad input changes nothing;
// each change is audited; the session reads carry the choice, which the pages follow.
describeEachEngine('Languages: PATCH /api/auth/user and PATCH /api/agents/me', (get) => {
  it('an owner or manager chooses a language, or the organisation’s again; a bad one is refused and changes nothing', async () => {
    const t = get();
    const manager = await signedInUser(t, 'manager');
    const patch = (payload: unknown) => t.request({ method: 'PATCH', url: '/api/auth/user', headers: { cookie: manager.cookie }, payload: payload as object });
    const who = async () => (await t.request({ method: 'GET', url: '/api/auth/user', headers: { cookie: manager.cookie } })).json();

    expect((await who()).language).toBeNull();
    const chosen = await patch({ language: 'de' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ id: manager.id, language: 'de' });
    expect((await who()).language).toBe('de');

    for (const bad of [{ language: 'it' }, { language: 3 }, {}, { language: 'fr', name: 'x' }]) {
      const refused = await patch(bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await patch({ language: 'it' })).json().message).toBe("language must be one of en, de, es, fr, or null for the organisation's");
    expect((await who()).language).toBe('de');

    expect((await patch({ language: null })).json().language).toBeNull();
    const audit = await t.request({ method: 'GET', url: '/api/audit?action=language.changed', headers: { cookie: (await signedInUser(t, 'owner')).cookie } });
    expect(audit.statusCode).toBe(200);
    const rows = (audit.json() as { rows: { targetId: string | null; after: unknown }[] }).rows.filter((row) => row.targetId === String(manager.id));
    expect(rows.map((row) => row.after)).toEqual([{ language: null }, { language: 'de' }]);
  });

  it('an agent chooses a language on its profile; its session read carries it', async () => {
    const t = get();
    const agent = await createAgent(t.database.db);
    const cookie = (await signInAgent(t.database.db, agent)).cookie;
    const patch = (payload: object) => t.request({ method: 'PATCH', url: '/api/agents/me', headers: { cookie }, payload });
    const changed = await patch({ language: 'es' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ language: 'es', name: agent.name });
    expect((await t.request({ method: 'GET', url: '/api/agents/session', headers: { cookie } })).json().agent.language).toBe('es');
    expect((await t.request({ method: 'GET', url: '/api/agents/me', headers: { cookie } })).json().language).toBe('es');
    const refused = await patch({ language: 'xx' });
    expect(refused.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/agents/me', headers: { cookie } })).json().language).toBe('es');
  });
});

// docs/decisions/0094: error messages in the language the request asks for (the screens send theirs), else English.
describeEachEngine('Languages: error messages answer in the language asked for', (get) => {
  it('a domain error, a schema’s failure and a refused body, in German, French or English', async () => {
    const t = get();
    const owner = await signedInUser(t, 'owner');
    const asking = (language?: string) => ({ cookie: owner.cookie, ...(language ? { 'accept-language': language } : {}) });

    const missing = (language?: string) => t.request({ method: 'GET', url: '/api/agents/999999', headers: asking(language) });
    const german = await missing('de-DE,de;q=0.9,en;q=0.5');
    expect(german.statusCode).toBe(404);
    expect(german.json()).toEqual({ message: 'Vertriebler nicht gefunden', code: 'NOT_FOUND' });
    expect(german.headers['content-language']).toBe('de');
    const english = await missing();
    expect(english.json()).toEqual({ message: 'Agent not found', code: 'NOT_FOUND' });
    expect(english.headers['content-language']).toBeUndefined();
    expect((await missing('ja-JP')).json().message).toBe('Agent not found');

    const audit = (language?: string) => t.request({ method: 'GET', url: '/api/audit?from=2026-02-30&to=2026-03-01', headers: asking(language) });
    const refused = await audit('fr');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'from doit être une date qui existe, comme 2026-11-01',
      issues: [{ path: 'from', message: 'from doit être une date qui existe, comme 2026-11-01' }],
    });
    expect((await audit()).json().message).toBe('from must be a date that exists, such as 2026-11-01');

    const broken = await t.request({ method: 'PATCH', url: '/api/auth/user', headers: { ...asking('es'), 'content-type': 'application/json' }, payload: '{"language":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'El cuerpo de la solicitud no es JSON válido', code: 'VALIDATION_FAILED' });
  });
});
