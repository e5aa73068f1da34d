import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '../../contract/api-routes';
import type { AppContext } from '../app-context';
import { openApiDocument } from '../http/openapi';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Json = Record<string, unknown>;

/** The document as one readable page: no script, no outside asset (the CSP holds), grouped by tag. */
function docsPage(document: Json): string {
  const paths = document.paths as Record<string, Record<string, Json>>;
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = (operation.tags as string[])[0]!;
      const parameters = (operation.parameters as Json[] | undefined) ?? [];
      const body = operation.requestBody as { content: Record<string, { schema: Json }> } | undefined;
      const responses = operation.responses as Record<string, { description: string; content?: Record<string, { schema: Json }> }>;
      const section = `<section class="op" id="${escape(String(operation.operationId))}">
  <h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
  <p>${escape(String(operation.summary))}. ${escape(String(operation.description))}</p>
  ${parameters.length ? `<h4>Parameters</h4><ul>${parameters.map((p) => `<li><code>${escape(String(p.name))}</code> (${escape(String(p.in))}${p.required ? ', required' : ''})${p.description ? `: ${escape(String(p.description))}` : ''}</li>`).join('')}</ul>` : ''}
  ${body ? Object.entries(body.content).map(([type, { schema }]) => `<h4>Body (${escape(type)})</h4><pre>${escape(JSON.stringify(schema, null, 2))}</pre>`).join('') : ''}
  <h4>Answers</h4><ul>${Object.entries(responses)
    .map(([status, answer]) => {
      const content = answer.content ? Object.entries(answer.content)[0] : undefined;
      const schema = content && content[0] === 'application/json' && !('$ref' in content[1].schema) ? `<details><summary>Schema</summary><pre>${escape(JSON.stringify(content[1].schema, null, 2))}</pre></details>` : '';
      return `<li><strong>${status}</strong> ${escape(answer.description)}${content && content[0] !== 'application/json' ? ` (${escape(content[0])})` : ''}${schema}</li>`;
    })
    .join('')}</ul>
</section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), section]);
    }
  }
  const info = document.info as { title: string; version: string; description: string };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(info.title)} reference</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;color:#0f172a;margin:0 auto;max-width:60rem;padding:1rem}
h1{font-size:1.75rem}h2{margin-top:2.5rem;border-bottom:1px solid #cbd5e1}h3{font-size:1.05rem;margin:0;overflow-wrap:anywhere}
.op{border:1px solid #e2e8f0;border-radius:.5rem;padding:.75rem 1rem;margin:1rem 0}
.method{display:inline-block;min-width:4.2rem;font-size:.8rem;font-weight:700;color:#fff;background:#334155;border-radius:.25rem;padding:.1rem .4rem;text-align:center}
.get{background:#1d4ed8}.post{background:#15803d}.patch,.put{background:#a16207}.delete{background:#b91c1c}
pre{background:#f1f5f9;padding:.75rem;overflow:auto;font-size:.8rem}code{font-size:.95em}nav ul{columns:2}
</style></head><body>
<main>
<h1>${escape(info.title)} <small>${escape(info.version)}</small></h1>
<p>${escape(info.description)}</p>
<p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<nav aria-label="Sections"><ul>${[...byTag.keys()].map((tag) => `<li><a href="#${escape(tag.replace(/\W+/g, '-'))}">${escape(tag)}</a></li>`).join('')}</ul></nav>
${[...byTag.entries()].map(([tag, sections]) => `<h2 id="${escape(tag.replace(/\W+/g, '-'))}">${escape(tag)}</h2>\n${sections.join('\n')}`).join('\n')}
</main></body></html>`;
}

/** GET /api/openapi.json and GET /api/docs (docs/product.md §12.9): built once, from the contract. */
export function registerApiDocsRoutes(app: FastifyInstance, _ctx: AppContext, version: string) {
  let document: Json | undefined;
  let page: string | undefined;
  const built = () => (document ??= openApiDocument(apiRoutes, version));
  app.get('/api/openapi.json', async () => built());
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send((page ??= docsPage(built()))));
}

