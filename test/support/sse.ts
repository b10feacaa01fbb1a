/** One event of a text/event-stream answer: its `event` field and its `data` as JSON (null without). */
export interface SseEvent {
  event: string;
  data: any;
}

/** Reads the events of a text/event-stream body one at a time, skipping keep-alive comments; null at its end. */
export function sseEvents(body: ReadableStream<BufferSource>): () => Promise<SseEvent | null> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return async () => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const fields = buffer
          .slice(0, end)
          .split('\n')
          .filter((line) => !line.startsWith(':'));
        buffer = buffer.slice(end + 2);
        if (!fields.length) continue;
        const value = (name: string) =>
          fields
            .find((line) => line.startsWith(`${name}:`))
            ?.slice(name.length + 1)
            .trim();
        const data = value('data');
        return { event: value('event')!, data: data ? JSON.parse(data) : null };
      }
      const chunk = await reader.read();
      if (chunk.done) return null;
      buffer += chunk.value;
    }
  };
}
