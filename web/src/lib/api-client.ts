import { EVENT_CURSOR_HEADER } from '@contract/limits';
import { noteEventCursor } from './event-cursor';

/**
 * The one HTTP client of the web app (docs/product.md §12.1, §13.2): every call carries credentials, a body is sent as
 * JSON only when present, and a non-successful response throws an error whose message is
 * "{status}: {body text or status text}". Every response's body is read, also when nothing uses it: a body left
 * unread keeps its request open in the browser, so the page never counts as idle.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's readable message when the body is our JSON error shape, else the raw text, else undefined. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.bodyText) as { message?: unknown };
      if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
    } catch {
      // not JSON: fall through to the text itself
    }
    return this.bodyText.trim() || undefined;
  }

  /** The field-by-field problems of a refused request (contract/errors.ts `issues`), empty when the body has none. */
  get issues(): Array<{ path: string; message: string }> {
    try {
      const parsed = JSON.parse(this.bodyText) as { issues?: unknown };
      if (!Array.isArray(parsed.issues)) return [];
      return parsed.issues.filter(
        (issue): issue is { path: string; message: string } =>
          typeof issue === 'object' && issue !== null && typeof issue.path === 'string' && typeof issue.message === 'string',
      );
    } catch {
      return [];
    }
  }

  /** The error code of our JSON error shape (contract/errors.ts), when the body has one. */
  get code(): string | undefined {
    try {
      const parsed = JSON.parse(this.bodyText) as { code?: unknown };
      return typeof parsed.code === 'string' ? parsed.code : undefined;
    } catch {
      return undefined;
    }
  }
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text();
    throw new ApiError(res.status, text, res.statusText);
  }
}

/**
 * The language the server writes its error messages in (Accept-Language): the one the page shows, said on every call,
 * since the browser's own header names the browser's language, not the page's (lib/i18n/language.ts sets it).
 */
let answerLanguage = 'en';
export function setAnswerLanguage(language: string): void {
  answerLanguage = language;
}

/** What a 401 means to a call: an error, or (for the session reads) that nobody is signed in. */
export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The body's text of a successful call, or null for a 401 the caller takes as "signed out". */
async function requestText(method: string, url: string, data: unknown, on401: UnauthorizedBehavior): Promise<string | null> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json', 'Accept-Language': answerLanguage } : { 'Accept-Language': answerLanguage },
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  noteEventCursor(res.headers.get(EVENT_CURSOR_HEADER));
  if (on401 === 'returnNull' && res.status === 401) {
    await res.text();
    return null;
  }
  await throwIfResNotOk(res);
  return res.text();
}

const parseJson = <T>(text: string) => (text ? JSON.parse(text) : undefined) as T;

/** A call whose answer is not needed (deletions, sign-out). */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<void> {
  await requestText(method, url, data, 'throw');
}

export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  return parseJson<T>((await requestText(method, url, data, 'throw')) ?? '');
}

/** A GET whose 401 means nobody is signed in (the session reads): null then, rather than an error. */
export async function apiJsonOrNull<T>(url: string): Promise<T | null> {
  const text = await requestText('GET', url, undefined, 'returnNull');
  return text === null ? null : parseJson<T>(text);
}

/**
 * docs/product.md §12.1: an error beginning "401:" and containing "Unauthorized" is an unauthorized error. That rule
 * of the product asks for this recognition, so it is kept although the app's own reads decide by ApiError.status.
 */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

/** The message to show a person for a failed call: the server's message, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export interface UploadOptions {
  /** The share of the body sent so far, 0 to 1, as the browser reports it. */
  onUploadProgress?: (fraction: number) => void;
  /** The whole body is sent: the server is working on it. */
  onUploaded?: () => void;
}

/**
 * A POST whose body is a file sent as it is (not JSON), answered with JSON. XMLHttpRequest rather than fetch, being the
 * one browser API that reports upload progress; the answer is handled as apiJson handles it (cursor noted, an ApiError
 * for a non-successful status).
 */
export function apiUpload<T>(url: string, body: Blob, contentType: string, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('Content-Type', contentType);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onUploadProgress?.(event.loaded / event.total);
    };
    request.upload.onload = () => options.onUploaded?.();
    request.onload = () => {
      noteEventCursor(request.getResponseHeader(EVENT_CURSOR_HEADER));
      if (request.status >= 200 && request.status < 300) resolve(parseJson<T>(request.responseText));
      else reject(new ApiError(request.status, request.responseText, request.statusText));
    };
    request.onerror = () => reject(new Error('The upload failed: check the connection and try again'));
    request.onabort = () => reject(new Error('The upload was stopped'));
    request.send(body);
  });
}
