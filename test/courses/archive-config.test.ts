import { xml2js, type Element } from 'xml-js';
import yazl from 'yazl';
import { EntryRole } from '../../src/entities/courses';
import { addCourseMember, buildCourse, buildUser, type TestUser } from '../factories';
import { FIXTURES, archiveForm, fixture, unzip } from '../support/course-archives';
import { JSON_TYPE, XML_TYPE, call } from '../support/http';
import { startTestService, type TestService } from '../support/service';

/**
 * A course's configuration (GET|POST|PUT /repo/courses/{id}/configuration) and its archive's
 * CourseConfig.xml: import reads it, export writes the current configuration into it (every other
 * entry and the version kept), and an exported course imports with the same configuration.
 */

let t: TestService;
let author: TestUser;
beforeAll(async () => {
  t = await startTestService();
  author = await buildUser(t, { author: true });
});
afterAll(() => t.stop());

interface Config {
  calendar: boolean;
  chat: boolean;
  cssLayoutRef: string | null;
  efficencyStatement: boolean;
  glossarySoftkey: string | null;
  sharedFolderSoftKey: string | null;
}

/** The keys of OpenOLAT's CourseConfig.java for the fields of CourseConfigVO. */
const KEYS = ['KEY_CALENDAR_ENABLED', 'COURSE_CHAT_ENABLED', 'CSS_FILEREF', 'KEY_EFFICENCY_ENABLED', 'KEY_GLOSSARY_SOFTKEY', 'SHAREDFOLDER_SOFTKEY'];

interface CourseConfigFile {
  version: string;
  /** key → `type:text` of its value. */
  entries: Map<string, string>;
}

const elementsOf = (element: Element | undefined) => (element?.elements ?? []).filter((inner) => inner.type === 'element');
const textOf = (element: Element | undefined) => (element?.elements ?? []).map((part) => String(part.text ?? '')).join('');

function readCourseConfig(xml: Buffer | undefined): CourseConfigFile {
  const root = elementsOf(xml2js(xml!.toString('utf8'), { compact: false }) as Element)[0];
  expect(root.name).toBe('org.olat.course.config.CourseConfig');
  const part = (name: string) => elementsOf(root).find((inner) => inner.name === name);
  const entries = new Map<string, string>();
  for (const entry of elementsOf(part('configuration'))) {
    const [key, value] = elementsOf(entry);
    entries.set(textOf(key), `${value.name}:${textOf(value)}`);
  }
  return { version: textOf(part('version')), entries };
}

/** What the configuration of a course with that CourseConfig.xml is (OpenOLAT's "none" values are null). */
function configOf(file: CourseConfigFile): Config {
  const flag = (key: string) => file.entries.get(key) === 'boolean:true';
  const value = (key: string, none: string | null) => {
    const entry = file.entries.get(key);
    return entry === undefined || (none !== null && entry === `string:${none}`) ? null : entry.replace(/^string:/, '');
  };
  return {
    calendar: flag('KEY_CALENDAR_ENABLED'),
    chat: flag('COURSE_CHAT_ENABLED'),
    cssLayoutRef: value('CSS_FILEREF', 'form.layout.setsystemcss'),
    efficencyStatement: flag('KEY_EFFICENCY_ENABLED'),
    glossarySoftkey: value('KEY_GLOSSARY_SOFTKEY', null),
    sharedFolderSoftKey: value('SHAREDFOLDER_SOFTKEY', 'sf.notconfigured'),
  };
}

/** The entries of the file other than those of the configuration. */
const otherEntries = (file: CourseConfigFile) => [...file.entries].filter(([key]) => !KEYS.includes(key));

/** CourseConfigVO as XML (root courseVO) → the JSON form. */
function configOfXml(xml: string): Config {
  expect(xml).toMatch(/<courseVO>/);
  const field = (name: string) => {
    const match = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
    return match ? match[1] : null;
  };
  return {
    calendar: field('calendar') === 'true',
    chat: field('chat') === 'true',
    cssLayoutRef: field('cssLayoutRef'),
    efficencyStatement: field('efficencyStatement') === 'true',
    glossarySoftkey: field('glossarySoftkey'),
    sharedFolderSoftKey: field('sharedFolderSoftKey'),
  };
}

async function importCourse(content: Buffer, name: string): Promise<number> {
  const reply = await call(t.base, 'POST', '/restapi/repo/courses', { headers: { ...author.auth, ...JSON_TYPE }, body: archiveForm(content, name) });
  expect({ status: reply.status, text: reply.status === 200 ? '' : reply.text }).toEqual({ status: 200, text: '' });
  return reply.json.key as number;
}

