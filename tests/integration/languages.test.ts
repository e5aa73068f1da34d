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
