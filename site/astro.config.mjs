import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { readEnv } from '../api/env';

// Configuration comes through api/env.ts like everything else; the site is rebuilt on every `npm start`.
const env = readEnv();

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  outDir: './dist',
  site: env.PUBLIC_URL,
  trailingSlash: 'never',
  build: { format: 'directory', inlineStylesheets: 'always' },
  compressHTML: true,
  integrations: [react()],
  vite: {
    define: {
      __CHAT_WIDGET_SRC__: JSON.stringify(env.CHAT_WIDGET_SRC),
      __SITE_PUBLIC_DIR__: JSON.stringify(fileURLToPath(new URL('./public', import.meta.url))),
    },
    server: { fs: { allow: ['..'] } },
  },
});
