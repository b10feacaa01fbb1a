import { fork, type ChildProcess } from 'node:child_process';
import { createHmac, createPrivateKey, createSign, type JsonWebKey } from 'node:crypto';
import path from 'node:path';
import { basic } from './http';

/** The audience the gateways of the tests accept. */
export const AUDIENCE = 'https://gateway.test/restapi';

export interface Started {
  issuer: string;
  client: { id: string; secret: string };
  keys: (JsonWebKey & { kid: string })[];
}

export interface TestProvider extends Started {
  /** A token issued by the provider's token endpoint (client credentials), carrying `claims`, for `resource`. */
  token: (claims: Record<string, unknown>, resource?: string) => Promise<string>;
  /** A new signing key first in the provider's key set; the old ones stay. */
  rotate: () => Promise<void>;
  stop: () => void;
}

/** A real OpenID provider (oidc-provider, ./oidc-provider.mjs) in a child process. */
export async function startProvider(): Promise<TestProvider> {
  const child: ChildProcess = fork(path.join(__dirname, 'oidc-provider.mjs'), [], { execArgv: [], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const next = <T>(): Promise<T> =>
    new Promise((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the OpenID provider exited (${code}): ${stderr}`));
      child.once('exit', exited);
      child.once('message', (message) => {
        child.off('exit', exited);
        resolve(message as T);
      });
    });
  const provider = { ...(await next<Started>()) } as TestProvider;
  provider.token = async (claims, resource = AUDIENCE) => {
    const reply = await fetch(`${provider.issuer}/token`, {
      method: 'POST',
      headers: {
        ...basic(provider.client.id, provider.client.secret),
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Test-Claims': JSON.stringify(claims),
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'api', resource }).toString(),
    });
    const body = (await reply.json()) as { access_token?: string };
    if (reply.status !== 200 || !body.access_token) throw new Error(`token endpoint: ${reply.status} ${JSON.stringify(body)}`);
    return body.access_token;
  };
  provider.rotate = async () => {
    const rotated = next<{ keys: Started['keys'] }>();
    child.send({ type: 'rotate' });
    provider.keys = (await rotated).keys;
  };
  provider.stop = () => child.kill();
  return provider;
}

/** A JWT written and signed here: `sign` gets the signing input, or there is no signature (`alg: none`). */
export function jwt(header: Record<string, unknown>, payload: Record<string, unknown>, sign?: (input: string) => Buffer): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part(header)}.${part(payload)}`;
  return `${input}.${sign ? sign(input).toString('base64url') : ''}`;
}

export const rs256 = (key: JsonWebKey) => (input: string) =>
  createSign('RSA-SHA256')
    .update(input)
    .sign(createPrivateKey({ key, format: 'jwk' }));
export const hs256 = (secret: string) => (input: string) => createHmac('sha256', secret).update(input).digest();
