/*
 * A real OpenID provider (the certified oidc-provider package) for test/oauth.test.ts, in a process
 * of its own: oidc-provider is ESM only and jest runs the tests as CommonJS.
 *
 * It listens on a random loopback port, is its own issuer (http://127.0.0.1:<port>), and issues JWT
 * access tokens with the client-credentials grant for the audience named by the `resource`
 * parameter (resource indicators). The claims naming the person stand in for an account: the token
 * request carries them as JSON in the `X-Test-Claims` header.
 *
 * Messages (IPC): once listening it sends `{ issuer, client, keys }`: its client's id and secret,
 * and its private signing keys, so that tests can also sign tokens it would not issue. On
 * `{ type: 'rotate' }` it puts a new signing key first, keeps the old ones in its JWKS, and answers
 * `{ type: 'rotated', keys }`.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import process from 'node:process';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

const CLIENT = { id: 'gateway-tests', secret: 'gateway-tests-secret' };

async function newSigningKey() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

let keys = [await newSigningKey()];
let handler = (_req, res) => res.writeHead(503).end();
const server = http.createServer((req, res) => handler(req, res));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

function start() {
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        grant_types: ['client_credentials'],
        redirect_uris: [],
        response_types: [],
      },
    ],
    jwks: { keys },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => ({
          scope: 'api',
          audience: resource,
          accessTokenFormat: 'jwt',
          accessTokenTTL: 300,
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    ttl: { ClientCredentials: 300 },
    extraTokenClaims: (ctx) => JSON.parse(ctx.get('x-test-claims') || '{}'),
  });
  handler = provider.callback();
}

start();
process.send({ type: 'started', issuer, client: CLIENT, keys });
process.on('message', async (message) => {
  if (message?.type !== 'rotate') return;
  keys = [await newSigningKey(), ...keys];
  start();
  process.send({ type: 'rotated', keys });
});
process.on('disconnect', () => process.exit(0));
