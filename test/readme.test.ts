import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN, startTestService, testConfig, type TestService } from './support/service';

/**
 * The README's walk-throughs run as printed: each code block marked `<!-- walk-through: name -->`
 * runs in bash (-euo pipefail) after the block marked `setup`, on a fresh service, in an empty
 * directory, with `http://localhost:8080` replaced by the service's address. A command that fails
 * (curl fails on an error status; `status N` on any other status) or an answer with GraphQL errors
 * fails the test, which shows the output up to there.
 */

const README = path.join(__dirname, '..', 'README.md');
const LOCAL_BASE = 'http://localhost:8080';
const WALK_THROUGH_SECTIONS = '## Calling it';

interface CodeBlock {
  /** The name of its walk-through marker; undefined when it has none. */
  name: string | undefined;
  /** Its first line in README.md, counted from 1. */
  line: number;
  script: string;
}

/** The indented code blocks from the "Calling it" section to the next top-level section. */
function codeBlocks(markdown: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(WALK_THROUGH_SECTIONS);
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  const blocks: CodeBlock[] = [];
  let marker: string | undefined;
  for (let index = start + 1; index < end; index++) {
    const line = lines[index];
    if (line.startsWith('    ') && lines[index - 1] === '') {
      const body: string[] = [];
      const first = index;
      for (; index < end && (lines[index].startsWith('    ') || lines[index] === ''); index++) body.push(lines[index].slice(4));
      blocks.push({ name: marker, line: first + 1, script: body.join('\n').trim() });
      marker = undefined;
      index--;
    } else if (line !== '') {
      marker = /^<!-- walk-through: (.+) -->$/.exec(line)?.[1];
    }
  }
  return blocks;
}

const blocks = codeBlocks(fs.readFileSync(README, 'utf8'));
const setup = blocks.find((block) => block.name === 'setup')!;
const walkThroughs = blocks.filter((block) => block.name !== undefined && block !== setup);

interface Run {
  code: number | null;
  /** Standard output and error together, with bash's trace of each command (-x). */
  output: string;
}

/** Runs the setup and then `script` in bash against the service at `base`, in an empty directory of its own. */
async function run(base: string, script: string): Promise<Run> {
  const cwd = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'readme-'));
  try {
    const child = spawn('bash', ['-x', '-euo', 'pipefail', '-c', `exec 2>&1\n${setup.script}\n${script}`.replaceAll(LOCAL_BASE, base)], {
      cwd,
      env: { PATH: process.env.PATH, HOME: cwd, ADMIN_PASSWORD: ADMIN.password },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve, reject) => child.on('error', reject).on('close', resolve));
    return { code, output };
  } finally {
    await fs.promises.rm(cwd, { recursive: true, force: true });
  }
}

/** Throws, with the output up to the failure, unless every command succeeded and no answer carried GraphQL errors. */
function expectSucceeded(block: CodeBlock, { code, output }: Run): void {
  const graphqlErrors = output.split('\n').filter((line) => /"errors"\s*:\s*\[/.test(line));
  if (code === 0 && graphqlErrors.length === 0) return;
  const what = code !== 0 ? `failed with exit code ${code}` : `got GraphQL errors:\n${graphqlErrors.join('\n')}`;
  // The helpers' own trace (field's node program, the curl inside the curl function) only repeats the commands.
  const commands = output.replace(/^\++ node -e '[^']*' \S+\n/gm, '').replace(/^\++ command curl .*\n/gm, '');
  const tail = commands.trimEnd().split('\n').slice(-40).join('\n');
  throw new Error(`README walk-through "${block.name}" (README.md line ${block.line}) ${what}\n\nits last commands (+) and output:\n${tail}`);
}

/** As the webhooks walk-through says: its receiver listens on loopback, over http. */
const WALK_THROUGH_CONFIG = { webhooks: { ...testConfig().webhooks, allowHttp: true, allowedHosts: ['127.0.0.1'], timeoutSeconds: 2 } };

const withService = async (use: (service: TestService) => Promise<void>) => {
  const service = await startTestService(WALK_THROUGH_CONFIG);
  try {
    await use(service);
  } finally {
    await service.stop();
  }
};

const TIMEOUT = 180_000;

it('finds the setup and the walk-throughs: every code block of their sections is marked', () => {
  expect(blocks.filter((block) => block.name === undefined).map((block) => `README.md line ${block.line}`)).toEqual([]);
  expect(setup).toBeDefined();
  expect(setup.script).toContain(LOCAL_BASE);
  expect(walkThroughs.map((block) => block.name)).toEqual(
    expect.arrayContaining(['calling it', 'courses', 'curriculum, taxonomy and catalog', 'lectures, roll calls and calendars']),
  );
  // GraphQL's address too is derived from $B, so that the test's service answers every call.
  for (const block of walkThroughs) expect(block.script).not.toContain(LOCAL_BASE);
});

describe.each(walkThroughs.map((block) => [block.name, block] as const))('the walk-through "%s"', (_name, block) => {
  it('runs as printed on a fresh database', () => withService(async (service) => expectSucceeded(block, await run(service.base, block.script))), TIMEOUT);
});

it(
  'the walk-throughs run one after another on one database, as a reader may follow them',
  () =>
    withService(async (service) => {
      for (const block of walkThroughs) expectSucceeded(block, await run(service.base, block.script));
    }),
  TIMEOUT * 2,
);

describe('a walk-through fails', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.stop());

  const check = async (script: string) => {
    const probe: CodeBlock = { name: 'probe', line: 0, script };
    const result = await run(service.base, script);
    return () => expectSucceeded(probe, result);
  };

  it('on an error status, showing the command and the error', async () => {
    expect(await check('curl $B/ping\ncurl $A -H Accept:application/json $B/users/987654\ncurl $B/ping')).toThrow(
      /exit code 22[^]*\+ curl -u administrator:\S+ -H Accept:application\/json http:\/\/127\.0\.0\.1:\d+\/restapi\/users\/987654\n[^]*"code":"NOT_FOUND"/,
    );
  });

  it('on a status other than the one `status` expects', async () => {
    expect(await check('status 409 $B/ping')).toThrow(/expected status 409, got 200/);
  });

  it('when a field is missing from the answer', async () => {
    expect(await check('KEY=$(curl $A -H Accept:application/json $B/users/me | field nokey)')).toThrow(/no nokey in this answer/);
  });

  it('on a GraphQL error in an answer of status 200', async () => {
    expect(await check(`curl $A $G -H 'Content-Type: application/json' -d '{"query":"{ user(identityKey: 987654) { login } }"}'`)).toThrow(/GraphQL errors/);
  });
});
