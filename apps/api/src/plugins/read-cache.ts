/**
 * A short-lived, bounded cache for public catalog reads (decision 013). The same goods page, module
 * or category is read by every visitor and is identical for all of them in a given language and
 * currency; a few seconds of staleness in what is *shown* is harmless because the cart and checkout
 * price and check stock from the database, never from here (ARCHITECTURE.md §6 rule 2).
 *
 * Concurrent misses for one key share one load. Failed loads are not kept. With ttlMs 0 every
 * call loads.
 */
export class ReadCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 5_000,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    if (hit) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // Drop the oldest insertion (Map keeps insertion order): cheap and good enough here.
      this.entries.delete(this.entries.keys().next().value!);
    }
    const value = load();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
