import path from "node:path";
import { Worker } from "node:worker_threads";
import { timeLeft } from "../deadline";
import { STORY_WINDOW_MS } from "../stories/assign";
import { ArchiveUnavailableError, type ArchiveEngine } from "../types";
import type { SqliteDatabase } from "./database";
import type { Call, Reply, WorkerSetup } from "./worker";

/**
 * The embedded archive as the server holds it: SQLite in worker threads (worker.ts), never on
 * the thread that serves pages (node:sqlite is synchronous: a query run here would hold every
 * reader of the instance). WAL's model: one writer thread (migrations, records, carriage,
 * withdrawals, prunes, in the order asked) and READERS reader threads, each on a read-only
 * connection of its own, which never wait on the writer. A call waits for a started, free
 * thread of its kind. Every call has a deadline: a read what its caller has left of its wait
 * (deadline.ts; asked too late, it fails at once), READ_DEADLINE_MS at most; a write
 * WRITE_DEADLINE_MS. Past it the call fails with ArchiveUnavailableError, and a thread still
 * running it is ended (SQLite's work cut short, a write rolled back) and replaced: a query that
 * hangs costs one thread for a moment, never the server's thread nor the next reader.
 */

const READERS = 2;
export const READ_DEADLINE_MS = 1000;
const WRITE_DEADLINE_MS = 60_000;
/** A migration rewrites what is there (at ten million headlines, minutes). */
const MIGRATE_DEADLINE_MS = 30 * 60_000;
const PRUNE_DEADLINE_MS = 10 * 60_000;
/** A thread starts in a few hundred milliseconds; one not started by then is ended. */
const START_DEADLINE_MS = 30_000;

type Method = Exclude<keyof SqliteDatabase, "constructor">;

/**
 * The worker's file: in the production build, the worker chunk Turbopack makes of it (it sees
 * this `new Worker`); in Jest and the scripts, the file, its types stripped (docs/archive.md).
 */
const WORKER_FILE = path.join(process.cwd(), "lib", "archive", "sqlite", "worker.ts");

interface Job {
  method: string;
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout | null;
  thread: Thread | null;
}

class Thread {
  readonly worker: Worker;
  job: Job | null = null;
  /** Its connection is open: it takes calls. `ready` settles then, or when it ends. */
  isReady = false;
  private nextId = 0;
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
    // A start that never ends (the file held by another process) is ended.
    const starting = setTimeout(() => void this.worker.terminate(), START_DEADLINE_MS).unref();
    this.ready.then(() => clearTimeout(starting));
    this.worker.on("message", (reply: Reply) => {
      if (!("ready" in reply)) return this.answer(reply);
      this.isReady = true;
      this.started();
      this.idle();
    });
    this.worker.on("error", (error: Error) => this.lost(this, error));
    this.worker.on("exit", (code) => {
      this.started();
      this.lost(this, new ArchiveUnavailableError(`archive worker ended (${code})`));
    });
  }

  run(job: Job): void {
    this.job = job;
    job.thread = this;
    // Held while it works, so a script awaiting the archive is not left by its event loop.
    this.worker.ref();
    const call: Call = { id: ++this.nextId, method: job.method, args: job.args };
    this.worker.postMessage(call);
  }

  private answer(reply: Exclude<Reply, { ready: true }>): void {
    const job = this.job;
    if (!job || reply.id !== this.nextId) return;
    this.job = null;
    this.worker.unref();
    // Whatever SQLite said (a lock not had, a disk full), the one error callers handle.
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

  /**
   * Gives queued calls to threads that are started and free. A thread still starting is given
   * none: a call's deadline ends the call, never a thread that is not yet running it (a start
   * slower than a deadline, on a busy machine, would otherwise be ended and started again at
   * every call, and no call answered). Missing threads are started; each takes calls once ready.
   */
  private dispatch(): void {
    for (const thread of this.threads) {
      if (this.queue.length === 0) return;
      if (thread?.isReady && thread.job === null) thread.run(this.queue.shift()!);
    }
    if (this.queue.length > 0 && this.threads.includes(null)) void this.fill();
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
    if (!had) return this.dispatch();
    void thread.worker.terminate();
    // One that could not start (the file gone): what waits fails now, and a thread is started
    // again when next asked, not in a loop.
    if (!thread.isReady)
      for (const waiting of this.queue.splice(0))
        settle(waiting, new ArchiveUnavailableError(error.message));
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

  /** A read, on a reader's thread, within what its caller has left of its wait. */
  private read<T>(method: Method, args: unknown[]): Promise<T> {
    const left = timeLeft();
    if (left !== null && left <= 0)
      return Promise.reject(new ArchiveUnavailableError(`archive: ${method} asked too late`));
    const pool = this.readers ?? this.writer;
    return pool.ask(method, args, Math.min(READ_DEADLINE_MS, left ?? Infinity)) as Promise<T>;
  }

  /** A write, or a migration or a prune, on the writer's thread. */
  private write<T>(method: Method, args: unknown[], deadlineMs = WRITE_DEADLINE_MS): Promise<T> {
    return this.writer.ask(method, args, deadlineMs) as Promise<T>;
  }

  /** Migrates on the writer, then starts the readers on the migrated file, and waits for them. */
  async migrate(): Promise<void> {
    await this.write<void>("migrate", [], MIGRATE_DEADLINE_MS);
    await this.readers?.fill();
  }

  record: ArchiveEngine["record"] = (...args) => this.write("record", args);
  syncCarriage: ArchiveEngine["syncCarriage"] = (...args) => this.write("syncCarriage", args);
  search: ArchiveEngine["search"] = (...args) => this.read("search", args);
  between: ArchiveEngine["between"] = (...args) => this.read("between", args);
  story: ArchiveEngine["story"] = (...args) => this.read("story", args);
  storiesOf: ArchiveEngine["storiesOf"] = (...args) => this.read("storiesOf", args);
  storyChanges: ArchiveEngine["storyChanges"] = (...args) => this.read("storyChanges", args);
  splitStory: ArchiveEngine["splitStory"] = (...args) => this.write("splitStory", args);
  countIn: ArchiveEngine["countIn"] = (...args) => this.read("countIn", args);
  nearest: ArchiveEngine["nearest"] = (...args) => this.read("nearest", args);
  span: ArchiveEngine["span"] = (...args) => this.read("span", args);
  wordsLike: ArchiveEngine["wordsLike"] = (...args) => this.read("wordsLike", args);
  withdraw: ArchiveEngine["withdraw"] = (...args) => this.write("withdraw", args);
  restore: ArchiveEngine["restore"] = (...args) => this.write("restore", args);
  withdrawals: ArchiveEngine["withdrawals"] = () => this.read("withdrawals", []);
  prune: ArchiveEngine["prune"] = (...args) => this.write("prune", args, PRUNE_DEADLINE_MS);
  groupStories: ArchiveEngine["groupStories"] = (...args) =>
    this.write("groupStories", args, PRUNE_DEADLINE_MS);

  async close(): Promise<void> {
    await Promise.all([this.writer.close(), this.readers?.close()]);
  }
}
