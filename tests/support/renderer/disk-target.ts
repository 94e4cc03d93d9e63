import { diskStorageAt } from '../../../platform/storage/disk';
import type { RenderTarget } from '../../../renderer/render-account';

/** Renders into `publicDir` on the disk, as the default install does: the target a renderer test reads files from. */
export const diskTarget = (
  publicDir: string,
  publicUrl = 'https://tradecard.test',
  siteName = 'TradeCard',
  walletEnabled = false,
): RenderTarget => ({ publicDir, storage: diskStorageAt(publicDir), publicUrl, siteName, walletEnabled });
