import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../../publishing/releases/commands.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "kp-commands-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("release commands through the helper process", () => {
  it("runs a command and answers with what it printed", async () => {
    await expect(runCommand("echo", ["klaar"])).resolves.toEqual({ stdout: "klaar\n", stderr: "" });
  });

  it("links a folder as the spares do, and removes it", async () => {
    await mkdir(path.join(dir, "release", "nieuws"), { recursive: true });
    await writeFile(path.join(dir, "release", "nieuws", "a.html"), "<p>a</p>");
    await runCommand("cp", ["-al", path.join(dir, "release"), path.join(dir, "spare")]);
    expect(existsSync(path.join(dir, "spare", "nieuws", "a.html"))).toBe(true);
    await runCommand("nice", ["-n", "19", "rm", "-rf", path.join(dir, "spare")]);
    expect(existsSync(path.join(dir, "spare"))).toBe(false);
  });

  it("rejects a failing command with its exit code and what it printed", async () => {
    const failure = await runCommand("ls", [path.join(dir, "nothing-here")]).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toContain("nothing-here");
  });

  it("stops a command when its signal is aborted, and reports it once the command has ended", async () => {
    const controller = new AbortController();
    // As the spares run their background commands: under nice, which becomes the command itself.
    const running = runCommand("nice", ["-n", "19", "sleep", "60"], { signal: controller.signal, killSignal: "SIGKILL" });
    controller.abort();
    // Stopped, not left to run out: the test's own time limit is a third of the command's.
    await expect(running).rejects.toMatchObject({ name: "AbortError" });
  });

  it("does not start a command whose signal is already aborted", async () => {
    const marker = path.join(dir, "never");
    await expect(runCommand("touch", [marker], { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
    expect(existsSync(marker)).toBe(false);
  });

  it("lets a process that ran a command end (the helper holds it open only while a command runs)", () => {
    const script = `const { runCommand } = await import(${JSON.stringify(path.resolve("publishing/releases/commands.ts"))}); await runCommand("true", []); console.log("ran");`;
    // The timeout only guards the test run against a process that never ends.
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: 30_000 });
    expect(output.trim()).toBe("ran");
  });
});
