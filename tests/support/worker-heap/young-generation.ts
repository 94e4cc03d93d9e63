// Run with `node --max-semi-space-size=8 --import tsx` (platform/worker-heap.test.ts): starts a worker asking for a
// 3 MB young generation, plainly or through workerHeap as argv[2] says, makes it allocate, and prints the size its
// new space reached in MB.
import { Worker } from 'node:worker_threads';
import { workerHeap } from '../../../platform/worker-heap';

const ALLOCATE = `
const { getHeapSpaceStatistics } = require('node:v8');
let kept = [];
for (let i = 0; i < 2e6; i++) {
  kept.push({ i, text: 'visit ' + i });
  if (kept.length > 100000) kept = [];
}
const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
require('node:worker_threads').parentPort.postMessage(newSpace.space_size / 1048576);
`;

const resourceLimits =
  process.argv[2] === 'workerHeap' ? workerHeap({ youngMb: 3 }) : { maxYoungGenerationSizeMb: 3 };
const worker = new Worker(ALLOCATE, { eval: true, resourceLimits });
worker.once('message', async (megabytes: number) => {
  console.log(megabytes);
  await worker.terminate();
});
