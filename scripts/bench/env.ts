/**
 * The environment for a benchmark's child process: this process's own, plus the configuration the child needs
 * (DATA_DIR, PORT, PUBLIC_URL, SEED_DEMO…). The one place in the bench that reads process.env, and only to hand it
 * on unread to a child (PATH etc.); the child itself parses its configuration with readEnv() from api/env.ts.
 */
export function childEnv(config: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...config };
}
