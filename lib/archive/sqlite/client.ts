import path from "node:path";
import { Worker } from "node:worker_threads";
import { timeLeft } from "../deadline";
import { STORY_WINDOW_MS } from "../stories/assign";
import { ArchiveUnavailableError, type ArchiveEngine } from "../types";
import type { SqliteDatabase } from "./database";
import type { Call, Reply, WorkerSetup } from "./worker";

/**
 * The embedded archive as the server holds it: SQLite in worker threads (worker.ts), never on
 * the thread that serves pages. node:sqlite is synchronous, so a query run here would hold
 * every reader of the instance for as long as it takes; in a worker it holds only that worker.
 *
 * WAL's model: one writer thread (migrations, records, carriage, withdrawals, prunes, in the
 * order they are asked) and READERS reader threads, each on a read-only connection of its own,
 * which never wait on the writer. A call waits for a free thread of its kind, then runs there.
 *
 * Every call has a deadline: a read what its caller has left of its wait (deadline.ts; one
 * asked too late fails at once), READ_DEADLINE_MS at most, a write WRITE_DEADLINE_MS from when
 * it is asked. Past it the call fails with ArchiveUnavailableError; a call still running is
 * abandoned and its thread ended and replaced (SQLite's work is cut short when the thread
 * ends; a write's transaction is rolled back), so a query that hangs costs one thread for a
 * moment, never the server's thread, and never the next reader.
 */

const READERS = 2;
export const READ_DEADLINE_MS = 1000;
const WRITE_DEADLINE_MS = 60_000;
/** A migration rewrites what is there (at ten million headlines, minutes). */
const MIGRATE_DEADLINE_MS = 30 * 60_000;
const PRUNE_DEADLINE_MS = 10 * 60_000;

type Method = Exclude<keyof SqliteDatabase, "constructor">;

const READS = new Set<string>([
  "search",
  "between",
  "countIn",
  "nearest",
  "span",
  "wordsLike",
  "withdrawals",
  "story",
  "storiesOf",
  "storyChanges",
]);

/**
 * The worker's file. In the production build Turbopack bundles it into a worker chunk of its
 * own (it sees this `new Worker`): the server runs that. Jest and the scripts run the file as
 * it is, its types stripped by Node (docs/archive.md).
 */
const WORKER_FILE = path.join(process.cwd(), "lib", "archive", "sqlite", "worker.ts");

interface Job {
  method: string;
  args: unknown[];
  deadline: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout | null;
  thread: Thread | null;
}

class Thread {
  readonly worker: Worker;
  job: Job | null = null;
  private nextId = 0;
  /** Settles when the thread has opened its connection (or has failed to). */
  readonly ready: Promise<void>;
  private started!: () => void;

  constructor(
    setup: WorkerSetup,
    private readonly lost: (thread: Thread, error: Error) => void,
    private readonly idle: () => void,
  ) {
    this.ready = new Promise((resolve) => (this.started = resolve));
    this.worker = new Worker(WORKER_FILE, { workerData: setup });
    this.worker.unref();
    this.worker.once("exit", () => this.started());
    this.worker.on("message", (reply: Reply) => this.answer(reply));
    this.worker.on("error", (error: Error) => this.lost(this, error));
    this.worker.on("exit", (code) =>
      this.lost(this, new ArchiveUnavailableError(`archive worker ended (${code})`)),
    );
  }

  run(job: Job): void {
    this.job = job;
    job.thread = this;
    // Held while it works, so a script awaiting the archive is not left by its event loop.
    this.worker.ref();
    const call: Call = { id: ++this.nextId, method: job.method, args: job.args };
    this.worker.postMessage(call);
  }

  private answer(reply: Reply): void {
    if ("ready" in reply) return this.started();
    const job = this.job;
    if (!job || reply.id !== this.nextId) return;
    this.job = null;
    this.worker.unref();
    // Whatever SQLite said (a lock not had, a disk full, a file gone), the archive could not
    // answer: the one error callers handle.
    if ("error" in reply) settle(job, new ArchiveUnavailableError(reply.error.message));
    else settle(job, null, reply.value);
    this.idle();
  }
}

function settle(job: Job, error: Error | null, value?: unknown): void {
  if (job.timer) clearTimeout(job.timer);
  job.timer = null;
  job.thread = null;
  if (error) job.reject(error);
  else job.resolve(value);
}

/** A pool of threads of one kind, with its queue. */
class Pool {
  private readonly threads: (Thread | null)[];
  private readonly queue: Job[] = [];

  constructor(
    private readonly setup: WorkerSetup,
    size: number,
  ) {
    this.threads = Array.from({ length: size }, () => null);
  }

  ask(method: string, args: unknown[], deadlineMs: number): Promise<unknown> {
    if (this.closed) return Promise.reject(new ArchiveUnavailableError("archive: closed"));
    return new Promise((resolve, reject) => {
      const job: Job = {
        method,
        args,
        deadline: Date.now() + deadlineMs,
        resolve,
        reject,
        timer: null,
        thread: null,
      };
      job.timer = setTimeout(() => this.expire(job), deadlineMs);
      this.queue.push(job);
      this.dispatch();
    });
  }

  private open(slot: number): Thread | null {
    if (this.closed) return null;
    try {
      const thread = new Thread(
        this.setup,
        (lost, error) => this.lose(lost, error),
        () => this.dispatch(),
      );
      this.threads[slot] = thread;
      return thread;
    } catch (error) {
      for (const job of this.queue.splice(0))
        settle(job, new ArchiveUnavailableError(String(error)));
      return null;
    }
  }

