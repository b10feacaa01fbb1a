import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { badRequest } from '../domain/errors';

/** Where webhooks may send (`WEBHOOK_ALLOW_HTTP`, `WEBHOOK_ALLOWED_HOSTS`, `WEBHOOK_TIMEOUT_SECONDS`). */
export interface WebhookTargetRules {
  allowHttp: boolean;
  /** Host names or addresses (as the URL writes them) that may be loopback, link-local or private. */
  allowedHosts: readonly string[];
  timeoutSeconds: number;
}

/**
 * Addresses no webhook reaches unless its host is allowlisted: loopback, private, link-local, shared, multicast, unspecified.
 * An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is checked against the IPv4 ranges by BlockList itself, so
 * `::ffff:0:0/96` is not listed: BlockList would match every IPv4 address against it, public ones too.
 */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv6');

const isInternal = (address: string) => INTERNAL.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** The URL's host as the allowlist and the address check see it (IPv6 without brackets). */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

const allowlisted = (rules: WebhookTargetRules, host: string) => rules.allowedHosts.some((allowed) => allowed.toLowerCase() === host);

/** A webhook URL as a subscription may hold it, or a 400 saying why not (the addresses a name resolves to are checked at each delivery). */
export function checkedTargetUrl(rules: WebhookTargetRules, text: string | null | undefined): string {
  let url: URL;
  try {
    url = new URL(String(text ?? ''));
  } catch {
    throw badRequest(`url: "${text ?? ''}" is not an absolute URL`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && rules.allowHttp))
    throw badRequest(`url: webhooks are sent over https${rules.allowHttp ? ' or http' : ' (WEBHOOK_ALLOW_HTTP allows http)'}, not ${url.protocol}`);
  if (url.username || url.password) throw badRequest('url: no user name or password in the URL; deliveries are signed instead');
  if (url.hash) throw badRequest('url: no fragment (#…)');
  const host = hostOf(url);
  if (isIP(host) && isInternal(host) && !allowlisted(rules, host))
    throw badRequest(`url: ${host} is a loopback, private or link-local address (WEBHOOK_ALLOWED_HOSTS may name it)`);
  if (url.toString().length > 2048) throw badRequest('url: at most 2048 characters');
  return url.toString();
}

/** Resolves as the system does, and refuses a name any of whose addresses is internal: checked when connecting, so a name that changes its address later is checked again. */
function guardedLookup(rules: WebhookTargetRules, host: string): LookupFunction {
  return (hostname, options, callback) =>
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const internal = !allowlisted(rules, host) && addresses.find((entry) => isInternal(entry.address));
      if (internal) return callback(Object.assign(new Error(`${hostname} resolves to ${internal.address}, an internal address`), { code: 'EINTERNAL' }), '', 0);
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
}

/** What a receiver answered: 2xx means delivered. */
export interface DeliveryAnswer {
  status: number;
  /** The first bytes of the answer's body, for the failure's description. */
  body: string;
}

/** The most of an answer read: a receiver answers briefly; more is not waited for. */
const ANSWER_BYTES = 4096;

/** POSTs `body` to `target` once, without following redirects, within the timeout; resolves with the answer, rejects when there is none. */
export function post(rules: WebhookTargetRules, target: string, headers: Record<string, string>, body: string): Promise<DeliveryAnswer> {
  const url = new URL(target);
  const host = hostOf(url);
  if (isIP(host) && isInternal(host) && !allowlisted(rules, host)) return Promise.reject(new Error(`${host} is an internal address`));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'olat-gateway-webhooks' },
        lookup: guardedLookup(rules, host),
        timeout: rules.timeoutSeconds * 1000,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let length = 0;
        const done = () => {
          clearTimeout(deadline);
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, ANSWER_BYTES) });
        };
        response.on('data', (chunk: Buffer) => {
          if (length >= ANSWER_BYTES) return;
          chunks.push(chunk);
          length += chunk.length;
          if (length >= ANSWER_BYTES) {
            response.destroy();
            done();
          }
        });
        response.on('end', done);
        response.on('error', () => done());
        // Cut off before its end (the receiver went away, or the deadline destroyed the request): what came is the answer.
        response.on('close', done);
      },
    );
    // The socket's timeout counts idle time only: the whole exchange has its limit too.
    const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${rules.timeoutSeconds} s`)), rules.timeoutSeconds * 1000);
    request.on('timeout', () => request.destroy(new Error(`no answer within ${rules.timeoutSeconds} s`)));
    request.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    request.end(body);
  });
}

/** What subscriptions are written under, per ORM as the change signal (the service that owns the entity manager). */
export interface WebhookSettings {
  rules: WebhookTargetRules;
  /** How long a rotated secret keeps signing (`WEBHOOK_SECRET_GRACE_HOURS`). */
  secretGraceSeconds: number;
}

const settingsByConnection = new WeakMap<object, WebhookSettings>();
export const useWebhookSettings = (connection: object, settings: WebhookSettings) => settingsByConnection.set(connection, settings);
export const webhookSettingsOf = (connection: object): WebhookSettings =>
  settingsByConnection.get(connection) ?? { rules: { allowHttp: false, allowedHosts: [], timeoutSeconds: 10 }, secretGraceSeconds: 24 * 3600 };
