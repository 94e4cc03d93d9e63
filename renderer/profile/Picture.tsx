import { safeImageSrc, safeSrcset } from './safe-href';
import type { ImageSource } from './view-model';

type Props = { image: ImageSource; alt: string; sizes: string; className?: string; eager?: boolean };

/**
 * Width and height reserve the space before the bytes arrive; only the first image on the page is fetched eagerly,
 * the rest wait until they are near the viewport.
 */
export function Picture({ image, alt, sizes, className, eager = false }: Props) {
  const src = safeImageSrc(image.src);
  if (src === undefined) return null;
  const srcSet = safeSrcset(image.srcset);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      className={className}
      loading={eager ? undefined : 'lazy'}
      decoding={eager ? undefined : 'async'}
      fetchPriority={eager ? 'high' : undefined}
    />
  );
}
