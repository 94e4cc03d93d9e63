/** Runs `work` on every item with at most `limit` in flight: file writes of one overlap rendering of the next. */
export async function eachConcurrently<T>(
  items: Iterable<T>,
  limit: number,
  work: (item: T) => Promise<unknown>,
): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, worker));
}
