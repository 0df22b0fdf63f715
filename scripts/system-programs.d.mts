/** Types of scripts/system-programs.mjs (plain JS: setup runs before TypeScript is installed). */
export interface SystemProgram {
  /** The command looked up on PATH (and in the sbin folders, and PostgreSQL's own). */
  program: string;
  /** The Debian and Ubuntu package that installs it. */
  package: string;
  /** The npm commands that use it. */
  needs: Array<"test" | "bench">;
  /** One line for the message. */
  why: string;
}
export const SYSTEM_PROGRAMS: SystemProgram[];
export function locate(program: string, env?: NodeJS.ProcessEnv): string | undefined;
export function missingPrograms(command: string, env?: NodeJS.ProcessEnv): SystemProgram[];
export function installCommand(packages: string[]): string;
export function ensureSystemPrograms(
  command: string,
  options?: { env?: NodeJS.ProcessEnv; log?: (line: string) => void },
): string[];
export function requireSystemPrograms(command: string): string[];
