// `npm run check:generated` (CI runs it): every generated file is what the generator writes
// today. Installs GitHub's pinned description into a scratch folder (385 MB unpacked, so never
// into node_modules), runs `npm run generate:routes` on it, and fails when a committed file
// differs: a generator change must come with its regenerated files.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  DESCRIPTION_FILE,
  DESCRIPTION_PACKAGE,
  DESCRIPTION_VERSION,
  GENERATED_FILES,
} from "./github-description.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "rest-endpoint-description-"));
try {
  execFileSync(
    "npm",
    [
      "install",
      "--prefix",
      scratch,
      "--no-save",
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
      `${DESCRIPTION_PACKAGE}@${DESCRIPTION_VERSION}`,
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  const description = join(scratch, "node_modules", DESCRIPTION_PACKAGE, DESCRIPTION_FILE);
  execFileSync(process.execPath, ["scripts/generate-routes.js", "--from", description], {
    cwd: root,
    stdio: "inherit",
  });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
try {
  execFileSync("git", ["diff", "--exit-code", "--stat", "--", ...GENERATED_FILES], {
    cwd: root,
    stdio: "inherit",
  });
} catch {
  console.error(
    "Generated files differ from what the generator writes: run `npm run generate:routes` and commit them.",
  );
  process.exit(1);
}
console.log(`${GENERATED_FILES.length} generated files are as the generator writes them.`);
