// Latency histograms of the loads (bench/http-load.ts): autocannon records every 2xx answer's
// latency in an HdrHistogram and hands it over compressed in base64; slices of a load taken in
// turn with others merge into one (bench/processes.ts combineSlices), so that a figure's p99 is of
// all its requests.
import { decodeFromCompressedBase64, encodeIntoCompressedBase64 } from 'hdr-histogram-js';

/** p50, p90, p99 and max (ms) of a latency histogram, as autocannon reports them. */
export function latencyOf(histogram: string): { p50: number; p90: number; p99: number; max: number } {
  const h = decodeFromCompressedBase64(histogram);
  try {
    const at = (percentile: number) => h.getValueAtPercentile(percentile);
    return { p50: at(50), p90: at(90), p99: at(99), max: h.maxValue };
  } finally {
    h.destroy();
  }
}

/** One histogram of all the latencies of `histograms`. */
export function mergeHistograms(histograms: string[]): string {
  const [first, ...rest] = histograms.map((b) => decodeFromCompressedBase64(b));
  if (!first) throw new Error('no histogram to merge');
  for (const h of rest) {
    first.add(h);
    h.destroy();
  }
  try {
    return encodeIntoCompressedBase64(first);
  } finally {
    first.destroy();
  }
}
