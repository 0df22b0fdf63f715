import { createHash } from "node:crypto";
import { mkdir, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { onRedisReady, redisConfigured, sharedGet, sharedSet, sharedSetMany } from "../cache";
import { BoundedStore } from "../cache/bounded-store.mjs";
import { SingleFlight } from "../process";
import { isPhotoId } from "./paths";

/**
 * The names of the photos the site serves: an id (the hash of the photo's address) and the
 * address behind it, issued only for photos a page names (`register`). The variants module
 * (photo-variants.ts) serves an id only if its address is found here.
 *
 * Where an id's address is found: this process's memory, a small file per id on disk (outside
 * the photos' size bound: a page cached by the tier may name a photo for days after its files
 * were dropped to make room, and must still get it), and with REDIS_URL every instance's
 * registrations (`photo:src:<id>`), so any instance can serve a photo that a page rendered by
 * another instance names. A name unused for NAME_DAYS is removed at start.
 *
 * Redis may lose a name: it restarts empty, or evicts the key under `maxmemory`. Every id this
 * process knows is written to Redis again each time Redis becomes usable again and every
 * RESHARE_MS, so a page cached anywhere keeps its photos on every instance.
 */

/** Longer than any copy of a page is kept (the tier's stale copies: 7 days). */
const NAME_DAYS = 30;
/** How often every id this process knows is written to Redis again (see above). */
const RESHARE_MS = 10 * 60_000;

export function photoId(address: string): string {
  return createHash("sha256").update(address).digest("base64url").slice(0, 22);
}

const sharedKey = (id: string) => `photo:src:${id}`;

export class PhotoNames {
  /** id → address, for ids this process issued or looked up (a few MB at most). */
  private readonly addresses = new BoundedStore<string>(4 * 1024 * 1024);
  /** The share under way: one at a time, Redis recovering again while it runs waits for it. */
  private readonly sharing = new SingleFlight<"all", boolean>();
  /** id → its recording under way (register). */
  private readonly registering = new SingleFlight<string, void>();
  private ready: Promise<void> | undefined;
  private readonly stopSharing: () => void;

  /** `dir`: the folder of one file per id. */
  constructor(private readonly dir: string) {
    const stopListening = onRedisReady(() => void this.share());
    const timer = setInterval(() => void this.share(), RESHARE_MS).unref();
    this.stopSharing = () => {
      stopListening();
      clearInterval(timer);
    };
  }

  /** Stops writing ids to Redis again (names that are no longer used). */
  close(): void {
    this.stopSharing();
  }

  /**
   * Writes every id this process knows, issued or looked up, to Redis again; false when Redis
   * did not take them all (its next recovery, or RESHARE_MS, tries again).
   */
  share(): Promise<boolean> {
    return this.sharing.run("all", async () => {
      if (!redisConfigured() || this.addresses.size === 0) return true;
      return sharedSetMany(
        Array.from(this.addresses.items(), ([id, address]) => [sharedKey(id), address] as const),
      );
    });
  }

  /** The folder, with names unused for NAME_DAYS removed (once per process). */
  private folder(): Promise<void> {
    this.ready ??= (async () => {
      await mkdir(this.dir, { recursive: true });
      const oldest = Date.now() - NAME_DAYS * 86_400_000;
      for (const id of await readdir(this.dir)) {
        const file = path.join(this.dir, id);
        const used = (await stat(file).catch(() => null))?.mtimeMs ?? Infinity;
        if (used < oldest) {
          await rm(file, { force: true });
        }
      }
    })();
    return this.ready;
  }

  /**
   * Issues the id of a photo a page names; pages then name `/photo/<id>/...`. The id is
   * given out only once it is recorded where any instance will look for it (this one's disk,
   * Redis): a page rendered here may send the reader's browser to another instance at once.
   * Renders asking at the same time wait for the one recording. A recording Redis did not take
   * (it was down or slow) is made by `share` as soon as Redis is usable again.
   */
  async register(address: string): Promise<string> {
    const id = photoId(address);
    if (this.addresses.get(id) === null) {
      await this.registering.run(id, () => this.record(id, address));
    }
    return id;
  }

  private async record(id: string, address: string): Promise<void> {
    await this.folder();
    await writeFile(path.join(this.dir, id), address);
    this.addresses.set(id, address, address.length + 64);
    // Not taken (Redis down, slow or cooling down): `share` writes it when Redis is usable.
    if (redisConfigured()) await sharedSet(sharedKey(id), address);
  }

  /** The address behind an id this site issued; null for any other id. */
  async address(id: string): Promise<string | null> {
    // The id names a file: nothing but an id's own characters reaches the disk.
    if (!isPhotoId(id)) return null;
    const known = this.addresses.get(id);
    if (known !== null) return known;
    await this.folder();
    const onDisk = await readFile(path.join(this.dir, id), "utf8").catch(() => undefined);
    const shared = onDisk ? undefined : await sharedGet<string>(sharedKey(id));
    const address = onDisk ?? (shared?.ok ? shared.value : undefined);
    // The id is the address's hash: anything else found under it is not this photo.
    if (!address || photoId(address) !== id) return null;
    this.addresses.set(id, address, address.length + 64);
    return address;
  }
}
