import { z } from 'zod';

/**
 * The bench's own configuration, the one place in the bench that reads process.env. BENCH_POSTGRES_URL names the
 * PostgreSQL server the bench measures (the machine's own by default, trust auth); the bench makes a database of
 * its own there for each measurement and drops it afterwards.
 */
const benchEnvSchema = z.object({
  BENCH_POSTGRES_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^postgres(ql)?:\/\/./, 'BENCH_POSTGRES_URL must be a postgres:// URL')
      .default('postgres://postgres@127.0.0.1:5432/postgres'),
  ),
});

export const readBenchEnv = (source: NodeJS.ProcessEnv = process.env) => benchEnvSchema.parse(source);

/**
 * The environment for a benchmark's child process: this process's own, plus the configuration the child needs
 * (DATA_DIR, PORT, PUBLIC_URL, SEED_DEMO…), handed on unread (PATH etc.); the child itself parses its
 * configuration with readEnv() from api/env.ts.
 */
export function childEnv(config: Record<string, string>): NodeJS.ProcessEnv {
  // As `npm start` runs the server (package.json): React's production build, and fewer glibc malloc arenas.
  return {
    ...process.env,
    NODE_ENV: 'production',
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: '131072',
    ...config,
  };
}
