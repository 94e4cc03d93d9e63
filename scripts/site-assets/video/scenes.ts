import { bezelOf, chromeHeight, SCREEN, VIDEO_VIEWPORT } from '../phone';
import type { ScrollShots } from '../screenshots';
import { CAPTIONS, SCENE_SECONDS, sceneStart, TRANSITION_SECONDS, totalSeconds } from './captions';
import { circle, draw, ease, type Frame, type Layer, mix, slide } from './compositor';
import { CAPTION_TOP, type Kit } from './layers';

const BEZEL = bezelOf(SCREEN.width);
const PHONE_X = (1280 - (SCREEN.width + 2 * BEZEL)) / 2;
const PHONE_Y = 44;
/** Raised so the bottom of the screen, with its Save My Number button, clears the caption bar. */
const PHONE_Y_UP = -90;
const K = SCREEN.width / VIDEO_VIEWPORT.width;
const CHROME = chromeHeight(SCREEN.width);
const PAGE_AREA = SCREEN.height - CHROME;
const ABOVE_CAPTION = { top: 0, height: CAPTION_TOP };

type Screen = (frame: Frame, x: number, y: number) => void;

export function makeScenes(kit: Kit, scroll: ScrollShots) {
  const demoPage =
    (scrollCss: number, highlight = false): Screen =>
    (frame, x, y) => {
      const offset = Math.round(Math.min(Math.max(0, scrollCss * K), kit.page.height - PAGE_AREA));
      draw(frame, kit.page, x, y + CHROME, { region: { top: offset, height: PAGE_AREA } });
      draw(frame, kit.cta, x, y + CHROME + scroll.ctaTop * K);
      draw(frame, highlight ? kit.chromeHighlight : kit.chrome, x, y);
    };
  const still =
    (layer: Layer, overlay?: Layer, opacity = 0): Screen =>
    (frame, x, y) => {
      draw(frame, layer, x, y);
      if (overlay) draw(frame, overlay, x, y, { opacity });
    };
  const phone = (frame: Frame, y: number, screen: Screen, body: Layer) => {
    screen(frame, PHONE_X + BEZEL, y + BEZEL);
    draw(frame, body, PHONE_X, y);
  };
  const start = (index: number) => {
    const frame = Buffer.from(kit.backdrop);
    return {
      frame,
      done: () => {
        draw(frame, kit.captions[index] as Layer, 0, CAPTION_TOP);
        return frame;
      },
    };
  };
  const cardAt = (frame: Frame, x: number) => draw(frame, kit.card, x, 10, { clip: ABOVE_CAPTION });
  const CARD_HOME = PHONE_X - 260;

  const scenes: ((t: number) => Frame)[] = [
    (t) => {
      const { frame, done } = start(0);
      const [left, right] = kit.sidePhones as [Layer, Layer];
      const inn = ease(t, 0.1, 0.9);
      draw(frame, left, 170 - (1 - inn) * 300, 90, { opacity: inn });
      draw(frame, right, 840 + (1 - inn) * 300, 90, { opacity: inn });
      const scrolled = scroll.servicesTop * (ease(t, 0.6, 1.9) - ease(t, 2.4, 3.0));
      phone(frame, PHONE_Y, demoPage(scrolled), kit.frameDark);
      return done();
    },
    (t) => {
      const { frame, done } = start(1);
      phone(frame, PHONE_Y, demoPage(0, t > 0.9), kit.frameDark);
      const shown = ease(t, 0.3, 0.9);
      draw(frame, kit.toast, 70 - (1 - shown) * 80, 250, { opacity: shown });
      const pill = ease(t, 0.8, 1.4);
      draw(frame, kit.pill, 860 + (1 - pill) * 60, 58, { opacity: pill });
      return done();
    },
    (t) => {
      const { frame, done } = start(2);
      cardAt(frame, -600 + (CARD_HOME + 600) * ease(t, 0.2, 1.3));
      phone(frame, PHONE_Y, still(kit.lock, kit.lockBanner, ease(t, 1.6, 2.0)), kit.frameCustomer);
      const pulse = ease(t, 1.3, 1.5) * (0.75 + 0.25 * Math.sin((t - 1.3) * 9));
      draw(frame, kit.signal, PHONE_X + SCREEN.width + 2 * BEZEL, 130, { opacity: pulse });
      return done();
    },
    (t) => {
      const { frame, done } = start(3);
      cardAt(frame, CARD_HOME - 900 * ease(t, 0.5, 1.4));
      phone(frame, PHONE_Y, demoPage(0), kit.frameCustomer);
      return done();
    },
    (t) => {
      const { frame, done } = start(4);
      const y = PHONE_Y + (PHONE_Y_UP - PHONE_Y) * ease(t, 0, 0.7);
      phone(frame, y, demoPage(0), kit.frameCustomer);
      const cx = PHONE_X + BEZEL + (scroll.button.x + scroll.button.width / 2) * K;
      const cy = y + BEZEL + CHROME + (scroll.button.y + scroll.button.height / 2) * K;
      const touch = ease(t, 1.0, 1.2) * (1 - ease(t, 1.9, 2.2));
      circle(
        frame,
        cx,
        cy,
        30 + 26 * ease(t, 1.2, 1.9),
        [255, 255, 255],
        0.45 * touch * (1 - ease(t, 1.2, 1.9)),
      );
      circle(frame, cx, cy, 20, [31, 41, 51], 0.35 * touch);
      return done();
    },
    (t) => {
      const { frame, done } = start(5);
      const y = PHONE_Y_UP + (PHONE_Y - PHONE_Y_UP) * ease(t, 0.3, 1.0);
      phone(frame, y, still(kit.contact), kit.frameCustomer);
      return done();
    },
  ];
  return scenes;
}

/** The frame at `seconds`: one scene, or two blended while one hands over to the next. */
export function frameAt(scenes: ((t: number) => Frame)[], seconds: number): Frame {
  const index = Math.min(CAPTIONS.length - 1, Math.floor(seconds / (SCENE_SECONDS - TRANSITION_SECONDS)));
  const scene = (at: number) => (scenes[at] as (t: number) => Frame)(seconds - sceneStart(at));
  const into = seconds - sceneStart(index);
  if (index === 0 || into >= TRANSITION_SECONDS) return scene(index);
  const p = ease(into, 0, TRANSITION_SECONDS);
  // Into the customer's phone (scene 3) the picture slides: a new person, a new phone.
  return index === 2 ? slide(scene(index - 1), scene(index), p) : mix(scene(index - 1), scene(index), p);
}

export const videoSeconds = () => totalSeconds(CAPTIONS.length);
