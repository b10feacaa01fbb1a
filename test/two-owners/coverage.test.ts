import { ROUTES } from '../../src/rest/routes';
import { EXEMPT, nameOf, placementOf } from '../support/object-routes';

/** The two-owners net is generated from the route table: every route has a world or a stated exemption. */

describe('the two-owners net', () => {
  it.each(ROUTES.map((route) => [nameOf(route), route] as const))('%s has a case or an exemption', (_name, route) => {
    const placement = placementOf(route);
    if (placement.kind === 'missing') throw new Error(placement.problem);
  });

  it('exempts only routes of the route table', () => {
    const names = new Set(ROUTES.map(nameOf));
    expect(Object.keys(EXEMPT).filter((name) => !names.has(name))).toEqual([]);
  });
});
