// The visit-counting figures alone (`npm run bench` runs them with the rest): tsx scripts/bench/counting-run.ts
import { counting } from './counting';
import { FULL_RUN, formatTable } from './report';

console.log(formatTable(await counting(FULL_RUN)));