async function exportedFiles(courseKey: number): Promise<Map<string, Buffer>> {
  const response = await fetch(`${t.base}/restapi/repo/courses/${courseKey}/file`, { headers: author.auth });
  expect(response.status).toBe(200);
  return unzip(Buffer.from(await response.arrayBuffer()));
}

const configUrl = (courseKey: number) => `/restapi/repo/courses/${courseKey}/configuration`;

async function configJson(courseKey: number): Promise<Config> {
  const reply = await call(t.base, 'GET', configUrl(courseKey), { headers: { ...author.auth, ...JSON_TYPE } });
  expect(reply.status).toBe(200);
  return reply.json as Config;
}

describe.each(FIXTURES)('%s', (name) => {
  it('imports with the configuration of its CourseConfig.xml, and exports that file as it came when the configuration is unchanged', async () => {
    const original = (await unzip(fixture(name))).get('CourseConfig.xml');
    const courseKey = await importCourse(fixture(name), name);
    expect(await configJson(courseKey)).toEqual(configOf(readCourseConfig(original)));
    expect((await exportedFiles(courseKey)).get('CourseConfig.xml')).toEqual(original);
  });
});

describe('export of a changed configuration and its re-import', () => {
  it('JSON: POST (form) and PUT (VO) change it; the export carries the new values, its other entries and version as imported', async () => {
    const name = 'TemplateCourse.zip';
    const original = readCourseConfig((await unzip(fixture(name))).get('CourseConfig.xml'));
    const courseKey = await importCourse(fixture(name), name);
    const headers = { ...author.auth, ...JSON_TYPE };
    const posted = await call(t.base, 'POST', configUrl(courseKey), {
      headers,
      contentType: 'application/x-www-form-urlencoded',
      body: 'calendar=true&cssLayoutRef=layout%2Fcourse.css&efficencyStatement=false',
    });
    expect(posted.status).toBe(200);
    const put = await call(t.base, 'PUT', configUrl(courseKey), {
      headers,
      body: { chat: true, glossarySoftkey: 'glossary-1', sharedFolderSoftKey: 'folder-1' },
    });
    expect(put.status).toBe(200);
    const changed: Config = {
      calendar: true,
      chat: true,
      cssLayoutRef: 'layout/course.css',
      efficencyStatement: false,
      glossarySoftkey: 'glossary-1',
      sharedFolderSoftKey: 'folder-1',
    };
    expect(await configJson(courseKey)).toEqual(changed);

    const exported = await exportedFiles(courseKey);
    const file = readCourseConfig(exported.get('CourseConfig.xml'));
    expect(file.version).toBe(original.version);
    expect(otherEntries(file)).toEqual(otherEntries(original));
    expect(Object.fromEntries(KEYS.map((key) => [key, file.entries.get(key)]))).toEqual({
      KEY_CALENDAR_ENABLED: 'boolean:true',
      COURSE_CHAT_ENABLED: 'boolean:true',
      CSS_FILEREF: 'string:layout/course.css',
      KEY_EFFICENCY_ENABLED: 'boolean:false',
      KEY_GLOSSARY_SOFTKEY: 'string:glossary-1',
      SHAREDFOLDER_SOFTKEY: 'string:folder-1',
    });
    const reimported = await importCourse(await zipOf(courseKey), 'reexport.zip');
    expect(await configJson(reimported)).toEqual(changed);

    // No glossary, no shared folder, no CSS file: the glossary's entry goes, the others say "none"; and back to null on import.
    const cleared = await call(t.base, 'PUT', configUrl(courseKey), {
      headers,
      body: { glossarySoftkey: null, sharedFolderSoftKey: null, cssLayoutRef: null },
    });
    expect(cleared.status).toBe(200);
    const none = readCourseConfig((await exportedFiles(courseKey)).get('CourseConfig.xml'));
    expect(none.entries.has('KEY_GLOSSARY_SOFTKEY')).toBe(false);
    expect(none.entries.get('SHAREDFOLDER_SOFTKEY')).toBe('string:sf.notconfigured');
    expect(none.entries.get('CSS_FILEREF')).toBe('string:form.layout.setsystemcss');
    const again = await importCourse(await zipOf(courseKey), 'cleared.zip');
    expect(await configJson(again)).toEqual({ ...changed, glossarySoftkey: null, sharedFolderSoftKey: null, cssLayoutRef: null });
  });

  it('XML: POST (form) and PUT (CourseConfigVO as XML) change it; export and re-import keep it', async () => {
    const name = 'Empty_course.zip';
    const original = readCourseConfig((await unzip(fixture(name))).get('CourseConfig.xml'));
    const courseKey = await importCourse(fixture(name), name);
    const headers = { ...author.auth, ...XML_TYPE };
    const initial = await call(t.base, 'GET', configUrl(courseKey), { headers });
    expect(configOfXml(initial.text)).toEqual(configOf(original));
    const posted = await call(t.base, 'POST', configUrl(courseKey), {
      headers,
      contentType: 'application/x-www-form-urlencoded',
      body: 'chat=false&sharedFolderSoftkey=shared-2',
    });
    expect(posted.status).toBe(200);
    const put = await call(t.base, 'PUT', configUrl(courseKey), {
      headers,
      contentType: 'application/xml',
      body: '<courseVO><calendar>true</calendar><efficencyStatement>false</efficencyStatement><glossarySoftkey>glossary-2</glossarySoftkey></courseVO>',
    });
    expect(put.status).toBe(200);
    const changed: Config = {
      calendar: true,
      chat: false,
      cssLayoutRef: null,
      efficencyStatement: false,
      glossarySoftkey: 'glossary-2',
      sharedFolderSoftKey: 'shared-2',
    };
    expect(configOfXml(put.text)).toEqual(changed);

    const file = readCourseConfig((await exportedFiles(courseKey)).get('CourseConfig.xml'));
    expect(file.version).toBe(original.version);
    expect(otherEntries(file)).toEqual(otherEntries(original));
    expect(configOf(file)).toEqual(changed);
    const reimported = await importCourse(await zipOf(courseKey), 'reexport.zip');
    expect(configOfXml((await call(t.base, 'GET', configUrl(reimported), { headers })).text)).toEqual(changed);
  });

  it('a course made through REST exports OpenOLAT default CourseConfig.xml with its configuration, and imports with it again', async () => {
    const course = await buildCourse(t);
    await addCourseMember(t, course.key, author.key, EntryRole.owner);
    const initial = readCourseConfig((await exportedFiles(course.courseKey)).get('CourseConfig.xml'));
    expect(initial.version).toBe('9');
    expect(configOf(initial)).toEqual(await configJson(course.courseKey));
    const posted = await call(t.base, 'POST', configUrl(course.courseKey), {
      headers: { ...author.auth, ...JSON_TYPE },
      contentType: 'application/x-www-form-urlencoded',
      body: 'chat=true&efficencyStatement=true&glossarySoftkey=glossary-3',
    });
    expect(posted.status).toBe(200);
    const file = readCourseConfig((await exportedFiles(course.courseKey)).get('CourseConfig.xml'));
    expect(file.version).toBe('9');
    expect(configOf(file)).toEqual(posted.json);
    const reimported = await importCourse(await zipOf(course.courseKey), 'rest.zip');
    expect(await configJson(reimported)).toEqual(posted.json);
  });
});

