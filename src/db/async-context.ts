import { AsyncLocalStorage } from 'node:async_hooks';

let installed = false;

/**
 * Turns an AsyncLocalStorage off again once none of its runs is in flight. While any one is on, Node tracks every
 * promise of the process (promise hooks: about a tenth of a short read's CPU), and none turns itself off. MikroORM runs
 * one around every flush (its UnitOfWork's `insideFlush`), so from the first write on every request of the process paid
 * for them; now only what runs beside a flush does. A run's store is still seen by everything its callback starts until
 * the callback's promise settles, which is all MikroORM asks of them; transactions go through `transaction()`
 * (src/db/transaction.ts), which runs none.
 */
export function disableIdleAsyncContexts(): void {
  if (installed) return;
  installed = true;
  const run = AsyncLocalStorage.prototype.run;
  const inFlight = new WeakMap<AsyncLocalStorage<unknown>, number>();
  AsyncLocalStorage.prototype.run = function <R>(this: AsyncLocalStorage<unknown>, store: unknown, callback: (...args: unknown[]) => R, ...args: unknown[]): R {
    inFlight.set(this, (inFlight.get(this) ?? 0) + 1);
    const settled = () => {
      const left = inFlight.get(this)! - 1;
      inFlight.set(this, left);
      if (left === 0) this.disable();
    };
    let result: R;
    try {
      result = run.call(this, store, callback, ...args) as R;
    } catch (error) {
      settled();
      throw error;
    }
    if (result instanceof Promise) result.then(settled, settled);
    // Another thenable may run on after it returns (and resolving it could start it again): it stays on, as Node leaves it.
    else if (typeof (result as { then?: unknown } | null)?.then !== 'function') settled();
    return result;
  };
}
