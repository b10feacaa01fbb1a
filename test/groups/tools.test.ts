import { GroupRole } from '../../src/entities/groups';
import { addGroupMember, buildGroup, buildUser, type TestUser } from '../factories';
import { JSON_TYPE, XML_TYPE, call, graphql, type Headers } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** A group's collaboration tools, news and information, through REST (JSON, XML, form) and GraphQL. */

let t: TestService;
let manager: TestUser;
let owner: TestUser;
let participant: TestUser;
let outsider: TestUser;
beforeAll(async () => {
  t = await startTestService();
  manager = await buildUser(t, { groupManager: true });
  owner = await buildUser(t);
  participant = await buildUser(t);
  outsider = await buildUser(t);
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const json = (user: TestUser): Headers => ({ ...user.auth, ...JSON_TYPE });
const FORM = 'application/x-www-form-urlencoded';
const PROLOG = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

/** A group with an owner and a participant. */
async function memberGroup(fields: Record<string, unknown> = {}): Promise<number> {
  const key = await buildGroup(t, fields);
  await addGroupMember(t, key, owner.key, GroupRole.coach);
  await addGroupMember(t, key, participant.key, GroupRole.participant);
  return key;
}

const configure = (key: number, body: unknown, headers: Headers = asAdmin, contentType?: string) =>
  call(t.base, 'POST', `/restapi/groups/${key}/configuration`, { headers, body, contentType });
const configuration = async (key: number) => (await call(t.base, 'GET', `/restapi/groups/${key}/configuration`, { headers: asAdmin })).json;

const CONFIGURATION = `query($k: Long!) { groupConfiguration(groupKey: $k) { tools toolsAccess news ownersVisible participantsVisible waitingListVisible ownersPublic participantsPublic waitingListPublic } }`;
const CONFIGURE = `mutation($k: Long!, $c: GroupConfigurationVOInput!) { updateGroupConfiguration(groupKey: $k, configuration: $c) }`;

describe('configuration', () => {
  it('round-trips tools, access levels, news and visibility in JSON; GET lists only the tools switched on, in OpenOLAT order', async () => {
    const key = await buildGroup(t);
    const posted = await configure(key, {
      tools: ['hasFolder', 'hasNews', 'hasCalendar'],
      toolsAccess: { hasFolder: 0, hasCalendar: 1 },
      news: 'Welcome',
      ownersVisible: true,
      waitingListPublic: true,
    });
    expect(posted.status).toBe(200);
    expect(posted.text).toBe('');
    expect(await configuration(key)).toEqual({
      tools: ['hasNews', 'hasCalendar', 'hasFolder'],
      toolsAccess: { hasFolder: 0, hasCalendar: 1 },
      news: 'Welcome',
      ownersVisible: true,
      participantsVisible: false,
      waitingListVisible: false,
      ownersPublic: false,
      participantsPublic: false,
      waitingListPublic: true,
    });
  });

  it('answers XML with the root groupVO, tools as repeated elements and toolsAccess as a JAXB map, and takes the same XML', async () => {
    const key = await buildGroup(t);
    const xml =
      '<groupVO><tools>hasFolder</tools><tools>hasWiki</tools>' +
      '<toolsAccess><entry><key>hasFolder</key><value>1</value></entry></toolsAccess>' +
      '<news>News &amp; more</news><participantsVisible>true</participantsVisible></groupVO>';
    expect((await configure(key, xml, { ...adminAuth(), ...XML_TYPE }, 'application/xml')).status).toBe(200);
    const reply = await call(t.base, 'GET', `/restapi/groups/${key}/configuration`, { headers: { ...adminAuth(), ...XML_TYPE } });
    expect(reply.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(reply.text).toBe(
      `${PROLOG}<groupVO><tools>hasFolder</tools><tools>hasWiki</tools>` +
        '<toolsAccess><entry><key>hasFolder</key><value>1</value></entry></toolsAccess><news>News &amp; more</news>' +
        '<ownersVisible>false</ownersVisible><participantsVisible>true</participantsVisible><waitingListVisible>false</waitingListVisible>' +
        '<ownersPublic>false</ownersPublic><participantsPublic>false</participantsPublic><waitingListPublic>false</waitingListPublic></groupVO>',
    );
    const again = await configure(key, reply.text.slice(PROLOG.length), { ...adminAuth(), ...XML_TYPE }, 'application/xml');
    expect(again.status).toBe(200);
    expect(await configuration(key)).toMatchObject({ tools: ['hasFolder', 'hasWiki'], toolsAccess: { hasFolder: 1 }, participantsVisible: true });
  });

  it('writes an empty map as <toolsAccess/> and leaves out the news when there is none', async () => {
    const key = await buildGroup(t);
    const reply = await call(t.base, 'GET', `/restapi/groups/${key}/configuration`, { headers: { ...adminAuth(), ...XML_TYPE } });
    expect(reply.text).toMatch(new RegExp(`^${PROLOG.replace(/[.?]/g, '\\$&')}<groupVO><toolsAccess/><ownersVisible>false</ownersVisible>`));
    expect(await configuration(key)).toMatchObject({ tools: [], toolsAccess: {}, news: null });
  });

  it('replaces the tools completely: left out, all are off; access levels, news and visibility stay when not sent', async () => {
    const key = await buildGroup(t);
    await configure(key, { tools: ['hasFolder', 'hasForum'], toolsAccess: { hasFolder: 0 }, news: 'Kept', ownersVisible: true, participantsPublic: true });
    await configure(key, { tools: ['hasForum'], ownersVisible: null });
    expect(await configuration(key)).toMatchObject({ tools: ['hasForum'], toolsAccess: {}, news: 'Kept', ownersVisible: true, participantsPublic: true });
    await configure(key, { news: '   ', participantsPublic: false });
    expect(await configuration(key)).toMatchObject({ tools: [], news: 'Kept', ownersVisible: true, participantsPublic: false });
    await configure(key, { tools: ['hasFolder'] });
    expect((await configuration(key)).toolsAccess).toEqual({ hasFolder: 0 });
  });

  it('refuses unknown tools and access levels with 406 and the list of what is wrong, in JSON and XML, and changes nothing', async () => {
    const key = await buildGroup(t);
    await configure(key, { tools: ['hasWiki'] });
    const refused = await configure(key, { tools: ['hasWiki', 'hasTelepathy'], toolsAccess: { hasNews: 1, hasFolder: 2 } });
    expect(refused.status).toBe(406);
    expect(refused.json.map((error: { code: string }) => error.code)).toEqual([
      'org.olat.collaboration:tool.unknown:hasTelepathy',
      'org.olat.collaboration:tool.access.unknown:hasNews',
      'org.olat.collaboration:tool.access.invalid:hasFolder',
    ]);
    const inherited = await configure(key, '{"toolsAccess": {"toString": 1, "__proto__": 0}}', asAdmin, 'application/json');
    expect(inherited.json.map((error: { code: string }) => error.code)).toEqual([
      'org.olat.collaboration:tool.access.unknown:toString',
      'org.olat.collaboration:tool.access.unknown:__proto__',
    ]);
    const xml = await configure(key, '<groupVO><tools>hasChats</tools></groupVO>', { ...adminAuth(), ...XML_TYPE }, 'application/xml');
    expect(xml.status).toBe(406);
    expect(xml.text).toContain('<errorVOs><errorVO><code>org.olat.collaboration:tool.unknown:hasChats</code>');
    expect((await configuration(key)).tools).toEqual(['hasWiki']);
  });

  it('answers 400 to a map that is not one of integers, in JSON and XML', async () => {
    const key = await buildGroup(t);
    const notInt = await configure(key, { toolsAccess: { hasFolder: 'owners' } });
    expect(notInt.status).toBe(400);
    expect(notInt.json.translation).toBe('field "toolsAccess" in the body must be an object of integers');
    const xmlHeaders = { ...adminAuth(), ...XML_TYPE };
    const noKey = await configure(key, '<groupVO><toolsAccess><entry><value>1</value></entry></toolsAccess></groupVO>', xmlHeaders, 'application/xml');
    expect(noKey.status).toBe(400);
    expect(noKey.text).toContain('an entry needs a &lt;key&gt; and a &lt;value&gt;');
    const word = await configure(
      key,
      '<groupVO><toolsAccess><entry><key>hasFolder</key><value>all</value></entry></toolsAccess></groupVO>',
      xmlHeaders,
      'application/xml',
    );
    expect(word.status).toBe(400);
  });

  it('is for group managers only (403), 404 for unknown groups', async () => {
    const key = await memberGroup();
    expect((await call(t.base, 'GET', `/restapi/groups/${key}/configuration`, { headers: json(owner) })).status).toBe(403);
    expect((await configure(key, { tools: [] }, json(owner))).status).toBe(403);
    expect((await call(t.base, 'GET', `/restapi/groups/${key}/configuration`, { headers: json(manager) })).status).toBe(200);
    expect((await configure(key, { tools: ['hasNews'] }, json(manager))).status).toBe(200);
    expect((await configure(999_999, { tools: [] })).status).toBe(404);
  });

  it('reads and writes the same through GraphQL', async () => {
    const key = await buildGroup(t);
    const written = await graphql(t.base, adminAuth(), CONFIGURE, { k: key, c: { tools: ['hasCalendar', 'hasContactForm'], toolsAccess: { hasCalendar: 0 } } });
    expect(written.body).toEqual({ data: { updateGroupConfiguration: true } });
    const literal = await graphql(
      t.base,
      adminAuth(),
      `mutation { updateGroupConfiguration(groupKey: ${key}, configuration: { tools: ["hasContactForm", "hasCalendar"], toolsAccess: { hasCalendar: 1 } }) }`,
    );
    expect(literal.body.errors).toBeUndefined();
    const read = await graphql(t.base, adminAuth(), CONFIGURATION, { k: key });
    expect(read.body.data.groupConfiguration).toEqual({ ...(await configuration(key)), toolsAccess: { hasCalendar: 1 } });
    expect(read.body.data.groupConfiguration.tools).toEqual(['hasContactForm', 'hasCalendar']);
    const refused = await graphql(t.base, adminAuth(), CONFIGURE, { k: key, c: { tools: ['nope'] } });
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ code: 'org.olat.collaboration:tool.unknown:nope' }] });
    expect((await graphql(t.base, owner.auth, CONFIGURATION, { k: key })).body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('the managed flag tools guards the tools and the news on GraphQL; the managing system changes them through REST', async () => {
    const key = await buildGroup(t, { managedFlags: 'tools' });
    const refused = await graphql(t.base, adminAuth(), CONFIGURE, { k: key, c: { tools: ['hasNews'] } });
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'MANAGED', flag: 'tools' });
    const news = await graphql(
      t.base,
      adminAuth(),
      `
        mutation ($k: Long!) {
          deleteGroupNews(groupKey: $k)
        }
      `,
      { k: key },
    );
    expect(news.body.errors[0].extensions).toMatchObject({ code: 'MANAGED', flag: 'tools' });
    expect((await configure(key, { tools: ['hasNews'] })).status).toBe(200);
    expect((await graphql(t.base, adminAuth(), CONFIGURATION, { k: key })).body.data.groupConfiguration.tools).toEqual(['hasNews']);
    const all = await buildGroup(t, { managedFlags: 'all' });
    expect((await graphql(t.base, adminAuth(), CONFIGURE, { k: all, c: {} })).body.errors[0].extensions.code).toBe('MANAGED');
  });
});

