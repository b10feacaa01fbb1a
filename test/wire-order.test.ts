import { getNamedType, getNullableType, isListType, isObjectType, type GraphQLField, type GraphQLObjectType, type GraphQLOutputType } from 'graphql';
import { xml2js, type Element } from 'xml-js';
import { rootField } from '../src/rest/operations';
import { ROUTES } from '../src/rest/routes';
import { onWire } from '../src/rest/wire';
import { buildGatewaySchema } from '../src/schema/build';
import { buildCourse, buildGroup, buildTaxonomy, buildUser } from './factories';
import { JSON_TYPE, XML_TYPE, call } from './support/http';
import { adminAuth, startTestService, type TestService } from './support/service';
import { EXPECTED_WIRE_ORDER, WRITTEN_OUTSIDE_THE_SCHEMA } from './wire-order/expected';

/**
 * Clients that read text, not trees, depend on the order of fields (OpenOLAT's data generator
 * reads GET /taxonomy with `output.substring(14)`): every JSON object and XML element lists its
 * fields in the order OpenOLAT's VO declares them (test/wire-order/expected.ts).
 */

const schema = buildGatewaySchema();

const wireFields = (type: GraphQLObjectType) => Object.values(type.getFields()).filter(onWire);

/** Every object type a REST route can answer, nested ones included. */
function wireTypes(): Map<string, GraphQLObjectType> {
  const found = new Map<string, GraphQLObjectType>();
  const walk = (type: GraphQLOutputType) => {
    const named = getNamedType(type);
    if (!isObjectType(named) || found.has(named.name)) return;
    found.set(named.name, named);
    for (const field of wireFields(named)) walk(field.type);
  };
  for (const route of ROUTES) walk(rootField(schema, route.field).field.type);
  return found;
}

const objectTypeOf = (field: GraphQLField<unknown, unknown>) => {
  const named = getNamedType(field.type);
  return isObjectType(named) ? named : undefined;
};

describe('the wire order of every object type a REST route answers', () => {
  const types = wireTypes();

  it('is in the expected data for every type, and the data names no type that is gone', () => {
    expect([...types.keys()].filter((name) => !EXPECTED_WIRE_ORDER[name]).sort()).toEqual([]);
    expect(Object.keys(EXPECTED_WIRE_ORDER).filter((name) => !types.has(name) && !WRITTEN_OUTSIDE_THE_SCHEMA.has(name))).toEqual([]);
  });

  it.each([...types.keys()].sort())('%s lists its fields in OpenOLAT order', (name) => {
    expect(wireFields(types.get(name)!).map((field) => field.name)).toEqual(EXPECTED_WIRE_ORDER[name]);
  });
});

/** The keys of the expected order that `present` holds, in the expected order. */
const expectedAmong = (typeName: string, present: string[]) => (EXPECTED_WIRE_ORDER[typeName] ?? []).filter((name) => present.includes(name));

/** Where a JSON answer (an object or a list of them) of `typeName` has keys out of order, nested objects included. */
function jsonOutOfOrder(typeName: string, value: unknown, at = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => jsonOutOfOrder(typeName, item, `${at}[${index}]`));
  if (value === null || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const found = keys.join(',') === expectedAmong(typeName, keys).join(',') ? [] : [`${at} (${typeName}): ${keys.join(',')}`];
  const type = schema.getType(typeName);
  if (!isObjectType(type)) return found;
  return found.concat(
    wireFields(type).flatMap((field) => {
      const nested = objectTypeOf(field);
      return nested && record[field.name] != null ? jsonOutOfOrder(nested.name, record[field.name], `${at}.${field.name}`) : [];
    }),
  );
}

const childElements = (element: Element) => (element.elements ?? []).filter((child) => child.type === 'element');

/**
 * Where an XML element of `typeName` has child elements out of order (a repeated list element
 * counts once), an attribute the VO does not have, or a field both as attribute and as element;
 * nested objects included.
 */
function xmlOutOfOrder(typeName: string, element: Element, at = `<${element.name}>`): string[] {
  const attributes = Object.keys(element.attributes ?? {});
  const children = childElements(element);
  const names = children.map((child) => child.name!).filter((name, index, all) => index === 0 || all[index - 1] !== name);
  const found: string[] = [];
  if (names.join(',') !== expectedAmong(typeName, names).join(',')) found.push(`${at} (${typeName}): elements ${names.join(',')}`);
  if (expectedAmong(typeName, attributes).length !== attributes.length) found.push(`${at} (${typeName}): attributes ${attributes.join(',')}`);
  if (attributes.some((name) => names.includes(name))) found.push(`${at} (${typeName}): ${attributes.join(',')} both attribute and element`);
  const type = schema.getType(typeName);
  if (!isObjectType(type)) return found;
  const fields = new Map(wireFields(type).map((field) => [field.name, field]));
  for (const child of children) {
    const field = fields.get(child.name!);
    const nested = field && objectTypeOf(field);
    if (!field || !nested) continue;
    // A list with an item element (`<groups><group>…`) holds its items one level down.
    const wrapped = field.extensions?.xmlItem && isListType(getNullableType(field.type));
    const items = wrapped ? childElements(child) : [child];
    items.forEach((item, index) => found.push(...xmlOutOfOrder(nested.name, item, `${at}/${child.name}[${index}]`)));
  }
  return found;
}

const rootOf = (text: string) => childElements(xml2js(text, { compact: false, ignoreDeclaration: true }) as Element)[0];

