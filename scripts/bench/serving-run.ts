// The serving figures alone (`npm run bench` runs them with the rest): tsx scripts/bench/serving-run.ts
import { FULL_RUN, formatTable } from './report';
import { serving } from './serving';

console.log(formatTable(await serving(FULL_RUN)));
