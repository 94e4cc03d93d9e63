import { parentPort, workerData } from 'node:worker_threads';
import decode from 'heic-decode';

// One HEIC photo decoded on its own thread: libheif's WebAssembly would otherwise hold the event loop for as long as
// it runs (seconds for a large photo), and a thread can be stopped when the save's time budget runs out.
const { bytes } = workerData as { bytes: Uint8Array };
const { width, height, data } = await decode({ buffer: bytes });
parentPort?.postMessage({ width, height, data }, [data.buffer as ArrayBuffer]);
