/** A failure of a subscription's source after its stream opened: delivered as the stream's last event, whose field then fails with it. */
export class StreamFailure {
  constructor(readonly error: unknown) {}
}

/**
 * The source stream of a subscription field (its `subscribe`), from `start`, which reads until its signal aborts.
 * `start` runs before the stream opens: what it throws (a malformed argument, a refusal) is the operation's error.
 * Leaving (`return()`, when the client disconnects) aborts the signal at once, also while `start`'s events wait in a
 * long poll: an async generator's own `return()` would wait for its next `yield`. A failure while streaming becomes
 * one `StreamFailure` event and the end of the stream, so the client gets it as a GraphQL error (`payloadOf` throws
 * it in the field's resolver) rather than a cut connection.
 */
export async function sourceStream<T>(start: (stop: AbortSignal) => Promise<AsyncIterator<T>>): Promise<AsyncIterableIterator<T | StreamFailure>> {
  const stop = new AbortController();
  const events = await start(stop.signal);
  let finished = false;
  const end = async (): Promise<IteratorResult<T | StreamFailure>> => {
    finished = true;
    stop.abort();
    await events.return?.();
    return { done: true, value: undefined };
  };
  const stream: AsyncIterableIterator<T | StreamFailure> = {
    [Symbol.asyncIterator]: () => stream,
    async next(): Promise<IteratorResult<T | StreamFailure>> {
      if (finished) return { done: true, value: undefined };
      try {
        return await events.next();
      } catch (error) {
        finished = true;
        stop.abort();
        return { done: false, value: new StreamFailure(error) };
      }
    },
    return: end,
    throw: end,
  };
  return stream;
}

/** The event a subscription field resolves, or its stream's failure thrown. */
export function payloadOf<T>(event: T | StreamFailure): T {
  if (event instanceof StreamFailure) throw event.error;
  return event;
}
