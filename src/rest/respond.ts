import type { Response } from 'express';
import type { GraphQLOutputType } from 'graphql';
import { CONTENT_TYPE } from './negotiation';
import type { RestError } from './errors';
import type { MediaFormat } from './route';
import { xmlRootOf } from './wire';
import { encodeRecords, encodeXml } from './xml-codec';

export function sendData(res: Response, status: number, format: MediaFormat, data: unknown, type: GraphQLOutputType) {
  const body = format === 'json' ? JSON.stringify(data) : encodeXml(data, type, xmlRootOf(type));
  res.status(status).type(CONTENT_TYPE[format]).send(body);
}

/** Errors as ErrorVO (XML root `errorVO`), a list for OpenOLAT's 406 validation answers. */
export function sendError(res: Response, format: MediaFormat, error: RestError) {
  const records = error.errors.map(({ code, translation }) => ({ code, translation }));
  const body = format === 'json' ? JSON.stringify(error.list ? records : records[0]) : encodeRecords('errorVO', records, error.list);
  res.status(error.status).type(CONTENT_TYPE[format]).send(body);
}
