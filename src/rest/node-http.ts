import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { parse as parseQuery, type ParsedUrlQuery } from 'node:querystring';
import proxyAddr from 'proxy-addr';

/**
 * What the request path of the REST surface needs of a request, on plain node:http objects (the
 * REST routes do not pass through express: src/rest/router.ts). Proxies are trusted as express is
 * told to in src/app.ts (`TRUST_PROXY`, `loopback` unless configured).
 */
export const TRUSTED_PROXIES = 'loopback';

type Trust = (address: string, hop: number) => boolean;

/** `TRUST_PROXY` as express reads `trust proxy`: `true`, `false`, a hop count, or addresses, names (`loopback`) and subnets separated by commas. */
export function trustFunction(value: string): Trust {
  const plain = value.trim();
  if (plain === 'true') return () => true;
  if (plain === 'false' || plain === '') return proxyAddr.compile([]);
  if (/^\d+$/.test(plain)) {
    const hops = Number(plain);
    return (_address, hop) => hop < hops;
  }
  return proxyAddr.compile(plain.split(',').map((part) => part.trim()));
}

let trusted: Trust = trustFunction(TRUSTED_PROXIES);
/** Whether a connection comes from a trusted proxy: asked once a connection, not on every request it carries. */
let socketTrust = new WeakMap<Socket, boolean>();

/** Sets which proxies are trusted (src/app.ts, from `TRUST_PROXY`); the function, for express's `trust proxy`. */
export function configureTrustProxy(value: string): Trust {
  socketTrust = new WeakMap();
  return (trusted = trustFunction(value));
}

function fromTrustedProxy(socket: Socket): boolean {
  let trust = socketTrust.get(socket);
  if (trust === undefined) socketTrust.set(socket, (trust = trusted(socket.remoteAddress ?? '', 0)));
  return trust;
}

/** Path and query string of a URL as node gives it (`/restapi/users/1?x=y`). */
export function splitUrl(url: string): { path: string; search: string } {
  const mark = url.indexOf('?');
  return mark < 0 ? { path: url, search: '' } : { path: url.slice(0, mark), search: url.slice(mark + 1) };
}

/** The query as express's default ("simple") parser gives it: repeated names become arrays. */
export const queryOf = (search: string): ParsedUrlQuery => (search ? parseQuery(search) : {});

/** The client's address, through trusted proxies (express's `req.ip`). */
export const clientAddress = (req: IncomingMessage): string => (fromTrustedProxy(req.socket) ? proxyAddr(req, trusted) : (req.socket.remoteAddress as string));

/** Whether the client reached us over HTTPS, directly or through a trusted proxy (express's `req.secure`). */
export function isSecure(req: IncomingMessage): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  if (!fromTrustedProxy(req.socket)) return false;
  const forwarded = req.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded) ?? '';
  return proto.split(',')[0].trim() === 'https';
}

/** A whole answer in one write (Node drops the body of a HEAD answer). */
export function sendBody(res: ServerResponse, status: number, contentType: string, body: string) {
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}
