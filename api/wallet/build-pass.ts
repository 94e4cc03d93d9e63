import { PassType, PKPass } from 'passkit-generator';
import type { CardPassJson } from './pass';
import type { WalletSigner } from './signer';

/** The signed .pkpass (a zip of pass.json, the images, manifest.json and its PKCS#7 signature). */
export function buildPass(
  certificates: WalletSigner['certificates'],
  json: CardPassJson,
  images: Record<string, Buffer>,
): Buffer {
  const { generic, barcodes, ...props } = json;
  const pass = new PKPass(images, certificates, props);
  const style = new PassType('generic');
  style.primaryFields.push(...generic.primaryFields);
  style.secondaryFields.push(...generic.secondaryFields);
  style.backFields.push(...generic.backFields);
  pass.types.push(style);
  pass.setBarcodes(...barcodes);
  return pass.getAsBuffer();
}
