import { describe, expect, it } from 'vitest';
import { buildLadderGraph } from './filter-graph.ts';
import { planLadder } from './ladder.ts';

describe('buildLadderGraph', () => {
  it('scales each rung from the next larger one, largest first', () => {
    const rungs = planLadder({ width: 1920, height: 1080, fps: 30 });
    const { graph, outputs } = buildLadderGraph(rungs, 0, 30);
    const dar = 'setdar=1920/1080:max=100000';
    expect(outputs).toEqual(['v0', 'v1', 'v2', 'v3']);
    expect(graph.split(';')).toEqual([
      `[0:0]format=yuv420p,scale=1920:1080,${dar},split=2[v3][c0]`,
      `[c0]scale=1280:720,${dar},split=2[v2][c1]`,
      `[c1]scale=854:480,${dar},split=2[v1][c2]`,
      `[c2]scale=640:360,${dar}[v0]`,
    ]);
  });

  it('feeds the 120 fps variant first and decimates the ladder from it', () => {
    const rungs = planLadder({ width: 1280, height: 720, fps: 120 });
    const { graph } = buildLadderGraph(rungs, 1, 120);
    const dar = 'setdar=1280/720:max=100000';
    expect(graph.split(';')).toEqual([
      `[0:1]format=yuv420p,scale=1280:720,${dar},split=2[v3][c0]`,
      '[c0]fps=60,split=2[v2][c1]',
      `[c1]scale=854:480,${dar},split=2[v1][c2]`,
      `[c2]scale=640:360,${dar}[v0]`,
    ]);
  });

  it('decimates a fast source without a variant before scaling', () => {
    const rungs = planLadder({ width: 640, height: 360, fps: 90 });
    expect(buildLadderGraph(rungs, 0, 90).graph).toBe(
      '[0:0]format=yuv420p,fps=45,scale=640:360,setdar=640/360:max=100000[v0]',
    );
  });
});