const news = (key: number, headers: Headers = adminAuth()) => call(t.base, 'GET', `/restapi/groups/${key}/news`, { headers });
const postNews = (key: number, body: unknown, contentType = FORM, headers: Headers = adminAuth()) =>
  call(t.base, 'POST', `/restapi/groups/${key}/news`, { headers, body, contentType });

describe('news', () => {
  it('is 404 while the news tool is off, and while there is no news', async () => {
    const key = await buildGroup(t);
    expect((await news(key)).status).toBe(404);
    expect((await postNews(key, 'news=Hello')).status).toBe(404);
    expect((await call(t.base, 'DELETE', `/restapi/groups/${key}/news`, { headers: adminAuth() })).status).toBe(404);
    await configure(key, { tools: ['hasNews'] });
    expect((await news(key)).status).toBe(404);
    expect((await news(999_999)).status).toBe(404);
  });

  it('takes the news as a form field and answers it as text; members read it as text', async () => {
    const key = await memberGroup();
    await configure(key, { tools: ['hasNews'] });
    const posted = await postNews(key, `news=${encodeURIComponent('Exam on Monday & bring a pen')}`);
    expect(posted.status).toBe(200);
    expect(posted.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(posted.text).toBe('Exam on Monday & bring a pen');
    for (const reader of [participant, owner, manager]) {
      const reply = await news(key, reader.auth);
      expect({ status: reply.status, type: reply.headers.get('content-type'), text: reply.text }).toEqual({
        status: 200,
        type: 'text/plain; charset=utf-8',
        text: 'Exam on Monday & bring a pen',
      });
    }
    expect((await news(key, outsider.auth)).status).toBe(403);
  });

  it('takes the news as JSON or XML too, or as the query parameter; refuses a blank or missing news with 406', async () => {
    const key = await buildGroup(t);
    await configure(key, { tools: ['hasNews'] });
    expect((await postNews(key, { news: 'From JSON' }, 'application/json')).text).toBe('From JSON');
    expect((await postNews(key, '<groupNews><news>From XML</news></groupNews>', 'application/xml')).text).toBe('From XML');
    const blank = await postNews(key, 'news=+', FORM, { ...adminAuth(), ...JSON_TYPE });
    expect(blank.status).toBe(406);
    expect(blank.json).toEqual([{ code: 'org.olat.core:new.form.mandatory:news', translation: 'news is mandatory.' }]);
    const empty = await postNews(key, 'news=', FORM, { ...adminAuth(), ...XML_TYPE });
    expect(empty.status).toBe(406);
    expect(empty.text).toContain('<errorVOs><errorVO><code>org.olat.core:new.form.mandatory:news</code>');
    // No form: the query parameters stand for it (Jersey fills @FormParam from them), none is a missing news.
    expect((await postNews(key, '')).status).toBe(406);
    expect((await postNews(key, 'text=Hello')).status).toBe(406);
    expect((await news(key)).text).toBe('From XML');
    const byQuery = await call(t.base, 'POST', `/restapi/groups/${key}/news?news=From%20the%20query&_=12345`, { headers: adminAuth() });
    expect(byQuery.text).toBe('From the query');
  });

  it('DELETE removes the news; switching the tool off hides it, on again shows it', async () => {
    const key = await buildGroup(t);
    await configure(key, { tools: ['hasNews'], news: 'First' });
    expect((await news(key)).text).toBe('First');
    await configure(key, { tools: [] });
    expect((await news(key)).status).toBe(404);
    await configure(key, { tools: ['hasNews'] });
    expect((await news(key)).text).toBe('First');
    expect((await call(t.base, 'DELETE', `/restapi/groups/${key}/news`, { headers: adminAuth() })).status).toBe(200);
    expect((await news(key)).status).toBe(404);
    expect((await configuration(key)).news).toBeNull();
  });

  it('is written by group managers only (403)', async () => {
    const key = await memberGroup();
    await configure(key, { tools: ['hasNews'] });
    expect((await postNews(key, 'news=Mine', FORM, owner.auth)).status).toBe(403);
    expect((await call(t.base, 'DELETE', `/restapi/groups/${key}/news`, { headers: owner.auth })).status).toBe(403);
    expect((await postNews(key, 'news=Manager', FORM, manager.auth)).text).toBe('Manager');
  });

  it('follows the same rules through GraphQL', async () => {
    const key = await memberGroup();
    const read = `query($k: Long!) { groupNews(groupKey: $k) }`;
    const write = `mutation($k: Long!, $n: GroupNewsInput!) { updateGroupNews(groupKey: $k, news: $n) }`;
    expect((await graphql(t.base, adminAuth(), write, { k: key, n: { news: 'Off' } })).body.errors[0].extensions.code).toBe('NOT_FOUND');
    await configure(key, { tools: ['hasNews'] });
    expect((await graphql(t.base, adminAuth(), write, { k: key, n: { news: 'Via GraphQL' } })).body.data).toEqual({ updateGroupNews: 'Via GraphQL' });
    expect((await graphql(t.base, participant.auth, read, { k: key })).body.data).toEqual({ groupNews: 'Via GraphQL' });
    expect((await graphql(t.base, outsider.auth, read, { k: key })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(
      (
        await graphql(
          t.base,
          adminAuth(),
          `
            mutation ($k: Long!) {
              deleteGroupNews(groupKey: $k)
            }
          `,
          { k: key },
        )
      ).body.data,
    ).toEqual({
      deleteGroupNews: true,
    });
    expect((await graphql(t.base, participant.auth, read, { k: key })).body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('infos', () => {
  it('answers every GroupVO field with news, forumKey, hasWiki, hasFolder and folderWrite, as the caller sees them', async () => {
    const key = await memberGroup({ name: 'Infos', description: '<p>Lab</p>', externalId: 'INF-1', managedFlags: 'title', maxParticipants: 9 });
    await configure(key, { tools: ['hasNews', 'hasFolder', 'hasWiki'], toolsAccess: { hasFolder: 0 }, news: 'Read me' });
    const reply = await call(t.base, 'GET', `/restapi/groups/${key}/infos`, { headers: json(participant) });
    expect(reply.json).toEqual({
      key,
      description: '<p>Lab</p>',
      externalId: 'INF-1',
      managedFlags: 'title',
      name: 'Infos',
      type: 'LearningGroup',
      minParticipants: null,
      maxParticipants: 9,
      news: 'Read me',
      forumKey: null,
      hasWiki: true,
      hasFolder: true,
      folderWrite: false,
    });
    expect((await call(t.base, 'GET', `/restapi/groups/${key}/infos`, { headers: json(owner) })).json.folderWrite).toBe(true);
    await configure(key, { tools: ['hasFolder'], toolsAccess: { hasFolder: 1 } });
    expect((await call(t.base, 'GET', `/restapi/groups/${key}/infos`, { headers: json(participant) })).json).toMatchObject({
      news: null,
      hasWiki: false,
      hasFolder: true,
      folderWrite: true,
    });
  });

  it('writes folderWrite as an attribute of <groupInfoVO>, the GroupVO elements first', async () => {
    const key = await memberGroup({ name: 'Xml infos' });
    await configure(key, { tools: ['hasFolder', 'hasNews'], news: 'a < b' });
    const reply = await call(t.base, 'GET', `/restapi/groups/${key}/infos`, { headers: { ...owner.auth, ...XML_TYPE } });
    expect(reply.text).toBe(
      `${PROLOG}<groupInfoVO folderWrite="true"><key>${key}</key><name>Xml infos</name><type>LearningGroup</type>` +
        '<news>a &lt; b</news><hasWiki>false</hasWiki><hasFolder>true</hasFolder></groupInfoVO>',
    );
  });

  it('is for members and group managers (403 otherwise), 404 for unknown groups, on both transports', async () => {
    const key = await memberGroup();
    expect((await call(t.base, 'GET', `/restapi/groups/${key}/infos`, { headers: json(outsider) })).status).toBe(403);
    expect((await call(t.base, 'GET', `/restapi/groups/${key}/infos`, { headers: json(manager) })).json.folderWrite).toBe(false);
    expect((await call(t.base, 'GET', '/restapi/groups/999999/infos', { headers: asAdmin })).status).toBe(404);
    const query = `query($k: Long!) { groupInfo(groupKey: $k) { key name news hasFolder folderWrite } }`;
    expect((await graphql(t.base, outsider.auth, query, { k: key })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await graphql(t.base, participant.auth, query, { k: key })).body.data.groupInfo).toMatchObject({ key, hasFolder: false, folderWrite: false });
  });
});

describe("a person's groups with their information", () => {
  const PAGED_JSON = { Accept: 'application/json; pagingspec=1.0' };
  const PAGED_XML = { Accept: 'application/xml; pagingspec=1.0' };

  it('answers pages of GroupInfoVO, folderWrite as the person has it, in JSON and XML', async () => {
    const person = await buildUser(t);
    const owned = await buildGroup(t, { name: 'Owned' });
    const joined = await buildGroup(t, { name: 'Joined' });
    await buildGroup(t, { name: 'Not theirs' });
    await addGroupMember(t, owned, person.key, GroupRole.coach);
    await addGroupMember(t, joined, person.key, GroupRole.participant);
    for (const key of [owned, joined]) await configure(key, { tools: ['hasFolder', 'hasNews'], toolsAccess: { hasFolder: 0 }, news: `News of ${key}` });
    const page = await call(t.base, 'GET', `/restapi/users/${person.key}/groups/infos`, { headers: { ...manager.auth, ...PAGED_JSON } });
    expect(page.json.totalCount).toBe(2);
    expect(page.json.groups.map((g: { key: number; folderWrite: boolean; news: string }) => [g.key, g.folderWrite, g.news])).toEqual([
      [owned, true, `News of ${owned}`],
      [joined, false, `News of ${joined}`],
    ]);
    const second = await call(t.base, 'GET', `/restapi/users/${person.key}/groups/infos?start=1&limit=1`, { headers: { ...person.auth, ...PAGED_XML } });
    expect(second.text).toBe(
      `${PROLOG}<groups totalCount="2"><groups><group folderWrite="false"><key>${joined}</key><name>Joined</name><type>LearningGroup</type>` +
        `<news>News of ${joined}</news><hasWiki>false</hasWiki><hasFolder>true</hasFolder></group></groups></groups>`,
    );
  });

  it('answers 406 without pagingspec, in the format asked for, after 404 and 403', async () => {
    const person = await buildUser(t);
    const unpaged = await call(t.base, 'GET', `/restapi/users/${person.key}/groups/infos`, { headers: json(person) });
    expect(unpaged.status).toBe(406);
    expect(unpaged.json.code).toBe('NOT_ACCEPTABLE');
    const xml = await call(t.base, 'GET', `/restapi/users/${person.key}/groups/infos`, { headers: { ...person.auth, ...XML_TYPE } });
    expect(xml.status).toBe(406);
    expect(xml.text).toContain('<errorVO><code>NOT_ACCEPTABLE</code>');
    expect((await call(t.base, 'GET', `/restapi/users/${person.key}/groups/infos`, { headers: json(outsider) })).status).toBe(403);
    expect((await call(t.base, 'GET', '/restapi/users/999999/groups/infos', { headers: asAdmin })).status).toBe(404);
  });

  it('answers the same page through GraphQL, with owners and participants as edges for group managers', async () => {
    const person = await buildUser(t);
    const key = await buildGroup(t, { name: 'Edge' });
    await addGroupMember(t, key, person.key, GroupRole.coach);
    const query = `query($k: Long!) { groupInfosOfUser(identityKey: $k, limit: 5) { totalCount groups { key name folderWrite hasFolder owners { key } } } }`;
    const reply = await graphql(t.base, manager.auth, query, { k: person.key });
    expect(reply.body.data.groupInfosOfUser).toEqual({
      totalCount: 1,
      groups: [{ key, name: 'Edge', folderWrite: false, hasFolder: false, owners: [{ key: person.key }] }],
    });
    expect((await graphql(t.base, outsider.auth, query, { k: person.key })).body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
