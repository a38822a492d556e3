// Integer options of the benchmarks: a flag, else an environment variable, else the default; out of range exits 2.

export function intOption(
  name: string,
  fromArgv: string | undefined,
  envName: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = fromArgv ?? process.env[envName];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || +raw < min || +raw > max) {
    console.error(`--${name} / ${envName}: expected an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return +raw;
}
