import { onFileChanged } from '../../renderer/write-file';
import { createFileCache } from './file-cache';

/**
 * The process's one cache of served files (ADR 016). 64 MB holds every page of a few thousand profiles with their
 * gzip and brotli copies, the site and the fonts; a file over 1 MB (the site's video) is sent from its descriptor.
 */
export const sharedFileCache = createFileCache({ maxBytes: 64 * 1024 * 1024, maxFileBytes: 1024 * 1024 });

// The projector writes every page through writeFileAtomic in this process: a publish is served at once.
onFileChanged((file) => sharedFileCache.invalidate(file));
