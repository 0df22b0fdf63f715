/** The bench scripts' command-line options: `--name value` and `--flag`. */
const args = process.argv.slice(2);

export const flag = (/** @type {string} */ name) => args.includes(name);

/**
 * The number after `name`, or `fallback` when it is not given; anything else stops the run.
 * @template {number | undefined} F
 * @param {string} name @param {F} fallback
 * @returns {number | F}
 */
export function numberOption(name, fallback) {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} takes a positive number, not "${args[at + 1] ?? ""}"`);
  }
  return value;
}
