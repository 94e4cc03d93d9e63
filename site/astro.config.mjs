import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { BUILT_ORIGIN } from '../contract/site-config';

// Built once per release, for no address in particular (ADR 040): every absolute address names BUILT_ORIGIN, which
// the server replaces with its PUBLIC_URL at start, and the chat widget's address reaches the pages at run time.
// So nothing here reads the environment, and a change of PUBLIC_URL or CHAT_WIDGET_SRC builds nothing.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  outDir: './dist',
  site: BUILT_ORIGIN,
  trailingSlash: 'never',
  build: { format: 'directory', inlineStylesheets: 'always' },
  compressHTML: true,
  integrations: [react()],
  vite: {
    define: {
      __SITE_PUBLIC_DIR__: JSON.stringify(fileURLToPath(new URL('./public', import.meta.url))),
    },
    server: { fs: { allow: ['..'] } },
  },
});
