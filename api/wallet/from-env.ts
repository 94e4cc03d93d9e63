import { defaultCardContent } from '../../events/card/content';
import type { Env } from '../env';
import { StartupProblem } from '../process/startup-problem';
import { cardPassJson, plainImages } from './pass';
import { loadWalletSigner, type WalletSigner } from './signer';

/**
 * The signer configuration names, or null when it names none (readEnv refused half a configuration). One sample
 * pass is signed at start: a certificate the signing library cannot use (node-forge reads RSA only, the WWDR
 * certificate's included) stops start-up here rather than failing every download.
 */
export async function walletFromEnv(env: Env): Promise<WalletSigner | null> {
  if (!env.wallet) return null;
  const signer = loadWalletSigner(env.wallet);
  const content = { ...defaultCardContent(), full_name: 'Sample' };
  const sample = cardPassJson({
    signer,
    accountId: 'sample',
    username: 'sample',
    content,
    publicUrl: env.PUBLIC_URL,
    siteName: 'Sample',
  });
  // Loaded only where passes are signed (20 MB of a server that signs none: issue 29).
  const { buildPass } = await import('./build-pass');
  try {
    buildPass(signer.certificates, sample, await plainImages(content.button_bg_color));
  } catch (error) {
    throw new StartupProblem(
      `Apple Wallet passes cannot be signed with WALLET_SIGNER_CERT, WALLET_SIGNER_KEY and WALLET_WWDR_CERT: ${(error as Error).message}`,
    );
  }
  return signer;
}
