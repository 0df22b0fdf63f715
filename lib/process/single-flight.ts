/**
 * Work that callers at once share: the first caller for a key starts it, the others join it,
 * and the key is free again once it settles (resolved or failed), so the next caller starts
 * afresh. Nothing is cached: it is a flight, not a memo.
 */
export class SingleFlight<K, T> {
  private readonly pending = new Map<K, Promise<T>>();

  /** The work under way for `key`, started by `start` if none is. */
  run(key: K, start: () => Promise<T>): Promise<T> {
    let work = this.pending.get(key);
    if (!work) {
      work = start().finally(() => this.pending.delete(key));
      this.pending.set(key, work);
    }
    return work;
  }

  /** The work under way for `key`, if any. */
  current(key: K): Promise<T> | undefined {
    return this.pending.get(key);
  }

  /** Resolves once the work under way for `key` (if any) has settled; never rejects. */
  async settled(key: K): Promise<void> {
    await this.pending.get(key)?.catch(() => undefined);
  }
}
