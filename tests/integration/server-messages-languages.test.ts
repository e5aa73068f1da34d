import { expect, it } from 'vitest';
import { FACTORY_PASSWORD, createUser, signedInUser } from '../factories/accounts';
import { describeEachEngine } from '../support/test-app';

// docs/decisions/0094: the messages of server/auth, server/routes, server/http and server/live answer in the language
// the request asks for (Accept-Language, with Content-Language), and in English word for word without it.
describeEachEngine('Languages: the messages of sign-in, the routes and the HTTP layer', (get) => {
  const asking = (language?: string): Record<string, string> => (language ? { 'accept-language': language } : {});

  it('a wrong password at sign-in: German when asked for, English otherwise', async () => {
    const t = get();
    const owner = await createUser(t.database.db, { role: 'owner' });
    const signIn = (language?: string) =>
      t.request({ method: 'POST', url: '/api/auth/login', headers: asking(language), payload: { email: owner.email, password: 'not the password' } });

    const german = await signIn('de-DE,de;q=0.9,en;q=0.5');
    expect(german.statusCode).toBe(401);
    expect(german.json()).toEqual({ message: 'E-Mail-Adresse oder Passwort ist falsch', code: 'UNAUTHENTICATED' });
    expect(german.headers['content-language']).toBe('de');

    const english = await signIn();
    expect(english.statusCode).toBe(401);
    expect(english.json()).toEqual({ message: 'Invalid email or password', code: 'UNAUTHENTICATED' });
    expect(english.headers['content-language']).toBeUndefined();

    // The right password still signs in, whatever the language asked for.
    const right = await t.request({ method: 'POST', url: '/api/auth/login', headers: asking('de'), payload: { email: owner.email, password: FACTORY_PASSWORD } });
    expect(right.statusCode).toBe(200);
  });

  it('a route’s refusal, and a 401 the route sends itself, in the language asked for', async () => {
    const t = get();
    const owner = await signedInUser(t, 'owner');
    const profit = (language?: string) =>
      t.request({ method: 'PATCH', url: '/api/metrics/profit', headers: { cookie: owner.cookie, ...asking(language) }, payload: { name: 'Gewinn' } });
    const german = await profit('de');
    expect(german.statusCode).toBe(409);
    expect(german.json()).toEqual({ message: 'Gewinn ist fest eingebaut: Er kann nicht geändert werden', code: 'CONFLICT' });
    expect((await profit()).json()).toEqual({ message: 'Profit is built in: it cannot be changed', code: 'CONFLICT' });

    const session = (language?: string) => t.request({ method: 'GET', url: '/api/agents/session', headers: asking(language) });
    const spanish = await session('es');
    expect(spanish.statusCode).toBe(401);
    expect(spanish.json()).toEqual({ authenticated: false, message: 'No autorizado: no hay sesión de agente', code: 'UNAUTHENTICATED' });
    expect(spanish.headers['content-language']).toBe('es');
    const english = await session();
    expect(english.json()).toEqual({ authenticated: false, message: 'Unauthorized: no agent session', code: 'UNAUTHENTICATED' });
    expect(english.headers['content-language']).toBeUndefined();
  });

  it('an import refused with its count of rows, in German and in English', async () => {
    const t = get();
    const owner = await signedInUser(t, 'owner');
    const send = (file: string, language?: string) =>
      t.request({ method: 'POST', url: '/api/imports/agents', headers: { cookie: owner.cookie, 'content-type': 'text/csv', ...asking(language) }, payload: file });
    const twoWrong = ['Name,Email,Position,Password', ',empty.name@example.test,,', 'Bad Email,not-an-email,,'].join('\r\n');
    const german = await send(twoWrong, 'de');
    expect(german.statusCode).toBe(422);
    expect(german.json()).toMatchObject({ code: 'IMPORT_REJECTED', message: '2 Zeilen haben Fehler: Nichts wurde importiert', errorCount: 2 });
    expect(german.headers['content-language']).toBe('de');
    expect((await send(twoWrong)).json()).toMatchObject({ message: '2 rows have errors: nothing was imported' });
    const oneWrong = ['Name,Email,Position,Password', 'Bad Email,not-an-email,,'].join('\r\n');
    expect((await send(oneWrong)).json()).toMatchObject({ message: '1 row has an error: nothing was imported' });
    expect((await send(oneWrong, 'fr')).json()).toMatchObject({ message: '1 ligne contient une erreur : rien n’a été importé' });
  });

  it('the HTTP layer’s refusals: a cross-site request, and an address under /scim/v2 that is no endpoint', async () => {
    const t = get();
    const crossSite = (language?: string) =>
      t.request({ method: 'POST', url: '/api/auth/login', headers: { origin: 'http://evil.example', ...asking(language) }, payload: { email: 'a@example.test', password: 'x' } });
    const french = await crossSite('fr');
    expect(french.statusCode).toBe(403);
    expect(french.json()).toEqual({ message: 'Requête intersites refusée', code: 'FORBIDDEN' });
    expect(french.headers['content-language']).toBe('fr');
    expect((await crossSite()).json()).toEqual({ message: 'Cross-site request refused', code: 'FORBIDDEN' });

    const scim = (language?: string) => t.request({ method: 'GET', url: '/scim/v2/Nothing', headers: asking(language) });
    const german = await scim('de');
    expect(german.statusCode).toBe(404);
    expect(german.json()).toMatchObject({ status: '404', detail: 'Kein SCIM-Endpunkt für GET /scim/v2/Nothing' });
    expect(german.headers['content-language']).toBe('de');
    expect((await scim()).json()).toMatchObject({ detail: 'No SCIM endpoint for GET /scim/v2/Nothing' });
  });
});
