import { useState } from 'react';

/** A site image as the page reads it at build time (lib/images.ts), with its description. */
export type GalleryImage = {
  name: string;
  src: string;
  srcset: string;
  width: number;
  height: number;
  alt: string;
};

/** The card's photos: one large, with a thumbnail button for each that shows it. */
export function CardGallery({ images }: { images: GalleryImage[] }) {
  const [shown, setShown] = useState(0);
  const current = images[shown] ?? images[0];
  if (!current) return null;

  return (
    <div className="card-gallery">
      <img
        className="card-gallery__main"
        src={current.src}
        srcSet={current.srcset}
        sizes="(max-width: 1000px) 92vw, 480px"
        width={current.width}
        height={current.height}
        alt={current.alt}
      />
      {images.length > 1 && (
        <ul className="card-gallery__thumbs" aria-label="Card photos">
          {images.map((image, index) => (
            <li key={image.name}>
              <button
                type="button"
                aria-label={`Show photo ${index + 1}: ${image.alt}`}
                aria-pressed={index === shown}
                onClick={() => setShown(index)}
              >
                <img src={image.src} width={image.width} height={image.height} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
