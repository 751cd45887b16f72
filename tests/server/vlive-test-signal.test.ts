/**
 * Without a media server (issue 31): live rooms play the built-in test signal and the room lists
 * say so (`testSignal`, the card's 测试信号), while the video call labels the stream `test`.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { VlivePaths, type VlivePage, type VliveRoom, type VliveVideo } from '../../workers/protocol/index';
import { api, startVlive, type VliveHarness } from './vlive-harness';

let h: VliveHarness;
beforeAll(async () => {
  h = await startVlive();
}, 60_000);
afterAll(async () => {
  await h?.close();
});

it('every live room on the test signal is listed as such, exactly the rooms whose video is labelled test', async () => {
  const rooms = await api<VlivePage<VliveRoom>>(h, 'GET', VlivePaths.rooms, { query: { type: 0, page: 1, size: 50 } });
  expect(rooms.data.list.length).toBeGreaterThan(0);
  let test = 0;
  for (const r of rooms.data.list) {
    const video = await api<VliveVideo>(h, 'GET', VlivePaths.video.replace(':id', r.id));
    expect({ id: r.id, testSignal: r.testSignal }).toEqual({
      id: r.id,
      testSignal: video.code === 200 && video.data.test,
    });
    if (r.testSignal) test++;
    // Listed as 直播中 only with something to play: the test signal, a broadcast or an outside stream.
    if (r.live) expect(video.code, r.id).toBe(200);
  }
  // The seeded world: most rooms play the built-in loop.
  expect(test).toBeGreaterThan(rooms.data.list.length / 2);
});