describe('REST answers, end to end, in JSON and XML', () => {
  let t: TestService;
  let userKey: number;
  let groupKey: number;
  let course: Awaited<ReturnType<typeof buildCourse>>;
  beforeAll(async () => {
    t = await startTestService();
    userKey = (await buildUser(t)).key;
    groupKey = await buildGroup(t, { description: 'Tuesdays' });
    course = await buildCourse(t, { description: 'A course', externalId: 'C-1' });
    await buildTaxonomy(t, { description: 'Subjects' });
    const configuration = { lectureEnabled: true, overrideModuleDefault: true, rollCallEnabled: true, requiredAttendanceRate: 0.5 };
    const configured = await call(t.base, 'POST', `/restapi/repo/entries/${course.key}/lectureblocks/configuration`, {
      headers: { ...adminAuth(), ...JSON_TYPE },
      body: configuration,
    });
    expect(configured.status).toBe(200);
  });
  afterAll(() => t.stop());

  const get = async (path: string, accept: Record<string, string>) => {
    const reply = await call(t.base, 'GET', `/restapi${path}`, { headers: { ...adminAuth(), ...accept } });
    expect(reply.status).toBe(200);
    return reply.text;
  };
  const PAGED_JSON = { Accept: 'application/json; pagingspec=1.0' };
  const PAGED_XML = { Accept: 'application/xml; pagingspec=1.0' };

  it('GET /taxonomy starts with {"taxonomies": (the list before totalCount), as clients read it', async () => {
    const json = await get('/taxonomy', JSON_TYPE);
    expect(json.startsWith('{"taxonomies":[{"key":')).toBe(true);
    expect(json).toMatch(/\],"totalCount":1\}$/);
    expect(jsonOutOfOrder('TaxonomyVOes', JSON.parse(json))).toEqual([]);
    const xml = await get('/taxonomy', XML_TYPE);
    expect(xml).toMatch(/<taxonomyVoes totalCount="1"><taxonomies><taxonomies><key>\d+<\/key><identifier>/);
    expect(xmlOutOfOrder('TaxonomyVOes', rootOf(xml))).toEqual([]);
  });

  it.each([
    ['a user', () => `/users/${userKey}`, 'UserVO', /^\{"key":\d+,"login":"[^"]+","externalId":null,"firstName":/],
    ['a group', () => `/groups/${groupKey}`, 'GroupVO', /^\{"key":\d+,"description":"Tuesdays","externalId":null,"managedFlags":null,"name":/],
    ['a course', () => `/repo/courses/${course.courseKey}`, 'CourseVO', /^\{"key":\d+,"softKey":"\w+","displayName":/],
    ['a repository entry', () => `/repo/entries/${course.key}`, 'RepositoryEntryVO', /^\{"key":\d+,"softkey":"\w+","resourcename":/],
    [
      'a lecture configuration',
      () => `/repo/entries/${course.key}/lectureblocks/configuration`,
      'RepositoryEntryLectureConfigurationVO',
      /^\{"lectureEnabled":\w+,"overrideModuleDefault":\w+,"rollCallEnabled":/,
    ],
  ])('%s: JSON keys and XML child elements in OpenOLAT order', async (_what, path, typeName, start) => {
    const json = await get(path(), JSON_TYPE);
    expect(json).toMatch(start);
    expect(jsonOutOfOrder(typeName, JSON.parse(json))).toEqual([]);
    const xml = rootOf(await get(path(), XML_TYPE));
    expect(childElements(xml).length).toBeGreaterThan(0);
    expect(xmlOutOfOrder(typeName, xml)).toEqual([]);
  });

  it('a page of courses (CourseVOes): the list, then totalCount', async () => {
    const json = await get('/repo/courses?start=0&limit=10', PAGED_JSON);
    expect(json).toMatch(/^\{"courses":\[\{"key":\d+,"softKey":.*\],"totalCount":\d+\}$/s);
    expect(jsonOutOfOrder('CourseVOes', JSON.parse(json))).toEqual([]);
    const xml = await get('/repo/courses?start=0&limit=10', PAGED_XML);
    expect(xml).toMatch(/<courses totalCount="\d+"><courses><course[^>]*><key>/);
    expect(xmlOutOfOrder('CourseVOes', rootOf(xml))).toEqual([]);
  });

  it('a plain list of users: every item in order', async () => {
    const json = await get('/users', JSON_TYPE);
    expect(JSON.parse(json).length).toBeGreaterThan(1);
    expect(jsonOutOfOrder('UserVO', JSON.parse(json))).toEqual([]);
    const xml = rootOf(await get('/users', XML_TYPE));
    expect(xml.name).toBe('userVOs');
    expect(childElements(xml).flatMap((item) => xmlOutOfOrder('UserVO', item))).toEqual([]);
  });

  it('a list of ErrorVO (406): code, then translation', async () => {
    // A valid login: OpenOLAT answers a bad login alone (UserWebService.create), the field errors together.
    const body = { login: 'wire-order-errors', email: 'broken' };
    const json = await call(t.base, 'PUT', '/restapi/users', { headers: { ...adminAuth(), ...JSON_TYPE }, body });
    expect(json.status).toBe(406);
    expect(json.text).toMatch(/^\[\{"code":"[^"]+","translation":"(?:[^"\\]|\\.)*"\},\{"code":/);
    expect(jsonOutOfOrder('ErrorVO', json.json)).toEqual([]);
    const xml = await call(t.base, 'PUT', '/restapi/users', {
      headers: { ...adminAuth(), ...XML_TYPE },
      contentType: 'application/xml',
      body: '<userVO><login>wire-order-errors</login><email>broken</email></userVO>',
    });
    expect(xml.status).toBe(406);
    const root = rootOf(xml.text);
    expect(root.name).toBe('errorVOs');
    expect(childElements(root).length).toBeGreaterThan(1);
    expect(childElements(root).flatMap((item) => xmlOutOfOrder('ErrorVO', item))).toEqual([]);
  });
});
