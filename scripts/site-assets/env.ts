/**
 * The environment for the child server: this process's own, plus the configuration the server needs (DATA_DIR,
 * PORT, PUBLIC_URL, SEED_DEMO). The one place in the asset scripts that reads process.env, and only to hand it on
 * unread to the child (PATH etc.); the child parses its configuration with readEnv() from api/env.ts.
 */
export function childEnv(config: Record<string, string>): NodeJS.ProcessEnv {
  // As `npm start` runs the server (package.json): React's production build, and fewer glibc malloc arenas.
  return { ...process.env, NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', ...config };
}
