// A small benchmark harness: every case runs in every round, in a rotating order, so that the
// machine's drift hits all of them alike; the result of a case is the median of its rounds.

/** Nanoseconds per call of `run` (which makes `callsPerRun` calls), timed for about `ms`. */
function measure(run, callsPerRun, ms) {
  let runs = 1;
  for (;;) {
    const start = performance.now();
    for (let i = 0; i < runs; i++) run();
    const elapsed = performance.now() - start;
    if (elapsed >= ms) return (elapsed * 1e6) / (runs * callsPerRun);
    runs = elapsed < 1 ? runs * 10 : Math.ceil((runs * ms * 1.1) / elapsed);
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Runs `cases` ({ name, run, calls }) for `rounds` interleaved rounds after a warm-up;
 * returns { name, ns, rounds } with the median nanoseconds per call.
 */
export function compare(cases, { rounds = 7, ms = 300, warmupMs = 300 } = {}) {
  for (const c of cases) measure(c.run, c.calls, warmupMs);
  const samples = cases.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < cases.length; k++) {
      const index = (k + round) % cases.length;
      const c = cases[index];
      samples[index].push(measure(c.run, c.calls, ms));
    }
  }
  return cases.map((c, i) => ({ name: c.name, ns: median(samples[i]), rounds: samples[i] }));
}

/** Prints a table: time per call, calls per second, and each case against the reference. */
export function report(title, results, reference) {
  const base = results.find((r) => r.name === reference) ?? results[0];
  console.log(`\n${title}`);
  console.log(`| case | per call | calls/s | vs ${base.name} |`);
  console.log("|---|---:|---:|---:|");
  for (const r of results) {
    const perCall = r.ns >= 1000 ? `${(r.ns / 1000).toFixed(2)} µs` : `${r.ns.toFixed(0)} ns`;
    const ratio = base.ns / r.ns;
    console.log(
      `| ${r.name} | ${perCall} | ${Math.round(1e9 / r.ns).toLocaleString("en-US")} | ${ratio >= 1 ? `${ratio.toFixed(1)}x faster` : `${(1 / ratio).toFixed(1)}x slower`} |`,
    );
  }
}
