import { appendFileSync } from 'node:fs';
import { undeclaredInAnswer } from './response-schema';

export type Headers = Record<string, string>;

export const basic = (login: string, password: string): Headers => ({
  Authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`,
});

export const JSON_TYPE = { Accept: 'application/json' };
export const XML_TYPE = { Accept: 'application/xml' };

export interface Reply {
  status: number;
  headers: globalThis.Headers;
  text: string;
  json: any;
}

export async function call(
  base: string,
  method: string,
  path: string,
  options: { headers?: Headers; body?: unknown; contentType?: string } = {},
): Promise<Reply> {
  const headers: Headers = { ...options.headers };
  let body: string | FormData | undefined;
  // fetch writes a multipart body with its own Content-Type (and boundary).
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] = options.contentType ?? 'application/json';
  }
  const response = await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  const undeclared = undeclaredInAnswer(method, path, response.status, response.headers.get('content-type'), text);
  if (undeclared && process.env.RESPONSE_CHECK_LOG)
    appendFileSync(process.env.RESPONSE_CHECK_LOG, `${undeclared} [${expect.getState().testPath} › ${expect.getState().currentTestName}]\n`);
  else if (undeclared) throw new Error(`the answer does not fit openapi.json: ${undeclared}`);
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export async function graphql(base: string, headers: Headers, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/** The Set-Cookie value as a Cookie request header. */
export const cookieOf = (reply: { headers: globalThis.Headers }) => reply.headers.get('set-cookie')?.split(';')[0] ?? '';
