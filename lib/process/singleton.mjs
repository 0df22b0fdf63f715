// @ts-check
/**
 * One value per server process, whoever asks for it.
 *
 * Why this is needed at all: Next.js loads each route (a page, a route handler, the
 * instrumentation hook) as a module instance of its own, and loads the cache handler
 * (lib/cache/*.mjs) unbundled beside them, so a module-level `const` exists once per instance,
 * not once per process. State that must be one for the whole process (the feed store, the
 * scheduler, the photo store, the metrics, the Redis connection, the feed versions the cache
 * handler judges entries by) is therefore kept on `globalThis`, under a name of its own, made
 * the first time any instance asks for it. This is the only place that says so.
 */

const PREFIX = "__riverbend:";

/**
 * The process's one value named `name`, made by `create` the first time it is asked for.
 * @template T
 * @param {string} name
 * @param {() => T} create
 * @returns {T}
 */
export function processSingleton(name, create) {
  const holder = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (globalThis));
  const key = PREFIX + name;
  if (!(key in holder)) holder[key] = create();
  return /** @type {T} */ (holder[key]);
}
