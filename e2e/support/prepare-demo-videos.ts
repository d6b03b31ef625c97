/**
 * Makes the demo videos of the browser tests' site ahead of its start (`npm test` runs this
 * beside the database tests): on a fresh clone the cache is empty, and the e2e server's first
 * start would otherwise spend minutes on ffmpeg before the first test. Entries are written by
 * rename when complete, so a start that comes first simply makes them itself.
 *   node e2e/support/prepare-demo-videos.ts <cache dir>
 */
import { prepareDemoVideos } from '../../apps/server/src/demo/seed-demo.ts';

const [cacheDir] = process.argv.slice(2);
if (!cacheDir) throw new Error('usage: node e2e/support/prepare-demo-videos.ts <cache dir>');
await prepareDemoVideos({
  cacheDir,
  onProgress: (line) => {
    console.log(`melon: ${line}`);
  },
});
