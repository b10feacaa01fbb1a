import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildUser, uniqueLogin } from '../factories';
import { cli } from '../support/cli';
import { JSON_TYPE, basic, call, graphql } from '../support/http';
import { ADMIN, adminAuth, startTestService, testConfig, type TestService } from '../support/service';

/** The operator's command line on a service's database: syncs, their jobs, API keys and passwords. */

let t: TestService;
let dir: string;
beforeAll(async () => {
  // No instance runs sync jobs: the command line runs its own.
  t = await startTestService({ sync: { ...testConfig().sync, run: false } });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-commands-'));
});
afterAll(async () => {
  await t.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const file = (name: string, content: string) => {
  const where = path.join(dir, name);
  fs.writeFileSync(where, content);
  return where;
};

const personOf = async (login: string) =>
  (await graphql(t.base, adminAuth(), 'query($l: String!) { users(login: $l) { key firstName } }', { l: login })).body.data.users[0] as
    { key: number; firstName: string } | undefined;

describe('sync', () => {
  it('a dry run shows the plan and writes nothing; the apply writes it; the table, the exit code, and the job read back', async () => {
    const tag = uniqueLogin('clisync');
    const document = file(
      'term.json',
      JSON.stringify({
        users: [
          { externalId: `${tag}-1`, login: `${tag}-one`, firstName: 'One', lastName: 'Person', email: `${tag}-one@example.org` },
          { externalId: `${tag}-2`, login: `${tag}-two`, firstName: 'Two', lastName: 'Person', email: `${tag}-two@example.org` },
        ],
        groups: [{ externalId: `${tag}-G`, name: 'Seminar' }],
        memberships: [{ type: 'group', externalId: `${tag}-G`, role: 'participant', members: [`${tag}-1`, `${tag}-2`] }],
      }),
    );
    const planned = await cli(t, 'sync', document, '--dry-run');
    expect(planned.code).toBe(0);
    expect(planned.err).toEqual([expect.stringMatching(/^database: /), `sync: ${document} (json), as administrator`]);
    expect(planned.out.slice(0, 4)).toEqual([
      'section         total   created   updated unchanged   removed    failed',
      'users               2         2         0         0         0         0',
      'groups              1         1         0         0         0         0',
      'memberships         2         2         0         0         0         0',
    ]);
    expect(planned.out[4]).toMatch(/^job \d+: planned in \d+\.\d s \(merge, dry run: nothing was written\)$/);
    expect(await personOf(`${tag}-one`)).toBeUndefined();

    const applied = await cli(t, 'sync', document);
    expect(applied.code).toBe(0);
    expect(applied.out[1]).toBe('users               2         2         0         0         0         0');
    const jobKey = Number(/^job (\d+): done in /.exec(applied.out[4])![1]);
    expect(await personOf(`${tag}-one`)).toMatchObject({ firstName: 'One' });
    // Written by the administrator's job from the command line: the audit says so.
    const audit = await graphql(t.base, adminAuth(), 'query($f: AuditLogFilter) { auditLog(filter: $f) { transport identityLogin } }', {
      f: { operation: 'createUser', limit: 1 },
    });
    expect(audit.body.data.auditLog).toEqual([{ transport: 'cli', identityLogin: ADMIN.login }]);

    const again = await cli(t, 'sync', document);
    expect(again.out[1]).toBe('users               2         0         0         2         0         0');
    const jobs = await cli(t, 'jobs', '--limit', '3');
    expect(jobs.out[1]).toMatch(new RegExp(`^${jobKey}\\tdone\\tmerge\\t20\\S+\\tcreated 5, updated 0, unchanged 0, removed 0, failed 0$`));
    expect((await cli(t, 'job', String(jobKey))).out).toEqual(applied.out);
  }, 60_000);

  it('an object that fails makes the exit code 1 and is listed; XML documents are read as XML; a mirror removes who is not listed', async () => {
    const tag = uniqueLogin('clixml');
    const stayer = await buildUser(t);
    const group = (
      await call(t.base, 'PUT', '/restapi/groups', { headers: { ...adminAuth(), ...JSON_TYPE }, body: { name: 'Mirrored', externalId: `${tag}-G` } })
    ).json;
    await call(t.base, 'PUT', `/restapi/groups/${group.key}/participants/${stayer.key}`, { headers: adminAuth() });
    const document = file(
      'term.xml',
      `<sync><users>
         <user><externalId>${tag}-1</externalId><login>${tag}-one</login><firstName>One</firstName><lastName>X</lastName><email>${tag}@example.org</email></user>
         <user><externalId>${tag}-2</externalId><login>${tag}-two</login><firstName>Bad</firstName><lastName>X</lastName><email>not-an-email</email></user>
       </users>
       <memberships><membership><type>group</type><externalId>${tag}-G</externalId><role>participant</role><members><member>${tag}-1</member></members></membership></memberships>
       </sync>`,
    );
    const run = await cli(t, 'sync', document, '--mirror', '--force');
    expect(run.code).toBe(1);
    expect(run.err[1]).toBe(`sync: ${document} (xml), as administrator`);
    expect(run.out).toContain('users               2         1         0         0         0         1');
    expect(run.out).toContain('memberships         2         1         0         0         1         0');
    expect(run.out.findIndex((line) => line === 'failures:')).toBeGreaterThan(0);
    expect(run.out[run.out.length - 1]).toMatch(new RegExp(`^  users #2 ${tag}-2: .*e-mail`));
    const jobKey = Number(/^job (\d+): done/.exec(run.out.find((line) => line.startsWith('job '))!)![1]);
    const failed = await cli(t, 'job', String(jobKey), '--failed');
    expect(failed).toMatchObject({ code: 1, out: [expect.stringMatching(new RegExp(`^users #2 ${tag}-2: .*e-mail`))] });
    expect(
      (await call(t.base, 'GET', `/restapi/groups/${group.key}/participants`, { headers: { ...adminAuth(), ...JSON_TYPE } })).json.map(
        (p: { login: string }) => p.login,
      ),
    ).toEqual([`${tag}-one`]);
  }, 60_000);

  it('refuses what it cannot do with a clear line: no file, a person who may not sync, a job of another', async () => {
    expect(await cli(t, 'sync', path.join(dir, 'missing.json'))).toMatchObject({
      code: 1,
      err: [expect.any(String), `no file ${path.join(dir, 'missing.json')}`],
    });
    const plain = await buildUser(t);
    const document = file('nobody.json', JSON.stringify({ users: [] }));
    expect(await cli(t, 'sync', document, '--as', plain.login)).toMatchObject({
      code: 1,
      err: [expect.any(String), expect.any(String), 'FORBIDDEN: sync requires one of the roles administrator, sysadmin, usermanager, groupmanager'],
    });
    expect(await cli(t, 'sync', document, '--as', 'nobody-at-all')).toMatchObject({
      code: 1,
      err: [expect.any(String), 'no person has the login "nobody-at-all" (--as names the person the command acts as)'],
    });
    expect((await cli(t, 'sync')).code).toBe(2);
    expect(await cli(t, 'job', '99999999')).toMatchObject({ code: 1, err: [expect.any(String), expect.stringMatching(/^NOT_FOUND: /)] });
  }, 60_000);
});

describe('credentials', () => {
  it("api-key create makes a key that logs in as the person, audited as the command line's; an unknown person or organisation is NOT_FOUND", async () => {
    const provider = await buildUser(t);
    const created = await cli(t, 'api-key', 'create', provider.login, '--external-id', 'entra');
    expect(created.code).toBe(0);
    const [clientId, secret] = [created.out[0].split(/\s+/)[2], created.out[1].split(/\s+/)[1]];
    expect(created.out[2]).toBe(`use as:    Authorization: Bearer ${clientId}:${secret}   (or basic auth with the client id and the secret)`);
    const me = await call(t.base, 'GET', '/restapi/users/me', { headers: { Authorization: `Bearer ${clientId}:${secret}`, ...JSON_TYPE } });
    expect(me.json.login).toBe(provider.login);
    const listed = await graphql(t.base, adminAuth(), 'query($k: Long!) { userAuthentications(identityKey: $k) { provider authUsername } }', {
      k: provider.key,
    });
    expect(listed.body.data.userAuthentications).toContainEqual({ provider: 'API-Key', authUsername: clientId });
    const audit = await graphql(t.base, adminAuth(), 'query($f: AuditLogFilter) { auditLog(filter: $f) { transport identityLogin objectKey } }', {
      f: { operation: 'createApiKey', limit: 1 },
    });
    expect(audit.body.data.auditLog).toEqual([{ transport: 'cli', identityLogin: ADMIN.login, objectKey: String(provider.key) }]);
    expect(await cli(t, 'api-key', 'create', 'nobody-at-all')).toMatchObject({ code: 1, err: [expect.any(String), expect.stringMatching(/^NOT_FOUND: /)] });
    expect(await cli(t, 'api-key', 'create', provider.login, '--organisation', '99999999')).toMatchObject({
      code: 1,
      err: [expect.any(String), expect.stringMatching(/^NOT_FOUND: /)],
    });
  });

  it('password reset gives a locked-out person a new password and forgets their failed attempts', async () => {
    const person = await buildUser(t);
    const failures = () =>
      t.service.orm.em
        .fork()
        .getConnection()
        .execute(`select failures from login_failure_window where key = ?`, [`login:${person.login.toLowerCase()}`]);
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: basic(person.login, 'forgotten') })).status).toBe(401);
    expect(await failures()).toEqual([{ failures: 1 }]);
    const reset = await cli(t, 'password', 'reset', person.login);
    expect(reset.code).toBe(0);
    const password = /^the new password of .+: (\S+)$/.exec(reset.out[0])![1];
    expect(password.length).toBe(16);
    expect(await failures()).toEqual([]);
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: person.auth })).status).toBe(401);
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: basic(person.login, password) })).status).toBe(200);
    // Only who may change the person's password through GraphQL may here.
    const other = await buildUser(t);
    expect(await cli(t, 'password', 'reset', person.login, '--as', other.login)).toMatchObject({
      code: 1,
      err: [expect.any(String), expect.stringMatching(/^FORBIDDEN: changeUserPasswordByLogin requires one of the roles /)],
    });
    expect(await cli(t, 'password', 'reset', 'nobody-at-all')).toMatchObject({ code: 1, err: [expect.any(String), expect.stringMatching(/^NOT_FOUND: /)] });
  });
});
