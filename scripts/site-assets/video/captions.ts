/** The video's captions, in order: one per scene. */
export const CAPTIONS = [
  'Build your page: photos, services, prices and reviews',
  'Publish it at your own address',
  'Tap your TradeCard on a customer’s phone',
  'Your page opens — no app needed',
  'They tap Save My Number',
  'Your details are in their contacts',
];

/** Seconds each scene is on screen, including the half of each transition it shares with a neighbour. */
export const SCENE_SECONDS = 3.4;
export const TRANSITION_SECONDS = 0.5;

export const sceneStart = (index: number) => index * (SCENE_SECONDS - TRANSITION_SECONDS);
export const totalSeconds = (scenes: number) => sceneStart(scenes - 1) + SCENE_SECONDS;

const stamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/** WebVTT: each caption from the middle of the transition into its scene to the middle of the one out of it. */
export function captionsVtt(): string {
  const total = totalSeconds(CAPTIONS.length);
  const cues = CAPTIONS.map((caption, index) => {
    const start = index === 0 ? 0 : sceneStart(index) + TRANSITION_SECONDS / 2;
    const end = index === CAPTIONS.length - 1 ? total : sceneStart(index + 1) + TRANSITION_SECONDS / 2;
    return `${index + 1}\n${stamp(start)} --> ${stamp(end)}\n${caption}`;
  });
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
