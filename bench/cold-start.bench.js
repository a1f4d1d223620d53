// Cold start: a new process imports the package and makes its first call.
import { execFileSync } from "node:child_process";

const script = (specifier) =>
  `const t0 = performance.now(); const { endpoint } = await import(${JSON.stringify(specifier)}); ` +
  `endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }); console.log(performance.now() - t0);`;

function coldStart(specifier) {
  const samples = [];
  for (let i = 0; i < 15; i++) {
    samples.push(
      Number(
        execFileSync(process.execPath, ["--input-type=module", "-e", script(specifier)], {
          encoding: "utf8",
        }),
      ),
    );
  }
  return samples.sort((a, b) => a - b)[7];
}

const ours = coldStart("rest-endpoint");
const theirs = coldStart("@octokit/endpoint");
console.log("\nCold start: import and first call in a new process (median of 15)");
console.log("| case | ms |");
console.log("|---|---:|");
console.log(`| rest-endpoint | ${ours.toFixed(2)} |`);
console.log(`| @octokit/endpoint | ${theirs.toFixed(2)} |`);