  /**
   * Starts every thread not running, so that none is started on a reader's time (a thread
   * loads and opens its connection in a few hundred milliseconds); settles when they have.
   */
  fill(): Promise<void> {
    if (this.closed) return Promise.resolve();
    for (let slot = 0; slot < this.threads.length; slot++)
      if (this.threads[slot] === null) this.open(slot);
    return Promise.all(this.threads.map((thread) => thread?.ready)).then(() => undefined);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.threads.findIndex((thread) => thread === null || thread.job === null);
      if (slot < 0) return;
      const thread = this.threads[slot] ?? this.open(slot);
      if (!thread) return;
      thread.run(this.queue.shift()!);
    }
  }

  /** Past its deadline: out of the queue, or its thread ended and replaced. */
  private expire(job: Job): void {
    job.timer = null;
    const waiting = this.queue.indexOf(job);
    if (waiting >= 0) this.queue.splice(waiting, 1);
    const thread = job.thread;
    settle(
      job,
      new ArchiveUnavailableError(`archive: no answer to ${job.method} within its deadline`),
    );
    if (thread) {
      thread.job = null;
      this.drop(thread);
      void thread.worker.terminate();
      void this.fill();
      this.dispatch();
    }
  }

  /** A thread that failed or ended: what it was doing fails, and its place is taken anew. */
  private lose(thread: Thread, error: Error): void {
    const had = this.drop(thread);
    const job = thread.job;
    thread.job = null;
    if (job) settle(job, new ArchiveUnavailableError(error.message));
    if (had) void thread.worker.terminate();
    // Taken anew when next asked: a thread that cannot start (the file gone) is not retried
    // in a loop.
    this.dispatch();
  }

  private drop(thread: Thread): boolean {
    const slot = this.threads.indexOf(thread);
    if (slot < 0) return false;
    this.threads[slot] = null;
    return true;
  }

  private closed = false;

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0))
      settle(job, new ArchiveUnavailableError("archive: closed"));
    const threads = this.threads.splice(0).filter((thread) => thread !== null);
    await Promise.all(
      threads.map((thread) => {
        const job = thread.job;
        thread.job = null;
        if (job) settle(job, new ArchiveUnavailableError("archive: closed"));
        return thread.worker.terminate();
      }),
    );
  }
}

export class SqliteArchive implements ArchiveEngine {
  readonly kind = "sqlite" as const;
  private readonly writer: Pool;
  /** Null for ":memory:", whose one connection is the writer's. */
  private readonly readers: Pool | null;

  constructor(file: string, options: { storyWindowMs?: number } = {}) {
    // Its own path in each worker, whatever their working folders.
    const absolute = file === ":memory:" ? file : path.resolve(file);
    const storyWindowMs = options.storyWindowMs ?? STORY_WINDOW_MS;
    this.writer = new Pool({ file: absolute, role: "writer", storyWindowMs }, 1);
    this.readers =
      absolute === ":memory:"
        ? null
        : new Pool({ file: absolute, role: "reader", storyWindowMs }, READERS);
  }

  private call<T>(method: Method, args: unknown[], deadlineMs?: number): Promise<T> {
    const read = READS.has(method);
    const pool = read ? (this.readers ?? this.writer) : this.writer;
    const left = read ? timeLeft() : null;
    if (left !== null && left <= 0)
      return Promise.reject(new ArchiveUnavailableError(`archive: ${method} asked too late`));
    const deadline = deadlineMs ?? (read ? READ_DEADLINE_MS : WRITE_DEADLINE_MS);
    return pool.ask(method, args, Math.min(deadline, left ?? Infinity)) as Promise<T>;
  }

  /** Migrates on the writer, then starts the readers on the migrated file, and waits for them. */
  async migrate(): Promise<void> {
    await this.call<void>("migrate", [], MIGRATE_DEADLINE_MS);
    await this.readers?.fill();
  }

  record: ArchiveEngine["record"] = (...args) => this.call("record", args);
  syncCarriage: ArchiveEngine["syncCarriage"] = (...args) => this.call("syncCarriage", args);
  search: ArchiveEngine["search"] = (...args) => this.call("search", args);
  between: ArchiveEngine["between"] = (...args) => this.call("between", args);
  story: ArchiveEngine["story"] = (...args) => this.call("story", args);
  storiesOf: ArchiveEngine["storiesOf"] = (...args) => this.call("storiesOf", args);
  storyChanges: ArchiveEngine["storyChanges"] = (...args) => this.call("storyChanges", args);
  splitStory: ArchiveEngine["splitStory"] = (...args) => this.call("splitStory", args);
  countIn: ArchiveEngine["countIn"] = (...args) => this.call("countIn", args);
  nearest: ArchiveEngine["nearest"] = (...args) => this.call("nearest", args);
  span: ArchiveEngine["span"] = (...args) => this.call("span", args);
  wordsLike: ArchiveEngine["wordsLike"] = (...args) => this.call("wordsLike", args);
  withdraw: ArchiveEngine["withdraw"] = (...args) => this.call("withdraw", args);
  restore: ArchiveEngine["restore"] = (...args) => this.call("restore", args);
  withdrawals: ArchiveEngine["withdrawals"] = () => this.call("withdrawals", []);
  prune: ArchiveEngine["prune"] = (...args) => this.call("prune", args, PRUNE_DEADLINE_MS);
  groupStories: ArchiveEngine["groupStories"] = (...args) =>
    this.call("groupStories", args, PRUNE_DEADLINE_MS);

  async close(): Promise<void> {
    await Promise.all([this.writer.close(), this.readers?.close()]);
  }
}
