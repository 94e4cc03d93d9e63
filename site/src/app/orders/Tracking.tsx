export const STILL_PROCESSING =
  'Your card is still being processed. We’ll email you when tracking is available.';

/** The carrier's tracking page once an admin has added it; until then, SPEC §8's hourglass note. */
export function Tracking({ url }: { url: string | null }) {
  if (url) {
    return (
      <a className="button" href={url} target="_blank" rel="noopener noreferrer">
        Track order<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <p className="hourglass">
      <svg
        className="hourglass__icon"
        viewBox="0 0 24 24"
        width="22"
        height="22"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="M6 2h12v2h-1v3.5a5 5 0 0 1-2.6 4.4L13.2 12l1.2.6A5 5 0 0 1 17 17v3h1v2H6v-2h1v-3a5 5 0 0 1 2.6-4.4l1.2-.6-1.2-.6A5 5 0 0 1 7 7.5V4H6V2Zm3 2v3.5a3 3 0 0 0 1.6 2.7L13 11.4l2.4-1.2A3 3 0 0 0 15 7.5V4H9Zm3 9.6-2.4 1.2A3 3 0 0 0 9 17v3h6v-3a3 3 0 0 0-1.6-2.7L12 13.6Z"
          fill="currentColor"
        />
      </svg>
      <span>{STILL_PROCESSING}</span>
    </p>
  );
}
