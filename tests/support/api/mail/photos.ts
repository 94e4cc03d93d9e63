import sharp from 'sharp';

type Attached = { filename?: string | undefined; contentType: string; content: Buffer };

/** A mail's attached photos as the owner's phone reads them: each one's name, type, format, longer side, any EXIF. */
export const photosIn = (mail: { attachments: Attached[] }) =>
  Promise.all(
    mail.attachments.map(async (file) => {
      const meta = await sharp(file.content).metadata();
      return {
        filename: file.filename,
        contentType: file.contentType,
        format: meta.format,
        longerSide: Math.max(meta.width ?? 0, meta.height ?? 0),
        exif: meta.exif !== undefined,
      };
    }),
  );
