import type { PreviewImage } from './page-meta';

type Props = {
  title: string;
  description: string;
  url: string;
  siteName: string;
  image: PreviewImage;
};

/** Open Graph and Twitter card tags, so a link pasted into WhatsApp or Facebook shows the card, not a bare URL. */
export function ShareMeta({ title, description, url, siteName, image }: Props) {
  return (
    <>
      <link rel="canonical" href={url} />
      <meta property="og:type" content="profile" />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image.url} />
      <meta property="og:image:type" content={image.type} />
      <meta property="og:image:width" content={String(image.width)} />
      <meta property="og:image:height" content={String(image.height)} />
      <meta property="og:image:alt" content={image.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image.url} />
      <meta name="twitter:image:alt" content={image.alt} />
    </>
  );
}
