import { buildGroup, buildUser } from './factories';
import { graphql } from './support/http';
import { startTestService, type TestService, adminAuth } from './support/service';
import type { UserVo } from './support/graphql-types';

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ graphqlMaxDepth: 1, graphqlMaxCost: 40, graphqlDefaultListSize: 1, graphqlMaxAliases: 100, graphqlMaxRootFields: 100 });
});
afterAll(() => t.stop());

describe('GraphQL transport', () => {
  it('runs the golden path with the same operations as REST', async () => {
    const groupKey = await buildGroup(t);
    const created = await graphql(
      t.base,
      adminAuth(),
      `
        mutation ($user: UserVOInput!) {
          createUser(user: $user) {
            key
            login
            firstName
          }
        }
      `,
      { user: { login: 'gql-user-1', password: 'pw-1', firstName: 'G', lastName: 'Q', email: 'gql-user-1@example.org' } },
    );
    const user = created.body.data.createUser as Pick<UserVo, 'key' | 'login' | 'firstName'>;
    expect(user).toMatchObject({ login: 'gql-user-1', firstName: 'G' });
    expect(typeof user.key).toBe('number');
    const added = await graphql(
      t.base,
      adminAuth(),
      `
        mutation ($g: Long!, $u: Long!) {
          addGroupParticipant(groupKey: $g, identityKey: $u)
        }
      `,
      { g: groupKey, u: user.key },
    );
    expect(added.body.data.addGroupParticipant).toBe(true);
    const again = await graphql(
      t.base,
      adminAuth(),
      `
        mutation ($g: Long!, $u: Long!) {
          addGroupParticipant(groupKey: $g, identityKey: $u)
        }
      `,
      { g: groupKey, u: user.key },
    );
    expect(again.body.data.addGroupParticipant).toBe(false);
    const participants = await graphql(
      t.base,
      adminAuth(),
      `
        query ($g: Long!) {
          groupParticipants(groupKey: $g) {
            login
          }
        }
      `,
      { g: groupKey },
    );
    expect(participants.body.data.groupParticipants).toEqual([{ login: 'gql-user-1' }]);
  });

  it('reports validation failures with code VALIDATION_FAILED and the ErrorVO list', async () => {
    const reply = await graphql(
      t.base,
      adminAuth(),
      `
        mutation ($user: UserVOInput!) {
          createUser(user: $user) {
            key
          }
        }
      `,
      { user: { login: 'x' } },
    );
    expect(reply.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(reply.body.errors[0].extensions.errors.map((e: { code: string }) => e.code)).toContain('org.olat.admin.user:new.error.loginname.empty');
  });

  it('reports unknown keys with NOT_FOUND', async () => {
    const reply = await graphql(
      t.base,
      adminAuth(),
      `
        {
          user(identityKey: 99999) {
            login
          }
        }
      `,
    );
    expect(reply.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('refuses queries deeper than the depth limit and costlier than the cost limit', async () => {
    const shallow = await graphql(
      t.base,
      adminAuth(),
      `
        {
          me {
            login
          }
        }
      `,
    );
    expect(shallow.body.errors).toBeUndefined();
    const tooDeep = await graphql(
      t.base,
      adminAuth(),
      `
        {
          me {
            properties {
              name
              value
            }
          }
        }
      `,
    );
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.errors[0].message).toMatch(/maximum operation depth/);
    const fields = Array.from({ length: 45 }, (_, i) => `a${i}: me { login }`).join(' ');
    const costly = await graphql(t.base, adminAuth(), `{ ${fields} }`);
    expect(costly.body.errors[0].extensions.code).toBe('QUERY_TOO_COSTLY');
  });

  it('takes the standard directives @include and @skip, also from variables, and offers @deprecated and @specifiedBy', async () => {
    const query =
      'query ($withLogin: Boolean!, $withoutKey: Boolean!) { me { login @include(if: $withLogin) key @skip(if: $withoutKey) lastName @include(if: true) } }';
    const both = await graphql(t.base, adminAuth(), query, { withLogin: true, withoutKey: false });
    expect(both.status).toBe(200);
    expect(Object.keys(both.body.data.me)).toEqual(['login', 'key', 'lastName']);
    const neither = await graphql(t.base, adminAuth(), query, { withLogin: false, withoutKey: true });
    expect(Object.keys(neither.body.data.me)).toEqual(['lastName']);
    const introspected = await graphql(t.base, adminAuth(), '{ __schema { directives { name } } }');
    expect(introspected.body.data.__schema.directives.map((directive: { name: string }) => directive.name)).toEqual(
      expect.arrayContaining(['include', 'skip', 'deprecated', 'specifiedBy', 'auth', 'managed']),
    );
  });

  it('refuses batched requests', async () => {
    const response = await fetch(`${t.base}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...adminAuth() },
      body: JSON.stringify([{ query: '{ me { login } }' }, { query: '{ me { login } }' }]),
    });
    expect(response.status).toBe(400);
  });

  it('never exposes internal errors', async () => {
    const user = await buildUser(t);
    const reply = await graphql(
      t.base,
      adminAuth(),
      `
        mutation ($k: Long!, $u: UserVOInput!) {
          updateUser(identityKey: $k, user: $u) {
            key
          }
        }
      `,
      {
        k: user.key,
        u: { firstName: 'x'.repeat(300) },
      },
    );
    expect(JSON.stringify(reply.body)).not.toMatch(/select|update "identity"|stack|\.ts:\d+/i);
    expect(reply.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
  });
});

describe('production mode', () => {
  let prod: TestService;
  beforeAll(async () => {
    prod = await startTestService({ production: true });
  });
  afterAll(() => prod.stop());

  it('turns introspection off', async () => {
    const reply = await graphql(prod.base, adminAuth(), '{ __schema { types { name } } }');
    expect(reply.body.errors[0].message).toMatch(/introspection/i);
  });
});
