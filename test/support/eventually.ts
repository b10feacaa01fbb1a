/**
 * Retries `check` until it passes, for at most `withinMs`: for what reaches an instance
 * asynchronously (LISTEN/NOTIFY between instances, settings reloads).
 */
export async function eventually(check: () => Promise<void>, withinMs = 2000): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
