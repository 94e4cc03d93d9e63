import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { FPS, type Frame, H, W } from './compositor';

/** The encoders' settings: H.264 for every browser, VP9 for those that prefer WebM. No audio track in either. */
const MP4 = [
  '-c:v',
  'libx264',
  '-preset',
  'slow',
  '-pix_fmt',
  'yuv420p',
  '-movflags',
  '+faststart',
  '-crf',
  '28',
];
const WEBM = [
  '-c:v',
  'libvpx-vp9',
  '-pix_fmt',
  'yuv420p',
  '-b:v',
  '0',
  '-crf',
  '40',
  '-row-mt',
  '1',
  '-cpu-used',
  '2',
];

/**
 * Pipes raw RGB frames into one ffmpeg that writes both files. Frames are made on demand, so only a couple are in
 * memory at a time.
 */
export async function encode(
  frames: number,
  frameAt: (index: number) => Frame,
  outputs: { mp4: string; webm: string },
): Promise<void> {
  const input = ['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${W}x${H}`, '-r', String(FPS), '-i', 'pipe:0'];
  const args = ['-hide_banner', '-loglevel', 'error', '-y', ...input];
  // bitexact: no muxer version or random segment id, so a re-run with nothing changed writes identical files.
  args.push('-an', '-map_metadata', '-1', '-fflags', '+bitexact', ...MP4, outputs.mp4);
  args.push('-an', '-map_metadata', '-1', '-fflags', '+bitexact', ...WEBM, outputs.webm);
  const ffmpeg = spawn('ffmpeg', args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let errors = '';
  ffmpeg.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    errors += chunk;
  });
  const finished = new Promise<void>((resolve, reject) => {
    ffmpeg.once('error', (error) =>
      reject(
        new Error(`Could not run ffmpeg (${error.message}); install it with: apt-get install -y ffmpeg`),
      ),
    );
    ffmpeg.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}:\n${errors}`)),
    );
  });
  // Not awaited yet: a failed start is reported by `finished`, and writes to a dead pipe must not throw first.
  finished.catch(() => undefined);
  ffmpeg.stdin.on('error', () => undefined);
  for (let index = 0; index < frames && ffmpeg.exitCode === null; index++) {
    if (!ffmpeg.stdin.write(frameAt(index)))
      await Promise.race([once(ffmpeg.stdin, 'drain'), finished.catch(() => undefined)]);
  }
  ffmpeg.stdin.end();
  await finished;
}
