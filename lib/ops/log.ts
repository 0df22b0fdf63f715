import pino, { type DestinationStream, type Logger } from "pino";
import { parseLogFormat, type LogFormat } from "../env";
import { processSingleton } from "../process";

/**
 * Server-side logging in one place (pino). LOG_FORMAT=json writes one JSON object a line to
 * stdout for log collectors; the default writes readable lines, warnings and errors to stderr:
 *
 *   2026-11-23T12:00:00.000Z WARN  [404] /no-such-page
 *   2026-11-23T12:00:01.000Z ERROR [upstream] https://feeds.example/a.xml: HTTP 503 (serving the last good copy)
 *
 * Both are written synchronously by this process (no transport worker threads). Every event
 * carries an `event` field (not-found, upstream-error, refused, refresh, config) to filter on.
 */

function clean(value: string, max = 300): string {
  // Paths and upstream messages come from strangers: keep lines single-line and bounded.
  return value.replace(/[\u0000-\u001f\u007f]/g, "?").slice(0, max);
}

const LEVELS: Record<number, string> = {
  10: "TRACE",
  20: "DEBUG",
  30: "INFO ",
  40: "WARN ",
  50: "ERROR",
  60: "FATAL",
};
/** Fields already said by the message, or pino's own. */
const QUIET = new Set(["level", "time", "msg", "pid", "hostname", "event", "source", "detail"]);

/** One pino JSON line as a readable line. Exported for tests. */
export function formatTextLine(line: string): { text: string; level: number } {
  const record = JSON.parse(line) as Record<string, unknown>;
  const level = typeof record.level === "number" ? record.level : 30;
  const time =
    typeof record.time === "number" ? new Date(record.time).toISOString() : String(record.time);
  const extras = Object.entries(record)
    .filter(([key, value]) => !QUIET.has(key) && value !== undefined && value !== null)
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  const text = [time, LEVELS[level] ?? String(level), record.msg, ...extras].join(" ");
  return { text: `${text}\n`, level };
}

/** A synchronous destination that turns pino's JSON lines into readable ones. */
function textDestination(): DestinationStream {
  return {
    write(line: string) {
      const { text, level } = formatTextLine(line);
      (level >= 40 ? process.stderr : process.stdout).write(text);
    },
  };
}

export function createLogger(format: LogFormat, destination?: DestinationStream): Logger {
  const options = { base: undefined, timestamp: pino.stdTimeFunctions.epochTime };
  if (format === "json") {
    return pino(
      { ...options, timestamp: pino.stdTimeFunctions.isoTime },
      destination ?? pino.destination({ dest: 1, sync: true }),
    );
  }
  return pino(options, destination ?? textDestination());
}

// One logger per format for the process.
const loggers = processSingleton("loggers", () => new Map<LogFormat, Logger>());

/** The process's logger, in the format LOG_FORMAT asks for (readable text when unset or invalid). */
export function logger(): Logger {
  const format = parseLogFormat(process.env.LOG_FORMAT) ?? "text";
  let instance = loggers.get(format);
  if (!instance) {
    instance = createLogger(format);
    loggers.set(format, instance);
  }
  return instance;
}

export function logNotFound(path: string) {
  const shown = clean(path);
  logger().warn({ event: "not-found", path: shown }, `[404] ${shown}`);
}

/** An outside party failed (a feed, the blog host, the station); `fields` add context. */
export function logUpstreamError(
  source: string,
  detail: string,
  fields: Record<string, string | number | boolean | null | undefined> = {},
) {
  const s = clean(source);
  const d = clean(detail);
  logger().error(
    { event: "upstream-error", source: s, detail: d, ...fields },
    `[upstream] ${s}: ${d}`,
  );
}

/** A request the server would not make (a redirect into its own network). */
export function logRefused(source: string, detail: string) {
  const s = clean(source);
  const d = clean(detail);
  logger().warn({ event: "refused", source: s, detail: d }, `[refused] ${s}: ${d}`);
}

/** An editor's or a host's on-demand refresh. */
export function logRefresh(summary: string, fields: Record<string, unknown> = {}) {
  logger().info({ event: "refresh", ...fields }, `[refresh] ${clean(summary)}`);
}

/** A start-up configuration problem (the server stops, or runs on with a warning). */
export function logConfigProblem(message: string, fatal: boolean) {
  const line = message.replace(/\n+/g, " ").trim();
  if (fatal) logger().fatal({ event: "config" }, `[config] ${line}`);
  else logger().warn({ event: "config" }, `[config] ${line}`);
}
