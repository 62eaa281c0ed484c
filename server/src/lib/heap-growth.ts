import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived the last full collection before it
 * collects again, in percent. V8's default grows it up to fourfold while a process allocates
 * fast, and a server under load allocates fast: garbage answers, and the Buffers they hold
 * outside the heap, piled up to 330 MiB of resident memory on PostgreSQL before a collection
 * brought it back near 150 MiB. With room for a quarter more, full collections come sooner, on a
 * smaller heap (most of their work runs beside the requests): the peak under bench:http's reads
 * fell from 330 to 230 MiB, for 5 to 10% fewer answers a second on the read that allocates most
 * (a member's movie page at 5,000 a second; docs/benchmarks.md, "The runs at 9bb4a10").
 */
export const HEAP_GROWING_PERCENT = 25;

/**
 * Sets the growth for the server process. V8 reads the flag each time it sets the next limit
 * after a collection, so setting it at start-up applies from the first one, however the server
 * is started (npm start, the bundle on plain Node, tsx in development).
 */
export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
