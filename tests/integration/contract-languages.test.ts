import { expect, it } from 'vitest';
import { createAgent, signedInUser } from '../factories/accounts';
import { describeEachEngine } from '../support/test-app';

// docs/decisions/0094: the contract's messages (its schemas' issues and the refusals it names) answer in the language
// the request asks for (Accept-Language, with Content-Language), and in English word for word without it.
describeEachEngine('Languages: the messages of the contract', (get) => {
  const asking = (language?: string): Record<string, string> => (language ? { 'accept-language': language } : {});

  it('a schema’s refusal of a new agent without a name: German when asked for, English otherwise', async () => {
    const t = get();
    const owner = await signedInUser(t, 'owner');
    const add = (language?: string) =>
      t.request({
        method: 'POST',
        url: '/api/agents',
        headers: { cookie: owner.cookie, ...asking(language) },
        payload: { name: '  ', position: 'Closer', email: 'nameless@example.test', password: 'a long enough password 9' },
      });

    const german = await add('de-DE,de;q=0.9,en;q=0.5');
    expect(german.statusCode).toBe(400);
    expect(german.json()).toEqual({
      message: 'Der Name ist erforderlich',
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'name', message: 'Der Name ist erforderlich' }],
    });
    expect(german.headers['content-language']).toBe('de');

    const english = await add();
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({ message: 'Name is required', code: 'VALIDATION_FAILED', issues: [{ path: 'name', message: 'Name is required' }] });
    expect(english.headers['content-language']).toBeUndefined();
  });

  it('a refusal the contract names (a wrong password), in German and in English', async () => {
    const t = get();
    const owner = await signedInUser(t, 'owner');
    const confirm = (language?: string) =>
      t.request({ method: 'POST', url: '/api/auth/confirm-password', headers: { cookie: owner.cookie, ...asking(language) }, payload: { password: 'not the password' } });

    const german = await confirm('de');
    expect(german.statusCode).toBe(400);
    expect(german.json()).toEqual({ message: 'Das Passwort ist nicht korrekt', code: 'VALIDATION_FAILED', issues: [{ path: 'password', message: 'Das Passwort ist nicht korrekt' }] });
    expect(german.headers['content-language']).toBe('de');
    expect((await confirm()).json()).toMatchObject({ message: 'The password is not correct' });
  });

  it('a schema’s own checks and the values in its messages, in Spanish and French', async () => {
    const t = get();
    const owner = await signedInUser(t, 'owner');
    const agent = await createAgent(t.database.db);
    const patch = (language?: string) =>
      t.request({ method: 'PATCH', url: `/api/agents/${agent.id}`, headers: { cookie: owner.cookie, ...asking(language) }, payload: {} });
    const spanish = await patch('es');
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json()).toMatchObject({ message: 'Nada que cambiar: envía active, o cualquiera de name, email, position y teamId' });
    expect(spanish.headers['content-language']).toBe('es');
    expect((await patch()).json()).toMatchObject({ message: 'Nothing to change: send active, or any of name, email, position and teamId' });

    const search = (language?: string) =>
      t.request({ method: 'GET', url: `/api/agents?search=${'a'.repeat(101)}`, headers: { cookie: owner.cookie, ...asking(language) } });
    const french = await search('fr');
    expect(french.statusCode).toBe(400);
    expect(french.json()).toMatchObject({ issues: [{ path: 'search', message: 'search doit comporter au plus 100 caractères' }] });
    expect((await search()).json()).toMatchObject({ issues: [{ path: 'search', message: 'search must be at most 100 characters' }] });
  });
});
