/**
 * The front door of lib/process: what one server process holds and how its work is paced.
 * One value per process (singleton.mjs), one flight per key (single-flight.ts), and a limiter
 * that runs a few tasks at a time, the urgent first (limiter.ts).
 */
export { PriorityLimiter, type Job } from "./limiter";
export { onShutdown } from "./shutdown";
export { SingleFlight } from "./single-flight";
export { processSingleton } from "./singleton.mjs";
