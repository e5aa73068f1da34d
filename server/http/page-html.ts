import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OrgDisplaySettings } from '../../contract/settings';
import type { OrganisationCache } from '../live/organisation-cache';

/** The meta element web/src/lib/org-settings.ts reads before the first render. */
export const ORG_SETTINGS_META = 'tiertrack-org';

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page with the organisation's settings in a meta element (JSON, attribute-escaped): before </head>, or at the
 * start of a page without one. A meta element rather than an inline script: the content security policy runs no
 * inline script.
 */
export function injectSettings(html: string, settings: OrgDisplaySettings): string {
  const meta = `<meta name="${ORG_SETTINGS_META}" content="${escapeAttribute(JSON.stringify(settings))}" />`;
  const head = html.indexOf('</head>');
  if (head !== -1) return `${html.slice(0, head)}${meta}${html.slice(head)}`;
  const doctype = /^<!doctype html>/i.exec(html);
  return doctype ? `${doctype[0]}${meta}${html.slice(doctype[0].length)}` : `${meta}${html}`;
}

interface Rendered {
  version: number;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
}

/** As scripts/vite-precompress.ts: below a packet, compression saves nothing worth the work. */
const COMPRESS_FROM = 1024;

/**
 * Sends the web app's HTML pages with the organisation's settings written in. Each page is read and compressed once
 * per version of the settings (a few KB: well under a millisecond after the first), then sent from memory with an
 * ETag, so a browser revalidating its copy gets 304 until the settings or the build change.
 */
export class PageHtml {
  private readonly files = new Map<string, string>();
  private readonly rendered = new Map<string, Rendered>();

  constructor(
    private readonly webRoot: string,
    private readonly organisation: OrganisationCache,
  ) {}

  send(request: FastifyRequest, reply: FastifyReply, file: string) {
    const page = this.render(file);
    reply.header('content-type', 'text/html; charset=utf-8').header('etag', page.etag).header('vary', 'Cookie, Accept-Encoding');
    if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (page.br && /\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
    if (page.gzip && /\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.body);
  }

  private render(file: string): Rendered {
    const version = this.organisation.version;
    const cached = this.rendered.get(file);
    if (cached && cached.version === version) return cached;
    let html = this.files.get(file);
    if (html === undefined) {
      html = readFileSync(path.join(this.webRoot, file), 'utf8');
      this.files.set(file, html);
    }
    const body = Buffer.from(injectSettings(html, this.organisation.current()));
    const page: Rendered = { version, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    if (body.length >= COMPRESS_FROM) {
      page.br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
      page.gzip = gzipSync(body, { level: 9 });
    }
    this.rendered.set(file, page);
    return page;
  }
}