/** simple_course.zip with its CourseConfig.xml changed by `edit`. */
async function withCourseConfig(edit: (xml: string) => string): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of await unzip(fixture('simple_course.zip'))) {
    if (name.endsWith('/')) zip.addEmptyDirectory(name.slice(0, -1));
    else zip.addBuffer(name === 'CourseConfig.xml' ? Buffer.from(edit(content.toString('utf8')), 'utf8') : content, name);
  }
  zip.end();
  const parts: Buffer[] = [];
  for await (const part of zip.outputStream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('values of CourseConfig.xml', () => {
  it('reads the older empty CSS value ::EmPtY:: as none, and refuses a value longer than the configuration keeps with 400', async () => {
    const legacy = await withCourseConfig((xml) => xml.replace('form.layout.setsystemcss', '::EmPtY::'));
    expect((await configJson(await importCourse(legacy, 'legacy.zip'))).cssLayoutRef).toBeNull();
    const long = await withCourseConfig((xml) => xml.replace('sf.notconfigured', 'x'.repeat(256)));
    const reply = await call(t.base, 'POST', '/restapi/repo/courses', { headers: { ...author.auth, ...JSON_TYPE }, body: archiveForm(long, 'long.zip') });
    expect(reply.status).toBe(400);
    expect(reply.text).toMatch(/SHAREDFOLDER_SOFTKEY longer than 255/);
  });
});

async function zipOf(courseKey: number): Promise<Buffer> {
  const response = await fetch(`${t.base}/restapi/repo/courses/${courseKey}/file`, { headers: author.auth });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}
