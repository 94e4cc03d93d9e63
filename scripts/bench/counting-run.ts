// The visit-counting figures alone (`npm run bench` runs them with the rest): tsx scripts/bench/counting-run.ts
import { counting } from './counting';
import { formatTable } from './report';

console.log(formatTable(await counting()));
