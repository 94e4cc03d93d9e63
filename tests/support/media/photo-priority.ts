import { setPhotoPriority } from '../../../api/media/render-priority';

// The suites' photos are decoded at normal priority: see PHOTOS_BESIDE_THE_SUITE in vitest.config.ts.
setPhotoPriority('normal');
