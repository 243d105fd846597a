/**
 * The release folders' commands (`cp -al`, `rm -rf`, each under `nice` when in the background),
 * started by a small helper process instead of the publishing process. Starting a process stops
 * the one that starts it while the kernel copies its memory map, which grows with what it holds:
 * in a CPU profile of the publishing process at 5,000 articles, its spawns took 20 to 80 ms of its
 * main thread each, 116 ms of one live publish's 660 ms and 270 ms around the first publish after a
 * start. The helper holds next to nothing, so its spawns are quick, and nothing here waits for them.
 */
import { execFile, fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

export type CommandOptions = { signal?: AbortSignal | undefined; killSignal?: NodeJS.Signals | undefined };
export type CommandResult = { stdout: string; stderr: string };

type Call = { id: number; command: string; args: string[] };
type Kill = { kill: number; signal: NodeJS.Signals };
type Done = { id: number; stdout: string; stderr: string; error?: { message: string; code?: string | number | undefined } };

/** What a command may print before it is stopped (execFile's own limit is 1 MB). */
const MAX_OUTPUT = 16 * 1024 * 1024;

/** The error execFile gives for a command its signal stopped (or never started). */
const abortError = (): Error => Object.assign(new Error("The operation was aborted"), { name: "AbortError", code: "ABORT_ERR" });

let helper: ChildProcess | null = null;
const pending = new Map<number, { resolve: (result: CommandResult) => void; reject: (error: Error) => void; aborted: () => boolean }>();
let nextId = 1;

/** The helper keeps this process alive only while a command it runs is awaited. */
function holdOpen(child: ChildProcess, open: boolean): void {
  if (open) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

function helperProcess(): ChildProcess {
  if (helper?.connected) return helper;
  // None of this process's own flags (a profiler's, an inline script's input type): the helper runs this file alone.
  const child = fork(fileURLToPath(import.meta.url), ["--commands"], { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  child.on("message", (done: Done) => {
    const call = pending.get(done.id);
    pending.delete(done.id);
    if (pending.size === 0) holdOpen(child, false);
    if (!call) return;
    if (!done.error) return call.resolve({ stdout: done.stdout, stderr: done.stderr });
    // As execFile reports a command stopped by its signal: an AbortError, once the process has ended.
    const error = call.aborted() ? abortError() : Object.assign(new Error(done.error.message), { code: done.error.code });
    call.reject(Object.assign(error, { stdout: done.stdout, stderr: done.stderr }));
  });
  child.on("exit", () => {
    if (helper === child) helper = null;
    for (const call of pending.values()) call.reject(new Error("the command helper ended"));
    pending.clear();
  });
  helper = child;
  return child;
}

/** Runs `command` with `args` (no shell) as `promisify(execFile)` does; aborting `signal` stops it. */
export function runCommand(command: string, args: readonly string[], options: CommandOptions = {}): Promise<CommandResult> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(abortError());
  const child = helperProcess();
  const id = nextId++;
  return new Promise<CommandResult>((resolve, reject) => {
    const stop = (): void => void child.send({ kill: id, signal: options.killSignal ?? "SIGTERM" } satisfies Kill);
    signal?.addEventListener("abort", stop, { once: true });
    const settle =
      <T>(next: (value: T) => void) =>
      (value: T): void => {
        signal?.removeEventListener("abort", stop);
        next(value);
      };
    pending.set(id, { resolve: settle(resolve), reject: settle(reject), aborted: () => signal?.aborted ?? false });
    holdOpen(child, true);
    child.send({ id, command, args: [...args] } satisfies Call);
  });
}

/** The helper itself: runs each command it is sent and answers when it has ended. */
function serve(): void {
  const running = new Map<number, ChildProcess>();
  // Without the process that started it there is nobody to answer (commands under way finish).
  process.on("disconnect", () => process.exit(0));
  process.on("message", (message: Call | Kill) => {
    if ("kill" in message) return void running.get(message.kill)?.kill(message.signal);
    const { id } = message;
    const child = execFile(message.command, message.args, { maxBuffer: MAX_OUTPUT }, (error, stdout, stderr) => {
      running.delete(id);
      const failure = error ? { message: error.message, code: (error as { code?: string | number }).code } : undefined;
      process.send?.({ id, stdout, stderr, ...(failure ? { error: failure } : {}) } satisfies Done);
    });
    running.set(id, child);
  });
}

if (process.argv.includes("--commands") && process.send) serve();
