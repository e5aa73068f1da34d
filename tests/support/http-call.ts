// Calls to an app listening on a real port (tests that also hold event streams open), answered as status and JSON.

export interface HttpAnswer {
  status: number;
  /** The JSON body (an empty object when there is none or it is not JSON). */
  body: Record<string, unknown>;
  /** The body as sent. */
  text: string;
}

/** A caller of `base` (e.g. http://127.0.0.1:port) with an optional session cookie and JSON body. */
export function httpCaller(base: () => string) {
  return async (method: string, path: string, options: { cookie?: string; body?: unknown } = {}): Promise<HttpAnswer> => {
    const response = await fetch(`${base()}${path}`, {
      method,
      headers: {
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    const json = response.headers.get('content-type')?.includes('json') && text ? (JSON.parse(text) as Record<string, unknown>) : {};
    return { status: response.status, body: json, text };
  };
}
