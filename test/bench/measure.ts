import { performance } from 'node:perf_hooks';

export interface Measured {
  wallMs: number;
  cpuMs: number;
}

/** Wall-clock median of `runs` calls, with the CPU time of the median run (the machine may be shared). */
export async function measure(runs: number, fn: () => unknown): Promise<Measured> {
  const samples: Measured[] = [];
  for (let i = 0; i < runs; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    await fn();
    const used = process.cpuUsage(cpu);
    samples.push({ wallMs: performance.now() - start, cpuMs: (used.user + used.system) / 1000 });
  }
  samples.sort((a, b) => a.wallMs - b.wallMs);
  const median = samples[Math.floor(samples.length / 2)];
  return { wallMs: Math.round(median.wallMs), cpuMs: Math.round(median.cpuMs) };
}
