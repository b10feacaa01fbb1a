import net from 'node:net';

/**
 * A start (or a command-line tool) that cannot go on for a reason the operator can fix: logged as its
 * one-line message, without a stack, and the process exits 1. Its message says what and how to fix it.
 */
export class StartRefusal extends Error {
  override name = 'StartRefusal';
}

/** Refuses when `host:port` cannot be bound (port 0 picks a free one), before anything is created. */
export async function requirePortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const problem = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(undefined)));
  });
  if (problem?.code === 'EADDRINUSE') throw new StartRefusal(`port ${port} on ${host} is in use: stop what listens there, or set PORT to a free port`);
  if (problem?.code === 'EACCES') throw new StartRefusal(`port ${port} on ${host} may not be bound by this user: set PORT to a port above 1023`);
  if (problem) throw new StartRefusal(`cannot listen on ${host}:${port} (${problem.code ?? problem.message}): check HOST and PORT`);
}
