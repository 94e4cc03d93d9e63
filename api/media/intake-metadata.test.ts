import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  BLUE,
  expectColour,
  pixelAt,
  RED,
  tempDirPerTest,
  twoTone,
} from '../../tests/support/api/media/images';
import { expectStored } from '../../tests/support/media/stored';
import { ingestImage } from './intake';
import { storedFile } from './stored';

const dir = tempDirPerTest();
const fixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../../tests/support/api/media/fixtures', name));
const file = (id: string, width: number) => storedFile(dir.media(), id, width);

describe('ingestImage: HEIC', () => {
  it('decodes HEIC and ignores its EXIF orientation, which HEIF readers must not apply', async () => {
    // photo.heic's EXIF says Orientation 6 and has GPS; it has no irot box, so it displays as coded: 120×90.
    const ref = await ingestImage(fixture('photo.heic'), dir.storage(), 'Cover photo');
    await expectStored(dir.media(), ref, [[120, 90]]);
    expectColour(await pixelAt(file(ref.id, 120), 10, 45), RED, 40);
    expectColour(await pixelAt(file(ref.id, 120), 110, 45), BLUE, 40);
  });

  it('applies the irot transform exactly once (libheif does it while decoding)', async () => {
    // Like an iPhone photo: irot (90° anticlockwise) plus EXIF Orientation 6. Rotating twice would give 120×90.
    const heic = fixture('photo-irot.heic');
    // A view into a larger buffer (as Node's pooled Buffers are) must decode the same as a standalone one.
    const view = Buffer.concat([Buffer.from('padding'), heic]).subarray(7);
    const ref = await ingestImage(view, dir.storage(), 'Cover photo');
    await expectStored(dir.media(), ref, [[90, 120]]);
    expectColour(await pixelAt(file(ref.id, 90), 45, 10), BLUE, 40);
    expectColour(await pixelAt(file(ref.id, 90), 45, 110), RED, 40);
  });
});

describe('ingestImage: orientation and metadata', () => {
  it('rotates by EXIF orientation and drops the EXIF', async () => {
    // Orientation 6: the camera was turned clockwise, so the left (red) side belongs at the top.
    const jpeg = await (await twoTone(400, 300)).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const ref = await ingestImage(jpeg, dir.storage(), 'Work image 3');
    await expectStored(dir.media(), ref, [[300, 400]]);
    expectColour(await pixelAt(file(ref.id, 300), 150, 10), RED, 40);
    expectColour(await pixelAt(file(ref.id, 300), 150, 390), BLUE, 40);
  });

  it('strips GPS EXIF, XMP and non-sRGB ICC profiles', async () => {
    const jpeg = await (await twoTone(800, 600))
      .withExif({
        IFD0: { Make: 'PhoneCo', Artist: 'Customer Name' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 0/1',
        },
      })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>')
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    const input = await sharp(jpeg).metadata();
    expect([!!input.exif, !!input.xmp, !!input.icc]).toEqual([true, true, true]);
    expect(jpeg.includes('PhoneCo')).toBe(true);

    const ref = await ingestImage(jpeg, dir.storage(), 'Work image 4');
    await expectStored(dir.media(), ref, [
      [320, 240],
      [640, 480],
      [800, 600],
    ]);
    for (const width of ref.widths) {
      const bytes = fs.readFileSync(file(ref.id, width));
      for (const text of ['PhoneCo', 'Customer Name', 'xmpmeta']) expect(bytes.includes(text)).toBe(false);
    }
  });
});
