import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";

/**
 * Searched after PATH: on Debian a normal user's PATH lacks the sbin folders, and nginx lives in
 * /usr/sbin even though any user may run it.
 */
const SBIN_FOLDERS = ["/usr/local/sbin", "/usr/sbin", "/sbin"];

/** The first of these paths that is an executable file, or null. */
export function firstExecutable(candidates: readonly string[]): string | null {
  return candidates.find(isExecutableFile) ?? null;
}

/** A command's full path: PATH first, then the sbin folders; null when it is not installed. */
export function findCommand(name: string, searchPath = process.env["PATH"] ?? ""): string | null {
  const folders = [...searchPath.split(path.delimiter).filter(Boolean), ...SBIN_FOLDERS];
  return firstExecutable(folders.map((folder) => path.join(folder, name)));
}

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
