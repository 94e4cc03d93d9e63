import { parentPort } from 'node:worker_threads';
import { buildPass } from './build-pass';
import type { SignJob, SignReply } from './sign-thread';

// The thread that signs passes (sign-thread.ts): node-forge's RSA signature is pure JavaScript, about 50 ms a pass.
parentPort?.on('message', ({ id, certificates, json, images }: SignJob) => {
  let reply: SignReply;
  try {
    const pass = buildPass(
      certificates,
      json,
      Object.fromEntries(Object.entries(images).map(([name, bytes]) => [name, Buffer.from(bytes)])),
    );
    reply = { id, ok: true, pass: new Uint8Array(pass) };
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply, reply.ok ? [reply.pass.buffer as ArrayBuffer] : []);
});
