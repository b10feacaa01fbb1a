import fs from 'node:fs';
import { PARITY_DOC, readCatalogue, readData, renderParity, routesFor } from '../scripts/parity';
import { BEYOND_CATALOGUE } from '../scripts/parity/beyond-catalogue';
import { buildGatewaySchema } from '../src/schema/build';

const schema = buildGatewaySchema();
const catalogue = readCatalogue();
const data = readData();

it('docs/parity.md is what the generator writes now (npm run parity)', () => {
  expect(fs.readFileSync(PARITY_DOC, 'utf8')).toBe(renderParity(schema));
});

it('a data file is named after a family of the catalogue', () => {
  const families = new Set(catalogue.map((line) => line.family));
  expect([...data.keys()].filter((family) => !families.has(family))).toEqual([]);
});

for (const [family, rows] of data) {
  describe(`the data of ${family}`, () => {
    it("has one row per catalogue endpoint of the family, in the catalogue's order", () => {
      const expected = catalogue.filter((line) => line.family === family).map((line) => line.endpoint);
      expect(rows.map((row) => row.endpoint)).toEqual(expected);
    });

    it('names the OpenOLAT method of each row and says what and why of each deviation', () => {
      const incomplete = rows.filter(
        (row) =>
          !/^\w+\.\w+/.test(row.openolat) ||
          row.reads.some((read) => read.trim() === '') ||
          row.deviations.some((deviation) => deviation.what.trim() === '' || deviation.why.trim() === ''),
      );
      expect(incomplete.map((row) => row.endpoint)).toEqual([]);
    });
  });
}

it('every catalogue endpoint is taken by a route of ours (method and path as the router matches them)', () => {
  expect(catalogue.filter((line) => routesFor(schema, line.endpoint).length === 0).map((line) => line.endpoint)).toEqual([]);
});

it('a catalogue literal is taken by the route the router picks: a literal before a parameter, an enum parameter by its values', () => {
  const picked = (endpoint: string) => routesFor(schema, endpoint).map((ours) => `${ours.route.method} ${ours.route.path}`);
  expect(picked('GET /users/me')).toEqual(['GET /users/me']);
  expect(picked('GET /users/{}')).toEqual(['GET /users/:identityKey']);
  expect(picked('GET /users/version')).toEqual(['GET /users/version']);
  expect(picked('GET /repo/courses/{}/tutors')).toEqual(['GET /repo/courses/:courseKey/:role']);
  expect(picked('GET /repo/courses/{}/nothing')).toEqual([]);
  expect(picked('GET /users/{}/unknown')).toEqual([]);
});

it('a web service beyond the catalogue said to be served has a route for each of its paths; one said not served has none', () => {
  const concrete = (path: string) => !path.startsWith('*') && !path.includes('…');
  const routed = (path: string) => routesFor(schema, path).length > 0;
  for (const entry of BEYOND_CATALOGUE) {
    const paths = entry.paths.filter(concrete);
    expect({ service: entry.service, routed: paths.filter(routed) }).toEqual({ service: entry.service, routed: entry.served ? paths : [] });
  }
  expect(BEYOND_CATALOGUE.filter((entry) => entry.served).length).toBeGreaterThan(0);
});
