// The OpenAPI document (docs/product.md §12.9): generated from the contract's route list and schemas,
// valid OpenAPI 3.1, naming every route the app registers (and no other), with what integrations rely on; and its
// readable page. That the server's answers match it is checked on every answer of every integration suite
// (tests/support/conformance.ts).
import { Validator } from '@seriousme/openapi-schema-validator';
import { expect, it } from 'vitest';
import { eventTypes } from '../../contract/events';
import { describeEachEngine } from '../support/test-app';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describeEachEngine('OpenAPI document', (get) => {
  const document = async (): Promise<Json> => {
    const res = await get().request({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(await document());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents exactly the routes the app registers', async () => {
    const doc = await document();
    const documented = Object.entries(doc.paths as Record<string, Json>).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const registered = get().app.apiRoutes.map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect([...documented].sort()).toEqual([...new Set(registered)].sort());
  });

  it('says what integrations rely on: tokens, retry-safe writes, imports, live updates and their event types', async () => {
    const doc = await document();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['agentSession', 'bearer', 'session']);
    const entry = doc.paths['/api/income-entries'].post;
    expect(entry.parameters.map((p: Json) => p.name)).toContain('Idempotency-Key');
    expect(Object.keys(entry.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['agentId', 'amount', 'date', 'description', 'externalId']),
    );
    expect(Object.keys(entry.responses)).toEqual(expect.arrayContaining(['201', '409', '422']));
    expect(entry.responses['201'].description).toContain('Idempotent-Replayed');
    expect(entry.security).toEqual(expect.arrayContaining([{ bearer: ['entries:write'] }, { session: [] }]));
    expect(doc.info.description).toContain('X-Event-Cursor');
    const list = doc.paths['/api/income-entries'].get;
    expect(list.parameters.map((p: Json) => p.name)).toEqual(expect.arrayContaining(['agentId', 'from', 'to', 'offset', 'limit']));
    expect(Object.keys(doc.paths['/api/imports/income-entries'].post.requestBody.content)).toEqual(['text/csv']);
    const stream = doc.paths['/api/events'].get;
    expect(Object.keys(stream.responses['200'].content)).toEqual(['text/event-stream']);
    for (const type of eventTypes) expect(stream.responses['200'].description).toContain(type);
    expect(doc.paths['/api/tv/{token}/events'].get.parameters.map((p: Json) => p.name)).toEqual(expect.arrayContaining(['token', 'lastEventId']));
  });

  it('reads as a page of our own, every route on it, nothing loaded from elsewhere', async () => {
    const res = await get().request({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).not.toMatch(/<script|https?:\/\/(?!127)/);
    for (const route of get().app.apiRoutes) {
      expect(res.body, route.url).toContain(`<code>${route.url.replace(/:(\w+)/g, '{$1}')}</code>`);
    }
  });
});
