import type { ServerResponse } from 'node:http';
import { getNullableType, type GraphQLList, type GraphQLOutputType } from 'graphql';
import { CONTENT_TYPE } from './negotiation';
import type { ListStream } from '../domain/context';
import type { RestError } from './errors';
import type { MediaFormat } from './route';
import { XML_PROLOG, encodeRecords, encodeXml, encodeXmlItems } from './xml-codec';
import { wireValue, xmlRootOf } from './wire';
import { sendBody } from './node-http';

const send = (res: ServerResponse, status: number, format: MediaFormat | 'text', body: string) => sendBody(res, status, CONTENT_TYPE[format], body);

export function sendData(res: ServerResponse, status: number, format: MediaFormat, data: unknown, type: GraphQLOutputType) {
  send(res, status, format, format === 'json' ? JSON.stringify(data) : encodeXml(data, type, xmlRootOf(type)));
}

export function sendText(res: ServerResponse, status: number, text: string) {
  send(res, status, 'text', text);
}

/** Errors as ErrorVO (XML root `errorVO`), a list for OpenOLAT's 406 validation answers. */
export function sendError(res: ServerResponse, format: MediaFormat, error: RestError) {
  const records = error.errors.map(({ code, translation }) => ({ code, translation }));
  const body = format === 'json' ? JSON.stringify(error.list ? records : records[0]) : encodeRecords('errorVO', records, error.list);
  if (error.retryAfter !== undefined) res.setHeader('Retry-After', String(error.retryAfter));
  send(res, error.status, format, body);
}

/**
 * A list written as its batches arrive, byte for byte what sendData writes for the whole list:
 * `[…]` in JSON, `<{root}s>…</{root}s>` in XML. Waits while the client is slow to read, and stops
 * reading batches when the client has gone. A compressed answer (src/app.ts) is flushed after each
 * batch, so that the client gets the rows read so far instead of waiting for the compressor's next block.
 */
export async function sendStream(res: ServerResponse, format: MediaFormat, { batches, present }: ListStream, type: GraphQLOutputType): Promise<void> {
  const itemType = (getNullableType(type) as GraphQLList<GraphQLOutputType>).ofType;
  const root = xmlRootOf(type);
  const project = wireValue(itemType);
  const json = (rows: unknown[]) => JSON.stringify(rows.map((row) => project(present(row))));
  const items = (rows: unknown[]) => (format === 'json' ? json(rows).slice(1, -1) : encodeXmlItems(rows.map(present), itemType, root));
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  const second = first.done ? first : await iterator.next();
  if (second.done) {
    // The whole list came in one range (most lists): one write with its length, as a whole answer is sent.
    const rows: unknown[] = first.done ? [] : first.value;
    const body = format === 'json' ? json(rows) : rows.length ? `${XML_PROLOG}<${root}s>${items(rows)}</${root}s>` : `${XML_PROLOG}<${root}s/>`;
    return send(res, 200, format, body);
  }
  await streamBatches(res, format, root, items, [first.value, second.value], iterator);
}

/** The batches of a list of more than one range, written as they come (sendStream). */
async function streamBatches(
  res: ServerResponse,
  format: MediaFormat,
  root: string,
  items: (batch: unknown[]) => string,
  read: unknown[][],
  rest: AsyncIterator<unknown[]>,
): Promise<void> {
  let gone = false;
  // One listener each for the whole answer: a compressing response hands `drain` listeners to its
  // compression stream, where `off` would not find them.
  let resume: (() => void) | undefined;
  const wake = () => {
    const waiting = resume;
    resume = undefined;
    waiting?.();
  };
  res.on('drain', wake);
  res.once('close', () => {
    gone = true;
    wake();
  });
  const write = async (chunk: string) => {
    if (!res.write(chunk) && !gone) await new Promise<void>((resolve) => (resume = resolve));
  };
  const flush = (res as { flush?: () => void }).flush?.bind(res);
  res.statusCode = 200;
  res.setHeader('Content-Type', CONTENT_TYPE[format]);
  let count = 0;
  async function* batches() {
    yield* read;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  }
  for await (const batch of batches()) {
    if (batch.length) {
      await write(format === 'json' ? (count ? ',' : '[') + items(batch) : (count ? '' : `${XML_PROLOG}<${root}s>`) + items(batch));
      count += batch.length;
    }
    if (gone) break;
    flush?.();
  }
  if (gone) {
    await rest.return?.();
    return void res.destroy();
  }
  if (format === 'json') res.end(count ? ']' : '[]');
  else res.end(count ? `</${root}s>` : `${XML_PROLOG}<${root}s/>`);
}
