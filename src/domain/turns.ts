/**
 * Turns of the event loop for the work of large GraphQL answers (src/graphql/pacing.ts): a turn
 * lets through at most ITEMS_PER_TURN list items (of every answer being completed), the rest waits
 * for later turns, first come first served, with I/O (other requests, /restapi/ping) between them.
 */

/** List items (objects) graphql-js may complete in one turn of the event loop: a few milliseconds. */
export const ITEMS_PER_TURN = 1000;

/** Work waiting for a turn: `size` items, let through together; a dispatch of a batch (size 0) is never joined. */
interface Waiting {
  size: number;
  ready: Promise<void> | null;
  resolve: () => void;
}

/** Items let through in this turn; work waiting for later turns, in order from `head`. */
let spent = 0;
let waiting: Waiting[] = [];
let head = 0;
let turnScheduled = false;

const waits = () => head < waiting.length;

/** A new turn: let through the waiting work that fits (at least the first). */
function turn() {
  turnScheduled = false;
  spent = 0;
  while (waits() && (spent === 0 || spent + waiting[head].size <= ITEMS_PER_TURN)) {
    const next = waiting[head++];
    spent += next.size;
    next.resolve();
  }
  if (!waits()) [waiting, head] = [[], 0];
  scheduleTurn();
}

/** A callback queued by setImmediate from within one runs in the next iteration of the event loop, after its I/O. */
function scheduleTurn() {
  if (turnScheduled || (!waits() && spent === 0)) return;
  turnScheduled = true;
  setImmediate(turn);
}

/**
 * undefined when `size` items fit into this turn (counted), else resolves in the turn they are let
 * through: with the last waiting work while together they fit into one turn (the small lists of
 * many parents wait as a few entries), else as work of its own.
 */
export function room(size: number): Promise<void> | undefined {
  if (!waits() && spent + size <= ITEMS_PER_TURN) {
    spent += size;
    scheduleTurn();
    return undefined;
  }
  const last = waits() ? waiting[waiting.length - 1] : undefined;
  if (last?.ready && last.size + size <= ITEMS_PER_TURN) {
    last.size += size;
    return last.ready;
  }
  let resolve!: () => void;
  const ready = new Promise<void>((settle) => (resolve = settle));
  waiting.push({ size, ready, resolve });
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
  if (!waits()) return afterPromiseJobs(dispatch);
  waiting.push({ size: 0, ready: null, resolve: () => afterPromiseJobs(dispatch) });
}
