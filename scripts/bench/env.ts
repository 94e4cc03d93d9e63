/**
 * The environment for a benchmark's child process: this process's own, plus the configuration the child needs
 * (DATA_DIR, PORT, PUBLIC_URL, SEED_DEMO…). The one place in the bench that reads process.env, and only to hand it
 * on unread to a child (PATH etc.); the child itself parses its configuration with readEnv() from api/env.ts.
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
