import type { ShareImage } from './page-meta';

type Props = {
  title: string;
  description: string;
  url: string;
  siteName: string;
  image: ShareImage | undefined;
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
      {image && <meta property="og:image" content={image.url} />}
      {image && <meta property="og:image:width" content={String(image.width)} />}
      {image && <meta property="og:image:height" content={String(image.height)} />}
      {image && <meta property="og:image:alt" content={image.alt} />}
      <meta name="twitter:card" content={image?.large ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {image && <meta name="twitter:image" content={image.url} />}
    </>
  );
}
