/**
 * Gathering sidebar names into families (src/site/name-families.ts) on a long list: 5,000
 * generated Java-like class names over many package prefixes (`com.example.p12.dto.Order37Dto`)
 * and springwolf-like `Headers-` heads. Prints the time of one call (median of 5) and the number
 * of rows it gives. `node bench/name-families.ts [count]`.
 */
import { performance } from 'node:perf_hooks';
import { nameFamilies } from '../src/site/name-families.ts';

const count = Number(process.argv[2] ?? 5000);
const names: string[] = [];
for (let i = 0; i < count; i++) {
  const kind = i % 5;
  if (kind === 0) names.push(`SpringKafkaDefaultHeaders-Payload${i}Dto`);
  else if (kind === 1) names.push(`com.example.team${i % 37}.events.v${i % 3}.Event${i}`);
  else if (kind === 2) names.push(`org.example.domain${i % 113}.dtos.Record${i}Dto`);
  else if (kind === 3) names.push(`io.github.svc${i % 251}.model.Thing${i}`);
  else names.push(`Standalone${i}`);
}
const times: number[] = [];
let rows = 0;
for (let run = 0; run < 5; run++) {
  const start = performance.now();
  rows = nameFamilies(names, (n) => n).length;
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
console.log(
  `nameFamilies: ${count} names → ${rows} rows in ${times[2]!.toFixed(1)} ms (median of 5; min ${times[0]!.toFixed(1)}, max ${times[4]!.toFixed(1)})`,
);
