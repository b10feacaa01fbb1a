import { toCatalogEntryVO } from '../../../src/catalog/presenter';
import { findCatalogEntry, pageOfChildren } from '../../../src/catalog/repository';
import { entryKeyOf } from '../../../src/catalog/service';
import { caller, HttpError, readerOf, send, type BaselineRoute } from './http';

/** The catalog family's reads, with the statements of src/catalog (its repository functions) and its presenter. */

/** GET /catalog/{path}/children, unpaged: every child in stored order (categories first), without links. */
const catalogChildren: BaselineRoute = {
  method: 'GET',
  path: /^\/restapi\/catalog\/((?:\d+\/)*\d+)\/children$/,
  async handle({ pool, req, res, match }) {
    await caller(pool, req);
    const key = entryKeyOf(match[1]);
    const em = readerOf(pool);
    if (!(await findCatalogEntry(em, key))) throw new HttpError(404, 'catalog entry not found');
    const { items } = await pageOfChildren(em, key, { start: 0, limit: null }, false);
    send(res, 200, JSON.stringify(items.map((row) => toCatalogEntryVO(row))));
  },
};

export const CATALOG_ROUTES: BaselineRoute[] = [catalogChildren];
