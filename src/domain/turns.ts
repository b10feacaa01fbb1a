/**
 * Turns of the event loop for the work of large GraphQL answers (src/graphql/pacing.ts): a turn
 * lets through at most ITEMS_PER_TURN list items (of every answer being completed), the rest waits
 * for later turns, first come first served, with I/O (other requests, /restapi/ping) between them.
 */

/** List items (objects) graphql-js may complete in one turn of the event loop: a few milliseconds. */
export const ITEMS_PER_TURN = 1000;

/** Items let through in this turn; work waiting for a later turn. */
let spent = 0;
const waiting: { size: number; resolve: () => void }[] = [];
let turnScheduled = false;

/** A new turn: let through the waiting work that fits (at least the first). */
function turn() {
  turnScheduled = false;
  spent = 0;
  while (waiting.length && (spent === 0 || spent + waiting[0].size <= ITEMS_PER_TURN)) {
    const next = waiting.shift()!;
    spent += next.size;
    next.resolve();
  }
  scheduleTurn();
}

/** A callback queued by setImmediate from within one runs in the next iteration of the event loop, after its I/O. */
function scheduleTurn() {
  if (turnScheduled || (!waiting.length && spent === 0)) return;
  turnScheduled = true;
  setImmediate(turn);
}

/** undefined when `size` items fit into this turn (counted), else resolves in the turn they are let through. */
export function room(size: number): Promise<void> | undefined {
  if (!waiting.length && spent + size <= ITEMS_PER_TURN) {
    spent += size;
    scheduleTurn();
    return undefined;
  }
  const ready = new Promise<void>((resolve) => waiting.push({ size, resolve }));
  scheduleTurn();
  return ready;
}

/** A turn of its own. */
export const nextTurn = () => room(ITEMS_PER_TURN + 1) ?? Promise.resolve();

/** Runs `callback` once the promise jobs queued now are done (DataLoader's own schedule). */
const afterPromiseJobs = (callback: () => void) => void Promise.resolve().then(() => process.nextTick(callback));

/**
 * When a DataLoader dispatches its batch (src/domain/loaders.ts): after the work that waits for
 * later turns, so that the parents of one level of an answer that are completed over several
 * turns still ask for their edges in one batch; without waiting work, as DataLoader would.
 */
export function afterWaitingWork(dispatch: () => void): void {
  if (!waiting.length) return afterPromiseJobs(dispatch);
  waiting.push({ size: 0, resolve: () => afterPromiseJobs(dispatch) });
}
