import { execFile } from 'node:child_process';
import path from 'node:path';
import { onTestServer, readState } from '../support/database';

/**
 * While any AsyncLocalStorage is on, Node tracks every promise of the process, and each costs every request CPU.
 * MikroORM runs one around each flush and each `em.transactional`: the gateway turns them off once idle, and runs its
 * transactions without one. Told in a process of its own, as an operator runs the service (jest keeps one on).
 */

const ROOT = path.join(__dirname, '..', '..');

/** Runs in the child: whether promise reactions get async ids of their own (they do only while promise hooks are on). */
const PROBE = `
const { AsyncLocalStorage, executionAsyncId } = require('node:async_hooks');
const idInReaction = () => Promise.resolve().then(() => executionAsyncId());
const hooksOn = async () => (await idInReaction()) !== (await idInReaction());
(async () => {
  const seen = {};
  const before = new AsyncLocalStorage();
  await before.run(1, async () => undefined);
  seen.afterPlainRun = await hooksOn();
  before.disable();
  seen.afterDisable = await hooksOn();
  const { openDatabase } = require('./src/db/orm');
  const { transaction } = require('./src/db/transaction');
  const { bootstrap } = require('./src/bootstrap');
  const { Organisation } = require('./src/entities/organisations');
  const db = await openDatabase(process.env.DATABASE_URL);
  await bootstrap(db.orm.em.fork(), 'administrator', 'Probe-Password-42', () => undefined);
  seen.afterBootstrap = await hooksOn();
  const em = db.orm.em.fork();
  await transaction(em, async (tx) => {
    tx.persist(tx.create(Organisation, { identifier: 'probe', displayName: 'Probe' }));
    seen.duringTransaction = await hooksOn();
    await tx.flush();
  });
  seen.afterFlushInTransaction = await hooksOn();
  const { TransactionContext } = require('@mikro-orm/core');
  await em.fork().transactional(async (tx) => {
    await tx.findOneOrFail(Organisation, { identifier: 'probe' });
    seen.duringOrmTransactional = await hooksOn();
    seen.storeAcrossAwaits = TransactionContext.getEntityManager() === tx;
  });
  seen.afterOrmTransactional = await hooksOn();
  seen.organisations = await db.orm.em.fork().count(Organisation, { identifier: 'probe' });
  await db.close();
  console.log(JSON.stringify(seen));
})().catch((error) => { console.error(error); process.exit(1); });
`;

const database = `gateway_hooks_${process.pid}`;
beforeAll(() => onTestServer(`create database ${database}`));
afterAll(() => onTestServer(`drop database if exists ${database} with (force)`));

test('after a flush and a transaction, no promise hook stays on; while a run is in flight it is', async () => {
  const { NODE_ENV: _nodeEnv, JEST_WORKER_ID: _worker, ...inherited } = process.env;
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      ['-r', '@swc-node/register', '-e', PROBE],
      { cwd: ROOT, env: { ...inherited, DATABASE_URL: `${readState().serverUrl}${database}` }, timeout: 60_000 },
      (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)),
    ),
  );
  expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({
    // Node leaves a storage on after its run: the probe sees it, and sees it gone once turned off.
    afterPlainRun: true,
    afterDisable: false,
    afterBootstrap: false,
    duringTransaction: false,
    afterFlushInTransaction: false,
    // MikroORM's own transaction still sees its store across awaits while it runs.
    duringOrmTransactional: true,
    storeAcrossAwaits: true,
    afterOrmTransactional: false,
    organisations: 1,
  });
});
