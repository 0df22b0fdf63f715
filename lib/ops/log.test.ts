import type { DestinationStream } from "pino";
import { createLogger, formatTextLine } from "./log";

function capture(format: "json" | "text") {
  const lines: string[] = [];
  const destination: DestinationStream = { write: (line: string) => void lines.push(line) };
  return { logger: createLogger(format, destination), lines };
}

describe("logger", () => {
  it("LOG_FORMAT=json: one JSON object a line, with the event's fields", () => {
    const { logger, lines } = capture("json");
    logger.warn({ event: "not-found", path: "/nope" }, "[404] /nope");
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0]!);
    expect(record).toMatchObject({
      level: 40,
      event: "not-found",
      path: "/nope",
      msg: "[404] /nope",
    });
    expect(new Date(record.time).toString()).not.toBe("Invalid Date");
  });

  it("text: a readable line with the time, the level, the message and extra fields", () => {
    const { logger, lines } = capture("json");
    logger.error(
      {
        event: "upstream-error",
        source: "https://feeds.example/a.xml",
        detail: "HTTP 503",
        httpStatus: 503,
      },
      "[upstream] https://feeds.example/a.xml: HTTP 503",
    );
    const { text, level } = formatTextLine(lines[0]!);
    expect(level).toBe(50);
    expect(text).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z ERROR \[upstream\] https:\/\/feeds\.example\/a\.xml: HTTP 503 httpStatus=503\n$/,
    );
  });
});
